"""How to play StarCraft (core.present.Guide), in our own words: the goal, how the galaxy is built,
a round's three phases, battles, and one line per kind of decision.  Much of the printed content is
not public; the guide says which values are invented placeholders and where to read them.
"""

from __future__ import annotations

from turncoat.core.present import ActionHelp, Guide, GuideSection

ACTION_LINES: dict[str, ActionHelp] = {
    # -- setting up the galaxy --
    "choose_faction": ActionHelp(
        "Take a faction", "Your faction fixes your race, units, leader and special goal."
    ),
    "choose_planet": ActionHelp(
        "Pick a planet", "Choose which of the planets you drew goes into the galaxy now."
    ),
    "choose_cell": ActionHelp("Place the planet", "Put the planet on a free spot that touches the galaxy."),
    "choose_rotation": ActionHelp(
        "Turn the planet", "Turn the planet; route slots that then face another planet are joined at once."
    ),
    "place_base": ActionHelp(
        "Place your base", "Your base goes in one area of this planet (or waits for your second planet)."
    ),
    "place_z_axis_end": ActionHelp(
        "Place a z-axis end", "A z-axis route joins two planets that need not be neighbours."
    ),
    "place_starting_unit": ActionHelp(
        "Place a starting unit", "Put the next unit of your starting force in an area of your base planet."
    ),
    "place_starting_transport": ActionHelp(
        "Place your transport", "A transport on a route lets your units cross between the two planets."
    ),
    # -- planning and execution --
    "choose_order_planet": ActionHelp(
        "Plan an order",
        "Your next order token goes on this planet; you must have units there or next to it.",
    ),
    "place_order": ActionHelp(
        "Pick the order token",
        "Others see only that you placed a token; the face stays hidden until revealed.",
    ),
    "reveal_order": ActionHelp(
        "Reveal an order",
        "Turn over your token on top of this planet's stack; the last one placed goes first.",
    ),
    "execute_order": ActionHelp(
        "Execute or event", "Carry the order out, or give it up to draw an event card face down."
    ),
    "voluntary_destruction": ActionHelp(
        "Destroy your own piece",
        "Before revealing, you may remove one of your own units, bases or transports.",
    ),
    "destroy_piece": ActionHelp("Destroy this piece", "The piece leaves the board for good."),
    "destroy_nothing": ActionHelp("Destroy nothing", "Keep every piece and go on to the reveal."),
    # -- Build --
    "build_worker": ActionHelp("Build a worker", "A new worker is ready from the next round on."),
    "build_transport": ActionHelp("Build a transport", "A transport on a route of this planet."),
    "build_unit": ActionHelp(
        "Build a unit", "A new unit in an area of this planet where you have a base; its cost is paid next."
    ),
    "buy_building": ActionHelp("Buy a building level", "Each level unlocks stronger units to build."),
    "buy_module": ActionHelp("Buy a module", "Modules improve units and buildings of your race."),
    "build_base": ActionHelp("Build a base", "A new base in an area you control on this planet."),
    "end_build": ActionHelp("Build nothing more", "This Build order ends; the token goes back to you."),
    "pay": ActionHelp(
        "Pay a resource",
        "Each resource of the price is paid in turn: a printed slot, a worker on a card, or force mining.",
    ),
    # -- Mobilize and Research --
    "move_unit": ActionHelp(
        "Move a unit", "Units may move into this planet from neighbours or along routes your transports hold."
    ),
    "lift_off": ActionHelp("Lift off", "A Terran base may fly to another area of the same planet."),
    "end_move": ActionHelp("End the move", "Stop moving; if you entered an enemy area, a battle follows."),
    "draw_combat_cards": ActionHelp("Research", "Draw three combat cards, or skip."),
    "buy_technology": ActionHelp(
        "Buy a technology",
        "Pay once for all its copies: they join your combat deck (shuffled with your discards); "
        "some unlock a unit.",
    ),
    "research_bonus": ActionHelp(
        "Special Research", "Draw one more event card, or put one copy of the technology in your hand."
    ),
    # -- regrouping --
    "play_event": ActionHelp(
        "Resolve an event", "Play one of the event cards you drew this round (or none)."
    ),
    "discard_card": ActionHelp("Discard", "Throw this combat card away to get down to your hand limit."),
    # -- battles --
    "choose_front_line": ActionHelp(
        "Front line", "Your side has only assist units, so one of them must fight in front."
    ),
    "pair_skirmish": ActionHelp(
        "Pair a skirmish", "The attacker matches one of its front units against a defending unit."
    ),
    "assign_support": ActionHelp(
        "Assign support", "Put the next spare unit behind one skirmish; it adds strength and may be hit."
    ),
    "place_combat_cards": ActionHelp(
        "Combat cards",
        "Put a card from your hand (or the top card of your deck, blind) face down on your skirmish.",
    ),
    "resolve_skirmish": ActionHelp("Resolve a skirmish", "Reveal the cards of this skirmish and settle it."),
    "choose_casualty": ActionHelp("Choose a casualty", "This unit of yours is the one destroyed."),
    "withdraw_to": ActionHelp("Withdraw", "Your cloaked unit slips away to this area instead of dying."),
    "choose_retreating_unit": ActionHelp("Retreating unit", "This unit is one of those that retreat."),
    "retreat_to": ActionHelp("Retreat", "All your retreating units go to this one area."),
}

