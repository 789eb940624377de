"""Rex: Final Days of an Empire (Fantasy Flight Games, 2012) — rules engine under construction.

See docs/rex.md for what is implemented and which values are estimated stand-ins.
"""
