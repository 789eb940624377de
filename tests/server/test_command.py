"""``turncoat serve``: the settings it hands uvicorn, and every way it can refuse to start (one
``error:`` line on stderr, exit status 2, before it claims to be serving)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
import uvicorn

from turncoat.server.command import serve_cmd
from turncoat.server.settings import Settings, SettingsError


def test_serve_turns_off_websocket_compression(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    def fake_run(server: uvicorn.Server, sockets: list[socket.socket]) -> None:
        seen.update(vars(server.config), sockets=sockets)

    monkeypatch.setenv("TURNCOAT_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TURNCOAT_DATABASE_URL", raising=False)
    monkeypatch.delenv("TURNCOAT_TRUSTED_PROXIES", raising=False)
    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    serve_cmd(host="127.0.0.1", port=_free_port(), bot_delay=0.0)
    try:
        assert seen["ws_per_message_deflate"] is False and seen["ws_max_size"] == 65536
        assert seen["proxy_headers"] is False  # X-Forwarded-For believed from nobody by default
        (sock,) = seen["sockets"]
        assert sock.getsockname()[0] == "127.0.0.1"  # bound before "serving on" was printed
    finally:
        for sock in seen.get("sockets", []):
            sock.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``turncoat serve`` that must refuse to start (a bounded wait: it never serves)."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("TURNCOAT_")}
    base |= {"TURNCOAT_DATA_DIR": str(tmp_path), **env}
    cmd = [sys.executable, "-m", "turncoat.cli", "serve", *args]
    return subprocess.run(
        cmd, env=base, capture_output=True, text=True, timeout=300, check=False
    )  # returns when it refuses; the bound only stops a hang (a loaded machine imports slowly)


def assert_one_error_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert all(w in lines[0] for w in words), lines[0]
    assert "serving on" not in result.stdout


def test_a_port_outside_1_to_65535_is_refused(tmp_path: Path) -> None:
    assert_one_error_line(serve(tmp_path, "--port", "99999"), "--port", "65535")


@pytest.mark.parametrize("port", [0, -1, 65536])
def test_every_port_outside_the_range_is_refused_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], port: int
) -> None:
    monkeypatch.setenv("TURNCOAT_DATA_DIR", str(tmp_path))
    with pytest.raises(typer.Exit) as stopped:
        serve_cmd(host="127.0.0.1", port=port, bot_delay=None)
    assert stopped.value.exit_code == 2
    assert capsys.readouterr().err == f"error: --port must be from 1 to 65535, not {port}\n"


def test_a_port_in_use_is_one_clear_error_before_serving(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert_one_error_line(serve(tmp_path, "--port", str(port)), f"127.0.0.1:{port}", "port")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("TURNCOAT_BOT_DELAY", "abc"),
        ("TURNCOAT_BOT_DELAY", "nan"),
        ("TURNCOAT_BOT_DELAY", "-1"),
        ("TURNCOAT_DATABASE_URL", "mysql://x"),
        ("TURNCOAT_MAX_TABLES", "²"),
        ("TURNCOAT_TABLES_PER_CLIENT", "0"),
        ("TURNCOAT_WAITING_EXPIRY", "1e400"),
        ("TURNCOAT_ALLOWED_HOSTS", "evil.example/x"),
        ("TURNCOAT_TRUSTED_PROXIES", "10.0.0.300"),
        ("TURNCOAT_HEADER_TIMEOUT", "0"),
        ("TURNCOAT_BODY_TIMEOUT", "forever"),
        ("TURNCOAT_CONNS_PER_ADDRESS", "1.5"),
        ("TURNCOAT_WS_RATE", "0"),
        ("TURNCOAT_WS_BURST", "-3"),
    ],
)
def test_a_bad_turncoat_setting_is_named(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=f"^{name} must be "):
        Settings()


def test_a_file_as_data_dir_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("TURNCOAT_DATA_DIR", str(tmp_path / "file"))
    with pytest.raises(SettingsError, match="^TURNCOAT_DATA_DIR must be a directory"):
        Settings()


def test_a_bad_setting_stops_serve_with_one_line(tmp_path: Path) -> None:
    result = serve(tmp_path, TURNCOAT_BOT_DELAY="abc")
    assert_one_error_line(result, "TURNCOAT_BOT_DELAY must be a number of seconds from 0 to 60, not 'abc'")


def test_every_setting_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    values = {
        "TURNCOAT_BOT_DELAY": "0.25",
        "TURNCOAT_MAX_TABLES": "50",
        "TURNCOAT_TABLES_PER_CLIENT": "3",
        "TURNCOAT_WAITING_EXPIRY": "600",
        "TURNCOAT_ALLOWED_HOSTS": "Games.Example.org, 192.168.1.5",
        "TURNCOAT_TRUSTED_PROXIES": "127.0.0.1,10.0.0.0/8",
        "TURNCOAT_HEADER_TIMEOUT": "2.5",
        "TURNCOAT_BODY_TIMEOUT": "4",
        "TURNCOAT_CONNS_PER_ADDRESS": "300",
        "TURNCOAT_WS_RATE": "200",
        "TURNCOAT_WS_BURST": "500",
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    s = Settings()
    assert (s.bot_delay_s, s.max_tables, s.tables_per_client, s.waiting_expiry_s) == (0.25, 50, 3, 600.0)
    assert s.allowed_hosts == ("games.example.org", "192.168.1.5")
    assert s.trusted_proxies == ("127.0.0.1", "10.0.0.0/8")
    assert (s.header_timeout_s, s.body_timeout_s, s.conns_per_address) == (2.5, 4.0, 300)
    assert (s.ws_rate, s.ws_burst) == (200.0, 500)
    monkeypatch.setenv("TURNCOAT_BOT_DELAY", "abc")
    with pytest.raises(SettingsError, match="TURNCOAT_BOT_DELAY must be a number of seconds"):
        Settings()


def test_a_damaged_database_file_is_named_and_left_untouched(tmp_path: Path) -> None:
    damaged = tmp_path / "turncoat.db"
    garbage = b"this is not a database at all\n" * 200
    damaged.write_bytes(garbage)
    result = serve(tmp_path)
    assert_one_error_line(result, str(damaged), "damaged", "move it aside")
    assert damaged.read_bytes() == garbage
    assert sorted(p.name for p in tmp_path.iterdir()) == ["turncoat.db"]


def test_forwarded_headers_are_believed_only_from_trusted_proxies(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: dict[str, Any] = {}

    def fake_run(server: uvicorn.Server, sockets: list[socket.socket]) -> None:
        seen.update(vars(server.config))
        for sock in sockets:
            sock.close()

    monkeypatch.setenv("TURNCOAT_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("TURNCOAT_TRUSTED_PROXIES", "10.0.0.7")
    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    serve_cmd(host="127.0.0.1", port=_free_port(), bot_delay=None)
    assert seen["proxy_headers"] is True and seen["forwarded_allow_ips"] == ["10.0.0.7"]
