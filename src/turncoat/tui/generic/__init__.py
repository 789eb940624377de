"""The generic terminal table: any registered game, drawn from its presentation alone.

``table`` holds a game in progress with its seats, bots and record file; ``app`` is the Textual
application that shows one viewer's panels, log and decisions; ``screens`` holds the hot-seat
curtain, the whole log and the final score.  Nothing here knows a game: a game with a board of
its own (Verräter) keeps its own table, every other game is played here.
"""
