"""How to play Rex (core.present.Guide), in our own words: the goal, the seven phases of a round,
influence, bidding, battles with their plans and traitors, the ceasefire and alliances, victory,
and one line per kind of decision.  It also says which of the game's content is a stand-in.
"""

from __future__ import annotations

import functools

from turncoat.core.present import ActionHelp, Guide, GuideSection

ACTION_LINES: dict[str, ActionHelp] = {
    # setup
    "choose_race": ActionHelp("Choose a race", "Take one of the races still free; each has its own powers."),
    "predict_winner": ActionHelp(
        "Predict the winner (Xxcha)",
        "Secretly name a race and a round: if that race wins then, you win alone instead.",
    ),
    "keep_traitor": ActionHelp(
        "Keep a traitor card",
        "Keep the card of an enemy leader: if that leader fights you, revealing it wins the battle.",
    ),
    "set_fleet_dial": ActionHelp(
        "Set the fleet dial", "A secret number; the difference of two dials sets where the fleet starts."
    ),
    "place_starting_units": ActionHelp(
        "Place starting units", "Put some of your starting units in one of the areas your race may start in."
    ),
    # ceasefire and alliances
    "end_ceasefire": ActionHelp(
        "Done with the ceasefire", "Say you have finished forming alliances and giving influence."
    ),
    "gift_to": ActionHelp(
        "Give influence", "Choose who gets influence from you; the amount comes next. Gifts are final."
    ),
    "give": ActionHelp("Give an amount", "Hand this much influence over at once; it cannot be taken back."),
    "propose": ActionHelp(
        "Propose an alliance", "Ask players to ally with you; it forms when all of them accept."
    ),
    "accept": ActionHelp("Accept an alliance", "Join the proposed alliance; its members then win together."),
    "decline": ActionHelp("Decline an alliance", "Turn the proposal down; no alliance forms."),
    "withdraw": ActionHelp("Withdraw a proposal", "Take back an alliance you proposed before it forms."),
    "leave_alliance": ActionHelp(
        "Leave your alliance", "Go your own way; you may form another alliance in this ceasefire."
    ),
    # bidding
    "bid": ActionHelp(
        "Bid", "Offer this much influence for the face-down strategy card; a later bid must be higher."
    ),
    "pass_bid": ActionHelp("Pass", "Drop out of this card's auction for good; you may bid on the next card."),
    # recruitment
    "recruit": ActionHelp(
        "Recruit",
        "Bring units and a leader back from your casualty pool; some units are free, the rest cost.",
    ),
    "emergency_recruit": ActionHelp(
        "Emergency recruitment", "Play the card to bring back a leader or some units for free."
    ),
    # maneuvering
    "hacan_timing": ActionHelp(
        "When to maneuver (Hacan)", "Take your maneuvering turn now, or wait and let the next player go."
    ),
    "move_from": ActionHelp("Move a group", "Pick the area whose units move; they move together."),
    "move_to": ActionHelp("Choose the destination", "Where the group ends its move, within your allowance."),
    "move_units": ActionHelp("How many move", "Choose how many of the units there go."),
    "skip_move": ActionHelp("Move nothing", "Skip the movement step of your turn."),
    "land_in": ActionHelp(
        "Land units",
        "Bring units from your reserves into one area; it costs more where enemies stand.",
    ),
    "cross_from": ActionHelp(
        "Cross-land (Hacan)", "Instead of landing, move units from this area to any other area."
    ),
    "cross_to": ActionHelp("Cross-land to", "Where the cross-landing group ends."),
    "withdraw_from": ActionHelp(
        "Withdraw (Hacan)", "Instead of landing, take units from this area back to your reserves."
    ),
    "land_units": ActionHelp("How many land", "Choose how many units land (or cross-land, or withdraw)."),
    "skip_landing": ActionHelp("Land nothing", "Skip the landing step of your turn."),
    "send_envoy": ActionHelp(
        "Envoy to the Council (Xxcha)", "Put one unit on the Galactic Council for free, or not."
    ),
    # battle
    "choose_battle": ActionHelp("Choose a battle", "As the aggressor, pick the area you fight in next."),
    "use_prescience": ActionHelp(
        "Prescience (Jol-Nar)", "Look at one part of your opponent's battle plan before you make yours."
    ),
    "show_card": ActionHelp(
        "Show a card to Jol-Nar", "Jol-Nar's prescience makes you show the card you will play there."
    ),
    "set_dial": ActionHelp(
        "Set your dial",
        "The units you commit to the battle: they add to your strength, and a winner loses this many.",
    ),
    "pick_leader": ActionHelp(
        "Pick a leader and slot",
        "Your leader adds strength; the slot says which cards (attack, defense) you will play.",
    ),
    "give_order": ActionHelp(
        "Give an order (Xxcha)", "Tell your opponent to play, or not to play, a kind of card in this battle."
    ),
    "play_cards": ActionHelp(
        "Play battle cards", "The attack and defense cards your slot promised; attacks can kill a leader."
    ),
    "reveal_traitor": ActionHelp(
        "Reveal a traitor", "If you hold the traitor card of the leader facing you, reveal it to win at once."
    ),
    "choose_losses": ActionHelp(
        "Choose your losses", "After winning, pick which units cover the number you dialled."
    ),
    "keep_cards": ActionHelp(
        "Keep or discard cards", "After winning, keep the cards you played or discard them."
    ),
    # cards, victory and allies
    "play_card": ActionHelp("Play a strategy card", "Use a card from your hand now, or play none."),
    "ask": ActionHelp(
        "Ask a question", "The interrogation card: ask one yes-or-no question, answered truthfully."
    ),
    "move_fleet": ActionHelp(
        "Move the fleet", "Fleet sabotage: choose how far the fleet moves instead of drawing."
    ),
    "betray": ActionHelp(
        "Shake hands or betray",
        "Share your alliance's win, or reveal your betrayal card to try to win alone.",
    ),
    "spare_ally": ActionHelp(
        "Spare your allies (Sol)", "As the Sol Offensive strikes, spare your allies' units or not."
    ),
    "give_consent": ActionHelp(
        "Give consent", "Your ally wants to use the advantage card you gave them: agree or refuse."
    ),
}


