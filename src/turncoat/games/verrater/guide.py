"""How to play Verräter (core.present.Guide), in our own words, with the numbers of the content in
play: the goal, a round's steps, the key terms, and one line per kind of decision.

The words are ours, not the rulebook's; the numbers (strengths, bonuses, limits) are read from the
content tables, so a table that plays with its own copy's values reads its own numbers here.
"""

from __future__ import annotations

from turncoat.core.present import ActionHelp, Guide, GuideSection
from turncoat.games.verrater.components import Tables
from turncoat.games.verrater.notation import ROLE_NAMES


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def action_lines(t: Tables) -> dict[str, ActionHelp]:
    """One line per action type (RULES §4 setup, §5 steps 1, 2, 3, 7 and 10)."""
    return {
        "place_estate": ActionHelp(
            "Place a first estate",
            "Tuck an estate under a free landscape; it draws you a card each round its house is yours.",
        ),
        "choose_conflict_site": ActionHelp(
            "Choose the conflict site",
            "Pick two neighbouring landscapes of different houses; the loser's landscape changes house.",
        ),
        "keep_role": ActionHelp(
            "Keep an action card",
            "Keep one card secretly and pass the rest on; it acts when everyone reveals.",
        ),
        "commit_supply": ActionHelp(
            "Commit a supply card",
            "Its value adds to the strength of the house you support after the reveal.",
        ),
        "finish_committing": ActionHelp(
            "Finish committing",
            f"End your turn to commit (at most {_cards(t.commit_max)} a round); the next player commits.",
        ),
        "build": ActionHelp(
            "Build",
            "Put one of your unbuilt building cards under a free landscape, as an estate or a trading post.",
        ),
        "convert": ActionHelp(
            "Convert",
            "Turn one of your built cards over where it stands: estate to trading post or back.",
        ),
        "move": ActionHelp(
            "Move",
            "Move one of your built cards, same side up, to a landscape with no building card.",
        ),
        "skip_building": ActionHelp("Build nothing", "The Builder may also leave everything as it is."),
        "discard_supply": ActionHelp(
            "Discard down to the hand limit",
            f"You may keep {_cards(t.hand_limit)}; the card you name goes to the discard pile.",
        ),
    }


def verrater_guide(t: Tables, type_names: dict[str, str]) -> Guide:
    """The guide for the content ``t`` (its bonuses, limits and landscape strengths)."""
    strengths = ", ".join(f"{type_names.get(k, k)} {v}" for k, v in t.conflict_value.items())
    any_estimated = any(any(flags) for flags in t.vp_estimated.values())
    rounds = " or ".join(f"{r} rounds with {p} players" for p, r in sorted(t.rounds.items(), reverse=True))
    return Guide(
        title="Verräter",
        goal=(
            "Two noble houses, the Eagles and the Roses, fight over a ring of twelve landscapes. "
            "You are never a house: you support one, and you may change sides. Score the most "
            "victory points (VP) by the end."
        ),
        sections=(
            GuideSection(
                "A round, step by step",
                paragraphs=(
                    "1. The holder of the strategy card chooses the conflict site: two neighbouring "
                    "landscapes that belong to different houses.",
                    "2. Action cards are drafted in secret: each player keeps one and passes the rest on.",
                    f"3. In turn, each player may commit up to {_cards(t.commit_max)} from their hand, "
                    "face up. Everyone sees what you commit, but not yet which house it will count for.",
                    "4. Everyone reveals their action card. The Traitor changes sides at once.",
                    "5. Each house's strength is its landscape at the site, plus the cards committed by "
                    "its supporters, plus any Diplomat. The stronger house conquers the other landscape; "
                    "a tie changes nothing.",
                    "6. Everyone on the winning side scores the conquered landscape's VP circle for "
                    "their number; the Traitor and the Strategist score their bonus whatever happened.",
                    "7-10. The Builder builds, the Strategist takes the strategy card, committed cards "
                    "are discarded, everyone draws (the Farmer, then estates, then the Diplomat +2), "
                    f"and hands over {t.hand_limit} cards are cut down to {t.hand_limit}.",
                ),
            ),
            GuideSection(
                "The key terms",
                terms=(
                    ("House", "Eagles or Roses. Your allegiance card shows which one you support now."),
                    (
                        "Landscape",
                        f"A card of the ring, owned by one house. Its strength in a conflict: {strengths}.",
                    ),
                    (
                        "VP circles",
                        "Each landscape shows how many VP each winner scores when it is conquered: the "
                        "fewer players share the win, the more each one gets. The board shows them as a "
                        "row for 1, 2, 3 or 4 winners.",
                    ),
                    (
                        "Supply cards",
                        "Your hand, numbered 2 to 8. Committed, they add strength; at the end, the "
                        "number of cards you hold feeds your trading posts.",
                    ),
                    (
                        "Estate",
                        "One side of a building card. Each round it draws you a card while the landscape "
                        "above it belongs to the house you support.",
                    ),
                    (
                        "Trading post",
                        f"The other side. At the end each one scores 1 VP per card in your hand, up to "
                        f"{t.trading_post_hand_cap}; you may have at most {t.max_trading_posts}.",
                    ),
                    (
                        "Converting",
                        "Turning a built card over where it stands (estate to trading post or back); "
                        "only the Builder may do it, and not in the same round as moving one.",
                    ),
                    ("Conflict site", "The two landscapes fought over this round, chosen by the Strategist."),
                ),
            ),
            GuideSection(
                "The action cards",
                terms=(
                    (
                        ROLE_NAMES["traitor"],
                        f"Changes your allegiance to the other house at the reveal, and your committed "
                        f"cards go with you; +{t.traitor_vp} VP.",
                    ),
                    (
                        ROLE_NAMES["strategist"],
                        f"+{t.strategist_vp} VP; you take the strategy card and choose the next "
                        "conflict site.",
                    ),
                    (ROLE_NAMES["builder"], "Build, convert or move one of your building cards."),
                    (
                        ROLE_NAMES["farmer"],
                        f"Draw {_cards(t.farmer_draw)}, but your estates give you nothing this round.",
                    ),
                    (
                        ROLE_NAMES["diplomat_2"],
                        f"+{t.diplomat_2_strength} strength for your house, and draw "
                        f"{_cards(t.diplomat_2_draw)} more.",
                    ),
                    (ROLE_NAMES["diplomat_5"], f"+{t.diplomat_5_strength} strength for your house."),
                ),
                paragraphs=(
                    "One card is set aside unseen each round, and one or two are left over, so any "
                    "card may be missing from a round.",
                ),
            ),
            GuideSection(
                "The end",
                paragraphs=(
                    f"The game lasts {rounds}, or ends sooner when one house owns all twelve "
                    "landscapes. Trading posts then score, and the most VP wins; equal totals share "
                    "the win.",
                ),
            ),
        ),
        actions=action_lines(t),
        adapted=(
            "The VP circles printed on the landscape cards are not public: most of the values "
            "used here are estimates, marked with * on the board. A table may load the printed "
            "values from its own copy of the game. Where the rules are unclear, the table's rule "
            "options (shown when it is set up) name the reading played."
            if any_estimated
            else "Where the rules are unclear, the table's rule options name the reading played."
        ),
    )
