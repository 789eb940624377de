# Headless Chromium for the browser tests (Playwright drives Debian's build, never its own).
# Sourced by scripts/test.sh; idempotent: skipped when /usr/bin/chromium exists.  apt's own
# output goes to a log file; one line says what is being installed, one what came of it.
if [ ! -x /usr/bin/chromium ]; then
    chromium_log="${TMPDIR:-/tmp}/turncoat-setup-chromium.log"
    echo "setup.d/chromium.sh: installing Chromium (Debian package) for the browser tests… (log: $chromium_log)" >&2
    export DEBIAN_FRONTEND=noninteractive
    if { apt-get update && apt-get install -y chromium chromium-driver; } >"$chromium_log" 2>&1; then
        echo "setup.d/chromium.sh: Chromium installed" >&2
    else
        echo "setup.d/chromium.sh: could not install chromium (see $chromium_log); the browser tests will be skipped" >&2
    fi
fi
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
