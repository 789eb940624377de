"""StarCraft: The Board Game (Fantasy Flight Games, 2007): rules engine for 2-6 players, under construction.

Not registered: the game is set up (RULES §5-§6) but its rounds are not built yet, so it is not
offered in the lobby or the command line (docs/starcraft.md, "Status").
"""
