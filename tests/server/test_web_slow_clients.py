"""A real ``turncoat serve`` on 127.0.0.1 under hostile connections: forged proxy headers and
clients that send their requests too slowly or not at all.  Raw sockets, bounded waits on
conditions (never sleeps as synchronisation); only the loopback address is ever contacted."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tests.server.web_support import served

WAIT_S = 30.0  # a bound on every wait below; the conditions normally hold within a second


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("slow")
    log = tmp / "server.log"
    settings = {
        "TURNCOAT_HEADER_TIMEOUT": "2",
        "TURNCOAT_BODY_TIMEOUT": "2",
        "TURNCOAT_TABLES_PER_CLIENT": "1",
    }
    with served(tmp / "data", log, env_extra=settings) as base:
        yield base, log


def connect(base: str) -> socket.socket:
    parts = urlsplit(base)
    assert parts.hostname == "127.0.0.1"  # loopback only
    sock = socket.create_connection(("127.0.0.1", parts.port or 80), timeout=WAIT_S)
    return sock


def closed_by_server(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (bounded by WAIT_S)."""
    sock.settimeout(WAIT_S)
    received = b""
    while chunk := sock.recv(4096):
        received += chunk
    return received


def wait_until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, "the condition did not hold in time"
        time.sleep(0.05)  # polling a condition, not waiting for time to pass


def test_a_client_that_never_finishes_its_request_head_is_closed(server: tuple[str, Path]) -> None:
    base, log = server
    with connect(base) as silent, connect(base) as partial:
        partial.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        assert closed_by_server(silent) == b""
        assert closed_by_server(partial) == b""
    wait_until(lambda: log.read_text(errors="replace").count("no complete request within 2 s") >= 2)
    assert httpx.get(f"{base}/healthz", timeout=WAIT_S).status_code == 200  # still serving


def test_a_kept_alive_connection_is_timed_again_for_its_next_request(server: tuple[str, Path]) -> None:
    base, _log = server
    with connect(base) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sock.settimeout(WAIT_S)
        first = sock.recv(4096)
        assert first.startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # ...and never the blank line
        assert b"HTTP/1.1" not in closed_by_server(sock)


def test_an_abandoned_body_is_one_quiet_log_line(server: tuple[str, Path]) -> None:
    base, log = server
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n"
    )
    tables_before = httpx.get(f"{base}/api/tables", timeout=WAIT_S).json()
    with connect(base) as slow:
        slow.sendall(head + b'{"players": ')
        reply = closed_by_server(slow)
        assert reply.startswith(b"HTTP/1.1 408") and b'"timeout"' in reply
    with connect(base) as gone:
        gone.sendall(head + b'{"players": ')
        gone.shutdown(socket.SHUT_RDWR)
    wait_until(lambda: "went away before sending its whole request body" in log.read_text(errors="replace"))
    text = log.read_text(errors="replace")
    assert "Traceback" not in text and "ClientDisconnect" not in text
    assert "sent its request body too slowly" in text
    assert httpx.get(f"{base}/api/tables", timeout=WAIT_S).json() == tables_before  # nothing made


def test_x_forwarded_for_is_not_believed_unless_a_proxy_is_trusted(server: tuple[str, Path]) -> None:
    base, _log = server
    # One table per client address here: a second table from "another address" is refused
    # unless the forged header is believed.
    made = [
        httpx.post(
            f"{base}/api/tables",
            json={"players": 3, "listed": False},
            headers={"X-Forwarded-For": f"203.0.113.{i}"},
            timeout=WAIT_S,
        )
        for i in (1, 2)
    ]
    assert made[0].status_code == 201, made[0].text
    assert made[1].status_code == 429 and made[1].json()["code"] == "table_quota"
