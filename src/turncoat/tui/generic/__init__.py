"""The generic terminal table: any registered game, drawn from its presentation alone.

``app`` is the Textual application that shows one viewer's panels, log and decisions;
``screens`` holds the final score; ``command`` is the generic skin that ``turncoat play`` uses
for a game without a terminal skin of its own.  Nothing here knows a game.
"""
