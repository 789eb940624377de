"""The terminal table: play any game against bots and friends with Textual (``turncoat play``).

``table`` holds a game in progress with its seats, bots and record file; ``table_app`` is what
every table does between its drawings (whose turn, the names, the hot-seat curtain, whispers,
bots, refusals); ``overlays`` holds the name prompt, the curtain, the whisper screens, the log
screen and the help; ``skin`` finds a game's own table by its id
(``turncoat.skins.<id>.terminal``), else the generic one of ``generic``, drawn from the game's
presentation; ``command`` registers ``turncoat play`` on the main command line.  Nothing here
imports a game.
"""
