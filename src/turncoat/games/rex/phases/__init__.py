"""The phases of a Rex game, in rulebook order (RULES §4-§14)."""
