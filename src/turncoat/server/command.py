"""``turncoat serve``: the web app, registered on the main command line."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the ``turncoat`` command line."""
    app.command("serve")(serve_cmd)


def serve_cmd(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0 lets your local network in).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds before each bot move (default 0.6: people can follow).")
    ] = None,
) -> None:
    """Play Verräter in the browser with friends and bots (data kept in TURNCOAT_DATA_DIR)."""
    import uvicorn  # lazy: the other commands do not need the web stack

    from turncoat.server.app import create_app
    from turncoat.server.settings import Settings

    settings = Settings()
    if bot_delay is not None:
        settings = dataclasses.replace(settings, bot_delay_s=max(0.0, bot_delay))
    where = "the database in TURNCOAT_DATABASE_URL" if settings.database_url else str(settings.data_dir)
    typer.echo(f"turncoat: serving on http://{host}:{port}/ (games are kept in {where})")
    # One worker process: live tables are held in memory by the app (the database is their log).
    # No permessage-deflate: compressing every small update cost about 20% of the server's CPU
    # under load, for messages of a few kilobytes on the players' own network.
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level="info",
        ws_max_size=65536,
        ws_per_message_deflate=False,
    )
