"""turncoat.server."""
