# Headless Chromium for the browser tests (Playwright drives Debian's build, never its own).
# Sourced by scripts/test.sh; idempotent and quiet: skipped when /usr/bin/chromium exists.
if [ ! -x /usr/bin/chromium ]; then
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update && apt-get install -y chromium chromium-driver; } >/dev/null 2>&1 \
        || echo "setup.d/chromium.sh: could not install chromium; the browser tests will be skipped" >&2
fi
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
