"""The app's routers, one per area: the lobby, the table pages and their form fallbacks, the JSON
API and the websocket.  ``create_app`` includes them all."""

from turncoat.server.routes import api, lobby, tables, ws

ROUTERS = (lobby.router, tables.router, api.router, ws.router)

__all__ = ["ROUTERS"]
