"""Tests of the generic agents (bots that decide from a SeatView only)."""
