"""StarCraft's skins: the galaxy board in the browser (``web``)."""
