"""One module per rulebook phase (RULES §5-§17)."""
