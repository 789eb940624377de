#!/usr/bin/env bash
# Install everything the tests need (into .venv) and run the whole check: lint, types, layers, tests.
# Arguments go to pytest, e.g. `bash scripts/test.sh -m "not slow"` (scripts/quick.sh is the fast loop).
set -euo pipefail
cd "$(dirname "$0")/.."
export UV_PYTHON_DOWNLOADS=never
say() { printf 'test.sh: %s\n' "$*" >&2; }
if ! command -v uv >/dev/null 2>&1; then
    say "installing uv with pip…"
    python3 -m pip install --quiet "uv==0.13.9"
fi
# The game needs only the runtime packages (`uv run turncoat …`); the tests also need the dev group.
say "installing the Python packages from uv.lock, the test tools included…"
uv sync --locked --group dev --quiet
# Services and system packages some tests need (a browser, a database cluster) are set up by the
# scripts in scripts/setup.d/, each idempotent; they export what the tests read (e.g. CHROMIUM).
for setup in scripts/setup.d/*.sh; do
    [ -e "$setup" ] || continue
    # shellcheck source=/dev/null
    source "$setup"
done
run() { uv run --locked --group dev "$@"; }
say "ruff, mypy --strict, lint-imports…"
run ruff check .
run ruff format --check .
run mypy
run lint-imports
say "pytest…"
run pytest -n 2 "$@"
