"""Fixtures for the server tests (database fixtures live in db_fixtures.py, the browser in
browser_support.py)."""

from __future__ import annotations

from tests.server.browser_support import browser
from tests.server.db_fixtures import database_url, pg_cluster

__all__ = ["browser", "database_url", "pg_cluster"]
