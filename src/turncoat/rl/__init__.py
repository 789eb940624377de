"""turncoat.rl."""
