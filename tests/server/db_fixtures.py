"""Database fixtures for the server tests: SQLite in a temp dir, or a throwaway PostgreSQL.

``database_url`` is parametrized over both back-ends, so every storage test runs on each.  The
PostgreSQL cluster is started once per pytest process (each xdist worker has its own, on its own
free port) with ``initdb`` + ``pg_ctl`` in a temp dir, listening on 127.0.0.1 only, its unix socket
inside that dir; it is stopped and removed at the end.  As root (CI) the cluster runs as the
``postgres`` user, since PostgreSQL refuses to run as root.  Without the binaries the PostgreSQL
cases skip, except under ``CI=true``, where a broken setup must fail loudly instead.
"""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest


def _pg_bin() -> Path:
    """Debian's PostgreSQL 15 (what production runs), else the newest version installed."""
    preferred = Path("/usr/lib/postgresql/15/bin")
    if (preferred / "pg_ctl").exists():
        return preferred
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else preferred


PG_BIN = _pg_bin()
PG_USER = "turncoat"


@dataclass(frozen=True)
class PgCluster:
    data_dir: Path
    port: int
    password: str
    started_in_s: float

    def url(self, dbname: str) -> str:
        return f"postgresql://{PG_USER}:{self.password}@127.0.0.1:{self.port}/{dbname}"

    def admin(self) -> psycopg.Connection[Any]:
        return psycopg.connect(
            host="127.0.0.1",
            port=self.port,
            user=PG_USER,
            password=self.password,
            dbname="postgres",
            autocommit=True,
        )

    def create_database(self, name: str) -> None:
        with self.admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')

    def drop_database(self, name: str) -> None:
        with self.admin() as conn:  # FORCE: a killed server process may have left a session
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is required in CI: {reason} (see scripts/setup.d/postgres.sh)")
    pytest.skip(f"PostgreSQL tests need {reason}")


def _run_as() -> dict[str, Any]:
    """subprocess arguments that drop root to the postgres user (PostgreSQL refuses root)."""
    if os.geteuid() != 0:
        return {}
    try:
        pw = pwd.getpwnam("postgres")
    except KeyError:
        _unavailable("a 'postgres' user to run the cluster as (we are root)")
    return {"user": pw.pw_uid, "group": pw.pw_gid}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _pg(tool: str, *args: str, as_user: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PG_BIN / tool), *args], capture_output=True, text=True, timeout=60, check=False, **as_user
    )


def start_cluster(root: Path) -> PgCluster:
    """initdb + pg_ctl start in ``root`` (owned by whoever runs the cluster)."""
    if not (PG_BIN / "pg_ctl").exists():
        _unavailable(f"the PostgreSQL 15 binaries in {PG_BIN} (apt-get install postgresql)")
    as_user = _run_as()
    began = time.perf_counter()
    if as_user:
        os.chown(root, as_user["user"], as_user["group"])
    password = secrets.token_urlsafe(16)
    pwfile = root / "pw"
    pwfile.write_text(password)
    if as_user:
        os.chown(pwfile, as_user["user"], as_user["group"])
    data = root / "data"
    init = _pg(
        "initdb", "-D", str(data), "-U", PG_USER, "--pwfile", str(pwfile), "--auth=scram-sha-256",
        "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions",
        as_user=as_user,
    )  # fmt: skip
    pwfile.unlink()
    if init.returncode != 0:
        pytest.fail(f"initdb failed:\n{init.stdout}\n{init.stderr}")
    # Only application processes are killed in these tests, never the cluster, so it may skip
    # fsync: that is most of a test's database time.
    with (data / "postgresql.conf").open("a") as conf:
        conf.write(
            "listen_addresses = '127.0.0.1'\n"
            f"unix_socket_directories = '{root}'\n"
            "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
            "max_connections = 200\nshared_buffers = 32MB\n"
        )
    errors = []
    for _attempt in range(5):  # another process may take the free port before we do
        port = _free_port()
        started = _pg(
            "pg_ctl", "-D", str(data), "-l", str(root / "log"), "-w", "-t", "60",
            "-o", f"-p {port}", "start",
            as_user=as_user,
        )  # fmt: skip
        if started.returncode == 0:
            return PgCluster(data, port, password, time.perf_counter() - began)
        errors.append((root / "log").read_text() if (root / "log").exists() else started.stderr)
    pytest.fail("pg_ctl start failed:\n" + "\n".join(errors))


def stop_cluster(cluster: PgCluster) -> None:
    _pg("pg_ctl", "-D", str(cluster.data_dir), "-m", "immediate", "-w", "stop", as_user=_run_as())


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    root = Path(tempfile.mkdtemp(prefix="turncoat-pg-"))
    try:
        cluster = start_cluster(root)
        try:
            yield cluster
        finally:
            stop_cluster(cluster)
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file under tmp_path, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'data' / 'turncoat.db'}"
        return
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    name = f"t_{secrets.token_hex(6)}"
    cluster.create_database(name)
    try:
        yield cluster.url(name)
    finally:
        cluster.drop_database(name)
