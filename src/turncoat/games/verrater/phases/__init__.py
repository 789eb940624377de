"""One module per rulebook step or group of forced steps (RULES §4-§6)."""
