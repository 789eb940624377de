# Sourced by scripts/test.sh: PostgreSQL binaries (Debian bookworm: 15) for the storage tests
# (tests/server), which start their own throwaway cluster with them.  Idempotent and quiet;
# exports nothing.  Without root we cannot install, so say so and go on: the tests then skip
# (or fail under CI=true).
if ! compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    else
        echo "postgres.sh: PostgreSQL is not installed and we are not root; its tests will skip" >&2
    fi
fi
