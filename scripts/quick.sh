#!/usr/bin/env bash
# The fast loop while working: every test but the slow ones (browser, tmux, whole games through a
# UI, killed servers; see tests/conftest.py), on 2 processes, no lint and no system packages.
# Arguments go to pytest, e.g. `bash scripts/quick.sh tests/sim -x`.  CI runs scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
export UV_PYTHON_DOWNLOADS=never
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
exec uv run --locked --group dev pytest -n 2 -m "not slow" "$@"
