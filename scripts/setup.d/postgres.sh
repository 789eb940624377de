# Sourced by scripts/test.sh: PostgreSQL binaries (Debian bookworm: 15) for the storage tests
# (tests/server), which start their own throwaway cluster with them.  Idempotent; exports nothing.
# apt's own output goes to a log file; one line says what is being installed, one what came of it.
# Without root we cannot install, so say so and go on: the tests then skip (or fail under CI=true).
if ! compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        postgres_log="${TMPDIR:-/tmp}/turncoat-setup-postgres.log"
        echo "setup.d/postgres.sh: installing PostgreSQL (Debian package) for the storage tests… (log: $postgres_log)" >&2
        if { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; } >"$postgres_log" 2>&1; then
            echo "setup.d/postgres.sh: PostgreSQL installed" >&2
        else
            echo "setup.d/postgres.sh: could not install PostgreSQL (see $postgres_log)" >&2
            false
        fi
    else
        echo "postgres.sh: PostgreSQL is not installed and we are not root; its tests will skip" >&2
    fi
fi
