#!/usr/bin/env bash
# Install everything the tests need (into .venv) and run the whole check: lint, types, layers, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export UV_PYTHON_DOWNLOADS=never
command -v uv >/dev/null 2>&1 || python3 -m pip install --quiet "uv==0.13.9"
uv sync --locked --quiet
# Services and system packages some tests need (a browser, a database cluster) are set up by the
# scripts in scripts/setup.d/, each idempotent; they export what the tests read (e.g. CHROMIUM).
for setup in scripts/setup.d/*.sh; do
    [ -e "$setup" ] || continue
    # shellcheck source=/dev/null
    source "$setup"
done
uv run ruff check .
uv run ruff format --check .
uv run mypy
uv run lint-imports
uv run pytest -n 2 "$@"
