"""The terminal table: play any game against bots and friends with Textual (``turncoat play``).

``table`` holds a game in progress with its seats, bots and record file; ``table_app`` is what
every table does between its drawings (whose turn, the hot-seat curtain, bots, refusals);
``overlays`` holds the curtain and the log screen; ``skin`` finds a game's own table by its id
(``turncoat.skins.<id>.terminal``), else the generic one of ``generic``, drawn from the game's
presentation; ``command`` registers ``turncoat play`` on the main command line.  Nothing here
imports a game.
"""
