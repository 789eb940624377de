"""turncoat.tui."""
