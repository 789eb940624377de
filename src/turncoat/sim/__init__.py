"""turncoat.sim."""
