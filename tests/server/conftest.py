"""Fixtures for the server tests (database fixtures live in db_fixtures.py)."""

from __future__ import annotations

from tests.server.db_fixtures import database_url, pg_cluster

__all__ = ["database_url", "pg_cluster"]
