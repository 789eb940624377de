"""Skins: a game's face in one frontend (its web templates, its terminal table), found by game id.

A frontend looks for ``turncoat.skins.<game id>.<frontend>`` at run time; a game without one is
played with the frontend's generic skin, drawn from the game's presentation alone.
"""
