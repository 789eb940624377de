"""Alembic migrations for the server database (run programmatically by ``upgrade_schema``)."""
