#!/usr/bin/env bash
# Install everything the tests need (into .venv) and run the whole check: lint, types, layers, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export UV_PYTHON_DOWNLOADS=never
command -v uv >/dev/null 2>&1 || python3 -m pip install --quiet "uv==0.13.9"
uv sync --locked --quiet
uv run ruff check .
uv run ruff format --check .
uv run mypy
uv run lint-imports
uv run pytest -n 2 "$@"
