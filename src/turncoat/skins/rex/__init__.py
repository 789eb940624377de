"""Rex's faces: its web map and race sheets."""
