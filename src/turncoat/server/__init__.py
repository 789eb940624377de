"""turncoat.server: the web app — lobby, live tables, bots and storage.

``create_app(settings)`` builds the FastAPI app.  The server is the only authority: it holds the
real game state, checks every action with the engine, writes it to the database before telling
anyone, and sends each connection only what its seat may see (``observe`` + redacted events).
"""

from turncoat.server.app import create_app
from turncoat.server.settings import Settings

__all__ = ["Settings", "create_app"]
