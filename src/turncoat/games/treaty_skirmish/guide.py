"""How to play Treaty Skirmish (core.present.Guide), in our own words: the goal, a round's phases,
the ring, treaties and the Envoy, the objectives, the treaty traitors at the end, and one line per
kind of decision.  The game itself is our adaptation of one mechanic of a published scenario, and
the guide says so.
"""

from __future__ import annotations

from turncoat.core.present import ActionHelp, Guide, GuideSection
from turncoat.games.treaty_skirmish.components import OBJECTIVE_DECK, OBJECTIVE_NAMES, OBJECTIVE_TEXT

ACTION_LINES: dict[str, ActionHelp] = {
    "move_attack": ActionHelp(
        "Move/Attack",
        "Spend a command token on a system; your ships next to it may then come in and fight.",
    ),
    "move_ships": ActionHelp(
        "Ships come in",
        "Choose how many ships come from a neighbouring system into the one you activated.",
    ),
    "assign_hits": ActionHelp(
        "Assign hits",
        "Each hit you took removes one of your ships or one garrison point; you choose which.",
    ),
    "fight_on": ActionHelp("Fight on", "Roll another round of combat: every ship rolls, 5 or 6 hits."),
    "retreat": ActionHelp("Retreat", "Pull all your attacking ships back to a system they came from."),
    "build": ActionHelp(
        "Build",
        "Spend a command token at a Home you control (or Mecatol Rex) and buy ships there, "
        "1 trade good each.",
    ),
    "send_envoy": ActionHelp(
        "Envoy",
        "Spend a command token on another race's Home to offer its player one of your treaty cards.",
    ),
    "give_treaty": ActionHelp(
        "Give a treaty card",
        "Hand one of your own cards over in secret; a lower number is a stronger claim on your win.",
    ),
    "give_no_treaty": ActionHelp(
        "Give no card", "The visit stands and your token is spent, but no card changes hands."
    ),
    "discard_treaty": ActionHelp(
        "Discard a treaty card",
        "After receiving, throw one card away face down: the new one, one of yours or an older foreign one.",
    ),
    "drop_treaty": ActionHelp(
        "Drop a foreign card",
        "At your own Home, throw a foreign treaty card away face down (a rule option).",
    ),
    "pass": ActionHelp("Pass", "Take no more actions this round; the others play on."),
    "give": ActionHelp(
        "Give trade goods", "Hand trade goods to another player at once: final, whatever was promised."
    ),
}


def skirmish_guide() -> Guide:
    """The guide to Treaty Skirmish (the same for every table: its numbers are the adaptation's)."""
    objectives = tuple((OBJECTIVE_NAMES[o], OBJECTIVE_TEXT[o].capitalize() + ".") for o in OBJECTIVE_DECK)
    return Guide(
        title="Treaty Skirmish",
        goal=(
            "The Lazax empire is falling. Each player has a secret objective; meet it and you win. "
            "Treaty cards handed out in secret can let someone share another player's win."
        ),
        sections=(
            GuideSection(
                "A round",
                paragraphs=(
                    "Income: each player gains trade goods for the systems they control, command tokens "
                    "refill (3, or 4 for the Lazax) and every Home's garrison is reset.",
                    "Actions: from the Speaker on, players take one action at a time (Move/Attack, "
                    "Build, Envoy) until everyone has passed.",
                    "Cleanup: tokens leave the board and the round ends. The game lasts at most 8 rounds.",
                ),
            ),
            GuideSection(
                "The key terms",
                terms=(
                    (
                        "The ring",
                        "Mecatol Rex, the Lazax home, sits in the centre. Around it the great races' Homes "
                        "alternate with Frontier systems; each Frontier touches its two Homes and Mecatol.",
                    ),
                    (
                        "Command token",
                        "Every action but passing spends one, placed on the system it activates. You "
                        "cannot activate a system that already holds one of your tokens this round.",
                    ),
                    (
                        "Combat",
                        "Every ship and garrison point rolls a die; 5 or 6 is a hit. The owner chooses "
                        "what each hit removes. The attacker may fight on or retreat after each round.",
                    ),
                    ("Garrison", "A Home's own defence: 2 points that fight for whoever controls it."),
                    (
                        "Trade goods",
                        "The money of the game: they buy ships, and handing them over is the only "
                        "bargain that binds. Promises bind nobody.",
                    ),
                    (
                        "Treaty card",
                        "A numbered card of your race (a great race holds 1 to 4). Giving one says: if I "
                        "win, the loyal holder of my lowest-numbered card wins with me.",
                    ),
                    (
                        "Envoy",
                        "Spending a token on another great race's Home to offer its player a treaty card. "
                        "The receiver then throws one card away face down, so nobody knows if they kept it. "
                        "The Lazax can give treaty cards but never receive one.",
                    ),
                    (
                        "Treaty traitor",
                        "At the end, a player who did not win and holds cards of two or more other races. "
                        "A treaty traitor can share nobody's win.",
                    ),
                ),
            ),
            GuideSection(
                "The objectives",
                paragraphs=(
                    "The Lazax objective is public; each great race gets one of the others in secret. "
                    "You may tell people what your objective is, or lie. An immediate objective ends the "
                    "game the moment it is met; the others are checked after round 8. If nobody meets "
                    "their objective, nobody wins.",
                ),
                terms=objectives,
            ),
            GuideSection(
                "The end",
                paragraphs=(
                    "The winners are the players who met their objective. Everyone else shows their "
                    "treaty cards. For each winner, the loyal player (no treaty traitor) who holds that "
                    "winner's lowest-numbered card wins too.",
                ),
            ),
        ),
        actions=ACTION_LINES,
        adapted=(
            "Treaty Skirmish is our adaptation of the secret treaty mechanic of a Twilight Imperium "
            "scenario, not the published game: the board, the combat, the objectives and the treaty "
            "card numbers are ours, and so is every number of the game (system values, garrisons, "
            "command tokens, starting ships and trade goods, the build limit, the ship cost, the hit "
            "roll, the rounds), chosen to shrink the scenario to a short game on a small ring; none "
            "stands in for a printed value. Where the scenario's rules are unclear, the table's rule "
            "options name the reading played."
        ),
    )