@functools.cache
def rex_guide(rounds: int) -> Guide:
    """The guide to Rex for a game of ``rounds`` rounds."""
    return Guide(
        title="Rex: Final Days of an Empire",
        goal=(
            "Each player leads a race fighting over Mecatol City. Hold 3 of the 5 strongholds at "
            "the end of a round and you win; allies win together but need more."
        ),
        sections=(
            GuideSection(
                "A round: seven phases",
                paragraphs=(
                    "1. Influence: a card puts influence tokens on the board, or brings a Sol "
                    "Offensive (units in the last card's areas are destroyed) or a Temporary Ceasefire.",
                    "2. Bidding: face-down strategy cards are auctioned one at a time for influence.",
                    "3. Recruitment: bring units and a leader back from your casualty pool.",
                    "4. Maneuvering: each player moves one group, then lands units from reserves.",
                    "5. Battle: wherever two players share an area, they fight.",
                    "6. Collection: pick up the influence in areas you control, plus a little from the bank.",
                    "7. Bombardment: the fleet moves round the board and destroys units in the open.",
                ),
            ),
            GuideSection(
                "The key terms",
                terms=(
                    (
                        "Influence",
                        "The only money. It buys strategy cards, recruits and landings. Everyone's total "
                        "is public.",
                    ),
                    ("Stronghold", "One of the five areas that count for victory."),
                    (
                        "Bidding",
                        "Each card goes to the highest bid; a pass is final for that card. If nobody bids "
                        "on a card, the auction ends.",
                    ),
                    (
                        "Battle plan",
                        "Both players secretly set a dial (units committed), pick a leader and the slot "
                        "for their cards, then play the cards. Strength is the dial plus a living leader; "
                        "the loser loses every unit there, the winner as many as dialled.",
                    ),
                    (
                        "Traitor card",
                        "Names an enemy leader. If that leader fights you, reveal it: you win the battle "
                        "and lose nothing.",
                    ),
                    (
                        "Temporary Ceasefire",
                        "A pause in the Influence phase: form or leave alliances, and give influence to "
                        "anyone.",
                    ),
                    (
                        "Alliance",
                        "Up to three players who win together: two need 4 strongholds between them, three "
                        "need all 5. Allies may not stand in the same area, except the Galactic Council.",
                    ),
                    (
                        "Bombarded sector",
                        "Where the fleet stops: nobody lands there or moves through it until it moves on. "
                        "Shielded areas are safe from the fleet.",
                    ),
                ),
            ),
            GuideSection(
                "Victory",
                paragraphs=(
                    "At the end of each round, a player alone with 3 strongholds wins, or an alliance "
                    "with 4 (two members) or 5 (three members).",
                    f"If nobody has won after round {rounds}, the special conditions decide: first Sol "
                    "(if the palace areas are theirs or empty), then the Hacan, then whoever holds the "
                    "most strongholds. The Xxcha win alone if their secret prediction comes true. With "
                    "the betrayal module, an ally may break a shared win.",
                ),
            ),
        ),
        actions=ACTION_LINES,
        adapted=(
            "Several parts of Rex are not public: the printed board, the influence and strategy "
            "card lists and most betrayal cards. This game plays with stand-ins built from the game "
            "Rex is based on, and some race numbers come from there too. Where the rules are unclear, "
            "the table's rule options name the reading played."
        ),
    )
