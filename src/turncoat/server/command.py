"""``turncoat serve``: the web app, registered on the main command line."""

from __future__ import annotations

import dataclasses
import errno
import socket
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

if TYPE_CHECKING:
    from turncoat.server.settings import Settings


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the ``turncoat`` command line."""
    app.command("serve")(serve_cmd)


def fail(message: str) -> NoReturn:
    """The command-line error convention: one line on stderr, exit status 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code=2)


def serve_cmd(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0 lets your local network in).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port (1-65535).")] = 8000,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds before each bot move (default 0.6: people can follow).")
    ] = None,
) -> None:
    """Play the installed games in the browser with friends and bots (data kept in
    TURNCOAT_DATA_DIR)."""
    import uvicorn  # lazy: the other commands do not need the web stack

    from turncoat.server.app import create_app
    from turncoat.server.settings import Settings, SettingsError
    from turncoat.server.timeouts import protocol_with_head_timeout

    if not 1 <= port <= 65535:
        fail(f"--port must be from 1 to 65535, not {port}")
    if bot_delay is not None and not 0 <= bot_delay <= 60:
        fail(f"--bot-delay must be a number of seconds from 0 to 60, not {bot_delay}")
    try:
        settings = Settings()
    except SettingsError as exc:
        fail(str(exc))
    settings = dataclasses.replace(settings, bind_host=host)
    if bot_delay is not None:
        settings = dataclasses.replace(settings, bot_delay_s=bot_delay)
    check_database(settings)
    sock = bind(host, port)
    where = "the database in TURNCOAT_DATABASE_URL" if settings.database_url else str(settings.data_dir)
    typer.echo(f"turncoat: serving on http://{host}:{port}/ (games are kept in {where})")
    # One worker process: live tables are held in memory by the app (the database is their log).
    # No permessage-deflate: compressing every small update cost about 20% of the server's CPU
    # under load, for messages of a few kilobytes on the players' own network.
    config = uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        log_level="info",
        ws_max_size=65536,
        ws_per_message_deflate=False,
        http=protocol_with_head_timeout(settings.header_timeout_s),
        # X-Forwarded-For is believed only from the proxies the operator named.
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies) or None,
    )
    uvicorn.Server(config).run(sockets=[sock])


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the server says it is serving (a port in use is one
    clear error line, not a log of a server that never started)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            fail(f"cannot listen on {host}:{port}: another program uses that port (pick another with --port)")
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    sock.set_inheritable(True)
    return sock


def check_database(settings: Settings) -> None:
    """Open the database once before serving: a damaged SQLite file is named in one line with
    what to do, and nothing is written to it."""
    from turncoat.server.storage import DamagedDatabase, StorageError, Store

    try:
        Store(settings.url()).close()
    except DamagedDatabase as exc:
        fail(str(exc))
    except StorageError as exc:
        fail(f"cannot open the database: {exc}")
