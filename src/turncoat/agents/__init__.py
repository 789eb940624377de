"""Bots: each decides from its own seat's view only (observation, legal actions, sampled worlds)."""

from turncoat.agents.base import Agent, SeatView, agent_names, make_agent
from turncoat.agents.match import MatchResult, play_match

__all__ = ["Agent", "MatchResult", "SeatView", "agent_names", "make_agent", "play_match"]
