"""``turncoat serve`` hands uvicorn the settings the server was measured with."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn

from turncoat.server.command import serve_cmd


def test_serve_turns_off_websocket_compression(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    def fake_run(app: Any, **kwargs: Any) -> None:
        seen.update(kwargs)

    monkeypatch.setenv("TURNCOAT_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TURNCOAT_DATABASE_URL", raising=False)
    monkeypatch.setattr(uvicorn, "run", fake_run)
    serve_cmd(host="127.0.0.1", port=8123, bot_delay=0.0)
    assert seen["ws_per_message_deflate"] is False
    assert (seen["host"], seen["port"], seen["ws_max_size"]) == ("127.0.0.1", 8123, 65536)
