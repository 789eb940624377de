"""Verräter's faces: its web board and its terminal table."""