PLACEHOLDER_NOTE = (
    "Much of the printed content (most combat, technology and event cards, several planets, some "
    "costs and special victories) is not public. Where no source gives a value, this game uses an "
    "invented placeholder: every screen then shows a 'Placeholder content' notice, and "
    "`turncoat content starcraft` lists each invented value. A placeholder event card does what "
    "its invented text says, and the technologies' costs and cards are placeholders too (each shown "
    "as placeholder content). Owners can load the printed values from their own copy as an owner pack."
)


def starcraft_guide() -> Guide:
    """The guide to StarCraft (the same for every table)."""
    return Guide(
        title="StarCraft: The Board Game",
        goal=(
            "Lead one of six factions across a galaxy of planets: gather resources, build an army and "
            "take areas worth conquest points (CP), or reach your faction's own special goal first."
        ),
        sections=(
            GuideSection(
                "Building the galaxy",
                paragraphs=(
                    "Every player draws two planets. In turn, each places one next to the galaxy, turns it, "
                    "and may put a base on it; then the other planet, in reverse order. Route slots that "
                    "face each other are joined by routes; a z-axis route can join far planets.",
                    "Each player then sets out the starting units and a transport on the base planet.",
                ),
            ),
            GuideSection(
                "A round",
                paragraphs=(
                    "Planning: in turn, players put order tokens face down on planets, four each. Later "
                    "tokens go on top, so a stack is carried out from the top down.",
                    "Execution: in turn, each player reveals their token on top of any stack and carries it "
                    "out: Build (buy units, workers, transports, buildings, modules or a base), Mobilize "
                    "(move units into the planet and fight) or Research (draw combat cards). A token with "
                    "any token above it waits; a player with none of their tokens on top of a stack is "
                    "obstructed and draws an event card instead. Instead of carrying an order out you may "
                    "also give it up for an event card.",
                    "Regrouping: CP are scored for areas you hold, workers come back, event cards are read "
                    "and one may be played, hands are cut to their limit and the first player passes on.",
                ),
            ),
            GuideSection(
                "Battles",
                paragraphs=(
                    "When units move into an area held by someone else, a battle starts there. The attacker "
                    "pairs front units into skirmishes; spare units support them. Each player puts a combat "
                    "card face down on each own skirmish; the cards are revealed one skirmish at a time, and "
                    "a unit is destroyed when the other side's attack reaches its health. The loser's "
                    "survivors retreat.",
                ),
            ),
            GuideSection(
                "The key terms",
                terms=(
                    ("Area", "One part of a planet: it yields a resource or CP and holds a few units."),
                    ("Order stack", "The tokens on one planet; the top one is revealed first."),
                    ("Worker", "Sent to a resource to pay for purchases; back in the pool each round."),
                    (
                        "Force mining",
                        "Paying from a resource card with no worker on it; it wears the card out.",
                    ),
                    ("Conquest points (CP)", "Scored each round for areas you hold; enough of them wins."),
                    ("Combat card", "Played face down in a skirmish; its numbers change attack and health."),
                    (
                        "Event card",
                        "Drawn face down, read at the end of the round; later stages end the game.",
                    ),
                    (
                        "Placeholder content",
                        "A value no public source gives, invented so the game can be played.",
                    ),
                ),
            ),
        ),
        actions=ACTION_LINES,
        adapted=PLACEHOLDER_NOTE,
    )
