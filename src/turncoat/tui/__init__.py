"""The terminal table: play Verräter against bots and friends with Textual (``turncoat play``).

``session`` holds the game, its true state and its record (saved after every action);
``verrater_view`` draws one seat's observation as text; ``app`` is the Textual application;
``screens`` holds the hot-seat curtain, the help and the final score; ``command`` registers
``turncoat play`` on the main command line.
"""
