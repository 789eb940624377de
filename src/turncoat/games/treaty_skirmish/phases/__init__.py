"""The rules of Treaty Skirmish, one module per part of the round (RULES §6.3–§6.5)."""
