"""Rex's face (core.present): every word a player reads, and how its decisions are offered.

This is the one place for Rex's player-facing words: step titles, decisions grouped as the
rulebook's steps (RULES §19.2), log lines with seats as ``SeatRef``s, panels, option labels,
seat styles and the score table.  Everything is read from what the viewer may know: an
observation, the viewer's legal actions, events redacted for the viewer, an outcome.

The content pack is partly a stand-in (docs/rex.md, "Estimated values and why"): every value a
player reads that is estimated — an area's name on the stand-in board, a card's name, a leader's
strength, an influence card's amounts — carries the words ``(estimated)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import msgspec

from turncoat.core import deals
from turncoat.core.actions import Action, Event, Viewer
from turncoat.core.engine import Outcome
from turncoat.core.present import (
    Choice,
    Decision,
    Guide,
    Line,
    OptionSpec,
    Panel,
    ScoreTable,
    SeatRef,
    SeatStyle,
    Span,
    explained,
    line,
    options_of,
)
from turncoat.games.rex import actions as A
from turncoat.games.rex import events as E
from turncoat.games.rex import log
from turncoat.games.rex.components import HACAN, SOL
from turncoat.games.rex.config import RexConfig
from turncoat.games.rex.guide import rex_guide
from turncoat.games.rex.log import ESTIMATED, SLOT_WORDS, VICTORY_NAMES, Names, foreseen
from turncoat.games.rex.observe import PlanView, RexObservation
from turncoat.games.rex.phases.recruitment import SOL_ALLY_FREE_RECRUITS
from turncoat.games.rex.state import WITHDRAW

if TYPE_CHECKING:
    from turncoat.games.rex.game import RexGame


STEP_TITLES = {
    "choose_race": "Setup: choose your race",
    "predict": "Setup: the Xxcha predict the winner",
    "keep_traitor": "Setup: keep your traitor cards",
    "fleet_dial": "Setup: the fleet's starting dials",
    "place_start": "Setup: place your starting units",
    "round_start": "Influence phase",
    "ceasefire": "Influence phase: Temporary Ceasefire",
    "bid": "Bidding phase",
    "recruit": "Recruitment phase",
    "hacan_timing": "Maneuvering phase: the Hacan choose when to go",
    "move_from": "Maneuvering phase: movement",
    "move_to": "Maneuvering phase: movement",
    "move_count": "Maneuvering phase: movement",
    "land_to": "Maneuvering phase: landing",
    "cross_to": "Maneuvering phase: landing",
    "land_count": "Maneuvering phase: landing",
    "envoy": "Maneuvering phase: the Xxcha envoy",
    "battle": "Battle phase",
    "choose_battle": "Battle phase: the aggressor chooses a battle",
    "prescience": "Battle phase: Jol-Nar's prescience",
    "foresee": "Battle phase: Jol-Nar's prescience",
    "battle_plan": "Battle phase: battle plans (dial, then leader and card slot)",
    "voice": "Battle phase: the Xxcha voice",
    "battle_cards": "Battle phase: battle cards",
    "traitor": "Battle phase: traitors",
    "battle_losses": "Battle phase: the Lazax choose their losses",
    "keep_cards": "Battle phase: keep or discard the cards played",
    "collection": "Collection phase",
    "bombardment": "Bombardment phase",
    "betrayal": "The alliance wins: shake hands or betray",
    "card_window": "Strategy cards may be played",
    "fleet_move": "Bombardment phase: fleet sabotage",
    "spare_ally": "Influence phase: the Sol may spare their allies",
    "interrogate": "Interrogation: ask a yes/no question",
    "ally_consent": "An ally asks for consent to use an ally card",
    "over": "The game is over",
}

OPTION_LABELS = {
    "race_selection": "Race selection",
    "sector_model": "What the fleet blocks",
    "three_player_influence_slot": "3 players: influence card slot",
    "three_player_bombarded_slot": "3 players: slot in the bombarded sector",
    "bid_rotation_from": "Bid rotation after a skipped opener",
    "lazax_loss_set": "Lazax losses",
    "sol_half_losses_scope": "Sol's half losses",
    # yes/no readings and modules
    "betrayal_cards": "Betrayal cards (optional module)",
    "traitor_must_pick_opponent": "A traitor must be an opponent's leader",
    "sol_offensive_destroys_influence": "Sol Offensive destroys influence",
    "sol_immune_to_sol_offensive": "Sol units survive a Sol Offensive",
    "sol_offensive_ignores_shields": "Shields do not stop a Sol Offensive",
    "ceasefire_active_in_round_1": "Ceasefire works in round 1",
    "bid_opener_rotates": "Bid opener rotates",
    "movement_group_single_origin": "A moving group starts in one area",
    "landing_single_destination": "A landing goes to one area",
    "hacan_half_price": "Hacan land at half price",
    "hacan_cross_landing": "Hacan may cross-land",
    "hacan_free_timing": "Hacan choose when to maneuver",
    "hacan_fees_from_allies": "Hacan are paid their allies' landing fees",
    "cross_landing_triggers_xxcha": "A cross-landing lets the Xxcha send an envoy",
    "sol_landing_range_avoids_fleet": "Sol's landing zone avoids the fleet",
    "xxcha_envoy_for_allies": "Xxcha envoy after an ally's landing",
    "jol_nar_prescience": "Jol-Nar prescience",
    "xxcha_voice": "Xxcha voice",
    "mechanized_weak_vs_sol": "Lazax mechanized units count 1 against the Sol",
    "leader_kill_bounty": "A battle winner is paid for leaders killed",
    "slot_visible_at_reveal1": "Card slots shown with the leaders",
    "slot_must_be_fillable": "A card slot must be fillable",
    "sol_bombardment_half_losses": "Sol lose half to the fleet",
    "sol_sees_next_bombardment": "Sol see the next bombardment card",
    "no_strongholds_all_share": "Nobody holding a stronghold: all share the win",
    "strategy_discard_public": "Strategy discards face up",
}


# One colour and one shape per seat (Okabe and Ito's colour-blind-safe hues): the shape tells the
# seats apart without colour.
SEAT_STYLES = (
    SeatStyle("#0072b2", "●"),
    SeatStyle("#d55e00", "▲"),
    SeatStyle("#009e73", "■"),
    SeatStyle("#cc79a7", "◆"),
    SeatStyle("#e69f00", "★"),
    SeatStyle("#56b4e9", "✚"),
)
SCORE_COLUMNS = ("Shares the win",)
# The strategy cards played outside the battle plan (phases/cards.py), and what each does.
DIPLOMATIC_INTERFERENCE = "diplomatic_interference"
EMERGENCY_RECRUITMENT = "emergency_recruitment"
CARD_USES = {
    "extra_maneuver": "one more movement step this turn",
    "interrogation": "ask another player a yes/no question",
    "tracking_beacon": "a Sol Offensive on the last area card now",
    "fleet_sabotage": "move the fleet instead of a bombardment card",
    "shield_breaker": "destroy the shield",
}
# The effects the engine names when a card is played (StrategyCardPlayed.effect), in words.
EFFECT_WORDS = {
    "cancel jol nar prescience": "cancel Jol-Nar's prescience",
    "cancel xxcha voice": "cancel the Xxcha's order",
    "cancel the Sol's bombardment resistance": "the Sol lose every unit the fleet hits this phase, not half",
    "resolve a Sol Offensive now": "a Sol Offensive strikes the areas of the last area card",
    "recruit for free": "a free recruitment from the casualty pool",
    **{k: v for k, v in log.ABILITIES.items() if k.startswith("cancel ")},
}
WINDOW_WORDS = {
    "influence": "Start of the Influence phase",
    "bombardment": "Start of the Bombardment phase",
    **{w: words[0].upper() + words[1:] for w, words in log.ABILITY_WINDOWS.items()},
}
CONSENT_WORDS = log.ADVANTAGES  # §13.3: the ally advantages asked for, in words
QUESTION_WORDS = log.QUESTIONS  # the interrogation card's questions, "{}" for the subject
PART_WORDS = {
    "leader": "leader and card slot",
    "attack": "attack card",
    "defense": "defense card",
    "dial": "dial",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _units(units: int, mech: int = 0) -> str:
    out = _plural(units, "unit")
    return out + (f" and {mech} mechanized" if mech else "")


def _price_words(price: int) -> str:
    """What a choice costs, said after its words."""
    return f" for {price} influence" if price else " (free)"


def yes_no_options() -> tuple[OptionSpec, ...]:
    """Every yes/no field of the config as an option of two values, the rules' default first."""
    specs = []
    for field in msgspec.structs.fields(RexConfig):
        if field.type is bool and isinstance(field.default, bool):
            values = ("true", "false") if field.default else ("false", "true")
            label = OPTION_LABELS.get(field.name, field.name.replace("_", " "))
            specs.append(OptionSpec(name=field.name, label=label, values=values))
    return tuple(specs)


def _row_total(obs: RexObservation) -> int:
    """§7: the cards of this phase's auction row; the row shrinks as each card is sold."""
    return obs.auction + obs.row_size - 1 if obs.auction else obs.row_size


SEAT_WORD = re.compile(r"\b[Ss]eat (\d+)\b")


def _with_seat_refs(text: str) -> Line:
    """The engine's own English line for an event this presentation has no words for yet, with
    each "seat N" as a ``SeatRef`` so the frontends still write the names people chose."""
    spans: list[Span] = []
    at = 0
    for found in SEAT_WORD.finditer(text):
        spans += [text[at : found.start()], SeatRef(int(found.group(1)))]
        at = found.end()
    return line(*spans, text[at:])


def _seats(seats: Iterable[int], joiner: str = " and ") -> list[Span]:
    out: list[Span] = []
    seats = list(seats)
    for i, p in enumerate(seats):
        if i:
            out.append(joiner if i == len(seats) - 1 else ", ")
        out.append(SeatRef(p))
    return out


def _without_twins_of_private_lines(shown: list[Event]) -> list[Event]:
    """The engine puts a private event right after its public twin (the secret left out); a viewer
    who reads the private line needs no twin saying the same without the secret ("Ann is dealt 4
    traitor cards" before "You are dealt traitor cards: ...")."""
    out: list[Event] = []
    for i, e in enumerate(shown):
        after = shown[i + 1] if i + 1 < len(shown) else None
        twin = (
            after is not None
            and e.visible_to is None
            and after.visible_to is not None
            and type(after) is type(e)
            and getattr(after, "seat", None) == getattr(e, "seat", -1)
        )
        if not twin:
            out.append(e)
    return out


class RexPresentation:
    """Everything a player of Rex reads (see the module docstring)."""

    title = "Rex: Final Days of an Empire"
    min_players = 3
    max_players = 6

    def __init__(self, game: RexGame) -> None:
        self.game = game
        self.names = Names(game.content.data)
        self.rounds = game.ctx.t.rounds

    # -- words -----------------------------------------------------------------------------------
    def options(self) -> tuple[OptionSpec, ...]:
        """The named readings a table may choose (RULES §19.3): the config's choices of a few
        values, then its yes/no readings and modules, each with ``true`` / ``false``."""
        return options_of(RexConfig, OPTION_LABELS) + yes_no_options()

    def seat_styles(self, players: int) -> tuple[SeatStyle, ...]:
        return SEAT_STYLES[:players]

    def step_title(self, observation: RexObservation) -> str:
        if observation.step == "card_window" and observation.card_window in WINDOW_WORDS:
            return f"{WINDOW_WORDS[observation.card_window]}: strategy cards may be played"
        return STEP_TITLES.get(observation.step, observation.step.replace("_", " ").capitalize())

    # -- decisions -------------------------------------------------------------------------------
    def decisions(self, observation: RexObservation, legal: Sequence[Action]) -> tuple[Decision, ...]:
        obs = observation
        groups: dict[tuple[str, str], list[Choice]] = {}
        prompts: dict[tuple[str, str], str] = {}
        for action in legal:
            title, shape, choice, prompt = self._choice(obs, action)
            groups.setdefault((title, shape), []).append(choice)
            if prompt:
                prompts[(title, shape)] = prompt
        decisions = [
            Decision(title=title, shape=shape, choices=tuple(choices), prompt=prompts.get((title, shape), ""))  # type: ignore[arg-type]
            for (title, shape), choices in groups.items()
        ]
        return explained(decisions, self.guide())

    def guide(self) -> Guide:
        """How to play (``guide.py``), for a game of this table's length."""
        return rex_guide(self.rounds)

    def _proposal(self, obs: RexObservation, pid: int) -> deals.Proposal | None:
        return deals.find(obs.deals, pid)

    def _members(self, obs: RexObservation, pid: int) -> tuple[int, ...]:
        prop = self._proposal(obs, pid)
        if prop is None:
            return ()
        return tuple(p for t in prop.terms if isinstance(t, deals.Ally) for p in t.members)

    def _choice(self, obs: RexObservation, action: Action) -> tuple[str, str, Choice, str]:
        """The decision an action belongs to (title, shape), its words, and the decision's prompt."""
        n = self.names
        me = obs.viewer if obs.viewer is not None else -1
        match action:
            case A.ChooseRace(race=r):
                return (
                    "Choose your race",
                    "one",
                    Choice(action, line(n.race_full.get(r, n.race_name(r))), n.race_help.get(r, "")),
                    "",
                )
            case A.PredictWinner(race=r, round=rnd):
                label = line(f"The {n.race_name(r)} win in round {rnd}")
                return (
                    "Predict the winner and the round (secret)",
                    "one",
                    Choice(action, label),
                    "If that race wins in that round, you win instead.",
                )
            case A.KeepTraitor(leader=ld):
                label = line(f"Keep the traitor card of {n.leader_name(ld, strength=True, race=True)}")
                return "Keep a traitor card", "one", Choice(action, label), ""
            case A.SetFleetDial(value=v):
                return (
                    "Set your fleet dial (sealed)",
                    "number",
                    Choice(action, line(str(v))),
                    "The difference of the two dials places the fleet.",
                )
            case A.PlaceStartingUnits(piece=p, units=u):
                label = line(f"Place {_units(u)} in {n.piece_name(p)}")
                return (
                    "Place your starting units",
                    "one",
                    Choice(action, label, marks=(p,)),
                    f"{_units(obs.to_place)} still to place.",
                )
            case A.EndCeasefire():
                return "Temporary Ceasefire", "one", Choice(action, line("I am done with the ceasefire")), ""
            case deals.Propose(to=to):
                label = line("Propose an alliance with ", *_seats(to))
                return "Temporary Ceasefire: alliances", "one", Choice(action, label), ""
            case deals.Accept(proposal=pid):
                prop = self._proposal(obs, pid)
                who = [p for p in self._members(obs, pid) if p != me]
                label = (
                    line("Accept the alliance with ", *_seats(who))
                    if prop
                    else line(f"Accept proposal {pid}")
                )
                return "Temporary Ceasefire: alliances", "one", Choice(action, label), ""
            case deals.Decline(proposal=pid):
                who = [p for p in self._members(obs, pid) if p != me]
                label = (
                    line("Decline the alliance with ", *_seats(who))
                    if who
                    else line(f"Decline proposal {pid}")
                )
                return "Temporary Ceasefire: alliances", "one", Choice(action, label), ""
            case deals.Withdraw(proposal=pid):
                who = [p for p in self._members(obs, pid) if p != me]
                label = (
                    line("Withdraw your proposal to ", *_seats(who))
                    if who
                    else line(f"Withdraw proposal {pid}")
                )
                return "Temporary Ceasefire: alliances", "one", Choice(action, label), ""
            case deals.LeaveAlliance():
                return (
                    "Temporary Ceasefire: alliances",
                    "one",
                    Choice(action, line("Leave your alliance")),
                    "",
                )
            case A.GiftTo(seat=to) if to is not None:
                return (
                    "Temporary Ceasefire: give influence" if obs.step == "ceasefire" else "Give influence",
                    "one",
                    Choice(action, line("Give influence to ", SeatRef(to))),
                    "",
                )
            case A.GiftTo():
                return (
                    "Temporary Ceasefire: give influence" if obs.step == "ceasefire" else "Give influence",
                    "one",
                    Choice(action, line("Give nothing after all")),
                    "",
                )
            case deals.Give(to=to, amount=amount):
                return (
                    "How much influence to give",
                    "number",
                    Choice(action, line(f"Give {amount} influence to ", SeatRef(to))),
                    "",
                )
            case A.PassBid():
                return (
                    self._auction_title(obs),
                    "one",
                    Choice(action, line(f"Pass on card {obs.auction}")),
                    self._auction_prompt(obs),
                )
            case A.Bid(amount=amount):
                return (
                    "Your bid",
                    "number",
                    Choice(action, line(f"Bid {amount} on card {obs.auction}")),
                    self._auction_prompt(obs),
                )
            case A.Recruit(units=u, mechanized=m, leader=ld):
                parts = ([_plural(u, "unit")] if u else []) + ([f"{m} mechanized"] if m else [])
                if ld:
                    parts.append(n.leader_name(ld))
                words = "Recruit " + " and ".join(parts) + _price_words(self.recruit_price(obs, u, m, ld))
                label = line(words if parts else "Recruit nothing")
                return (
                    "Recruit from your casualty pool",
                    "one",
                    Choice(action, label),
                    self._recruit_prompt(obs),
                )
            case A.HacanTiming(now=now):
                label = line("Take your maneuvering turn now" if now else "Wait")
                return "Hacan: when to maneuver", "one", Choice(action, label), ""
            case A.SkipMove():
                return "Movement: choose a group to move", "one", Choice(action, line("Move nothing")), ""
            case A.MoveFrom(piece=p):
                here = self._own_units(obs, p, me)
                return (
                    "Movement: choose a group to move",
                    "one",
                    Choice(action, line(f"Move from {n.piece_name(p)} ({here})"), marks=(p,)),
                    "",
                )
            case A.MoveTo(piece=p):
                lines, most = self.move_lines(obs, p)
                label = line(
                    f"Move from {n.piece_name(obs.origin)} to {n.piece_name(p)}"
                    f" ({_plural(lines, 'line')} of your {most})"
                )
                return "Movement: choose the destination", "one", Choice(action, label, marks=(p,)), ""
            case A.MoveUnits(units=u, mechanized=m):
                label = line(
                    f"Move {_units(u, m)} from {n.piece_name(obs.origin)} to {n.piece_name(obs.target)}"
                )
                return "Movement: how many units", "number", Choice(action, label), ""
            case A.SkipLanding():
                return "Landing: choose where", "one", Choice(action, line("Land nothing")), ""
            case A.LandIn(piece=p):
                return (
                    "Landing: choose where",
                    "one",
                    Choice(action, line(f"Land in {n.piece_name(p)}{self._rate_words(obs, p)}"), marks=(p,)),
                    "",
                )
            case A.CrossFrom(piece=p):
                return (
                    "Landing: choose where",
                    "one",
                    Choice(action, line(f"Cross-land from {n.piece_name(p)}"), marks=(p,)),
                    "",
                )
            case A.WithdrawFrom(piece=p):
                return (
                    "Landing: choose where",
                    "one",
                    Choice(action, line(f"Withdraw units from {n.piece_name(p)}"), marks=(p,)),
                    "",
                )
            case A.CrossTo(piece=p):
                rate = self._rate_words(obs, p)
                label = line(f"Cross-land from {n.piece_name(obs.origin)} to {n.piece_name(p)}{rate}")
                return "Cross-landing: choose the destination", "one", Choice(action, label, marks=(p,)), ""
            case A.LandUnits(units=u, mechanized=m):
                return (
                    "Landing: how many units",
                    "number",
                    Choice(
                        action,
                        line(self._landing_words(obs, u, m) + _price_words(self.landing_price(obs, u + m))),
                    ),
                    "",
                )
            case A.SendEnvoy(send=send):
                label = line("Send an envoy to the Galactic Council" if send else "Send no envoy")
                return "Xxcha: an envoy to the Galactic Council", "one", Choice(action, label), ""
            case A.ChooseBattle(area=a):
                return (
                    "Choose your next battle",
                    "one",
                    Choice(action, line(f"Battle in {n.area_name(a)}"), marks=(a,)),
                    "",
                )
            case A.UsePrescience(part=part):
                label = line(f"See the opponent's {PART_WORDS.get(part, part)}" if part else "Do not look")
                return "Jol-Nar's prescience", "one", Choice(action, label), ""
            case A.SetDial(value=v):
                return (
                    self._dial_title(obs),
                    "number",
                    Choice(action, line(f"Dial {v}")),
                    self._battle_prompt(obs),
                )
            case A.PickLeader(leader=ld, slot=slot):
                fighter = n.leader_name(ld, strength=True) if ld else "No leader"
                label = line(f"{fighter[:1].upper()}{fighter[1:]}, card slot: {SLOT_WORDS.get(slot, slot)}")
                return self._leader_title(obs), "one", Choice(action, label), self._battle_prompt(obs)
            case A.ShowCard(card=c):
                part = (obs.battle.prescience if obs.battle is not None else None) or "battle"
                label = line(f"Show {n.card_name(c)}" if c else "Show that you play no card there")
                return (
                    f"Show Jol-Nar your {part} card",
                    "one",
                    Choice(action, label, n.card_help.get(c or "", "")),
                    "",
                )
            case A.GiveOrder(play=play, kind=kind, what=what):
                if play is None:
                    label = line("Give no order")
                else:
                    thing = n.card_name(what) if kind == "card" else f"a type {what} {kind} card"
                    label = line(f"Order: {'play' if play else 'do not play'} {thing}")
                return "Xxcha voice: an order to your opponent", "one", Choice(action, label), ""
            case A.PlayCards(attack=a, defense=d):
                label = line(f"Attack: {n.card_name(a)}; defense: {n.card_name(d)}")
                return (
                    "Play your battle cards (sealed)",
                    "one",
                    Choice(action, label),
                    self._battle_prompt(obs),
                )
            case A.RevealTraitor(reveal=reveal):
                other = self._opponent_leader(obs)
                shown = (
                    f"Reveal your traitor card: {n.leader_name(other)} is yours"
                    if other
                    else "Reveal your traitor card"
                )
                label = line(shown if reveal else "Do not reveal a traitor")
                return "Traitor", "one", Choice(action, label), self._battle_prompt(obs)
            case A.ChooseLosses(units=u, mechanized=m):
                return "Choose the units you lose", "one", Choice(action, line(f"Lose {_units(u, m)}")), ""
            case A.KeepCards(attack=ka, defense=kd):
                return (
                    "Keep the cards you played?",
                    "one",
                    Choice(action, line(self._keep_words(obs, ka, kd))),
                    "",
                )
            case A.Betray(reveal=reveal):
                label = line(f"Reveal betrayal card {obs.betrayal}" if reveal else "Shake hands")
                return "Your alliance wins: shake hands or betray", "one", Choice(action, label), ""
            case A.PlayCard(card=c) if obs.step == "card_window":
                label = line(f"Play the {n.card_name(c)}" if c else "Play no card")
                return (
                    f"{WINDOW_WORDS.get(obs.card_window or '', 'Now')}: play a strategy card? (sealed)",
                    "one",
                    Choice(action, label, n.card_help.get(c or "", "")),
                    "Everyone who could play a card answers at once; the plays are shown when all have"
                    " answered and resolve cancelling effects first, then in player order.",
                )
            case A.PlayCard(card=c):
                label = line(f"Play the {n.card_name(c)}: {self._card_use(obs, c)}")
                return (
                    "Play a strategy card",
                    "one",
                    Choice(action, label, n.card_help.get(c or "", "")),
                    "",
                )
            case A.MoveFleet(sectors=k):
                return (
                    "Fleet sabotage: how far the fleet moves",
                    "number",
                    Choice(action, line(f"Move the fleet {_plural(k, 'sector')}")),
                    f"The fleet is over sector {obs.fleet}; it bombards every sector it enters.",
                )
            case A.EmergencyRecruit(units=u, leader=ld):
                what = n.leader_name(ld, strength=True) if ld else _units(u)
                return (
                    f"Play the {n.card_name(EMERGENCY_RECRUITMENT)}",
                    "one",
                    Choice(
                        action,
                        line(f"Bring back {what} for free"),
                        n.card_help.get(EMERGENCY_RECRUITMENT, ""),
                    ),
                    "Your usual recruitment follows.",
                )
            case A.SpareAlly(spare=spare):
                label = line("Spare your allies' units" if spare else "Spare nobody")
                where = n.influence.get(obs.offensive_card or "", "")
                return (
                    "Sol Offensive: spare your allies?",
                    "one",
                    Choice(action, label),
                    f"The Sol Offensive strikes the areas of the last area card ({where})." if where else "",
                )
            case A.GiveConsent(agree=agree):
                asker, advantage = obs.consent if obs.consent is not None else (-1, "")
                words = CONSENT_WORDS.get(advantage, advantage.replace("_", " "))
                label = line(f"Agree to {words}" if agree else f"Refuse {words}")
                return (
                    "Your ally asks for your consent",
                    "one",
                    Choice(action, label),
                    f"Your ally wants to use your ally card: {words}." if asker >= 0 else "",
                )
            case A.Ask(seat=q, kind=kind, what=what):
                return self._question(obs, action, q, kind, what)
        return "Your decision", "one", Choice(action, line(self.game.describe_action(action))), ""  # type: ignore[arg-type]

    def _card_use(self, obs: RexObservation, card: str | None) -> str:
        """What playing ``card`` does inside the decision the viewer is making now."""
        if card == DIPLOMATIC_INTERFERENCE:
            return {
                "bid": f"take card {obs.auction} without paying",
                "foresee": "cancel Jol-Nar's prescience",
                "battle_cards": "cancel the Xxcha's order",
            }.get(obs.step, "cancel a race ability")
        return CARD_USES.get(card or "", self.names.card_help.get(card or "", ""))

    def _question(
        self, obs: RexObservation, action: Action, seat: int, kind: str, what: str
    ) -> tuple[str, str, Choice, str]:
        """An interrogation question: one decision per player asked and kind of question."""
        n = self.names
        view = obs.seats[seat] if 0 <= seat < len(obs.seats) else None
        whom = f"the {n.race_name(view.race)}" if view is not None and view.race else "a player"
        prompt = "The answer is given truthfully and publicly."
        if kind == "card":
            label = line("Does ", SeatRef(seat), f" hold the {n.card_name(what)}?")
            return f"Interrogation: ask {whom} about a strategy card", "one", Choice(action, label), prompt
        if kind == "traitor":
            who = n.leader_name(what, race=True)
            label = line("Does ", SeatRef(seat), f" hold the traitor card of {who}?")
            return f"Interrogation: ask {whom} about a traitor card", "one", Choice(action, label), prompt
        if kind == "predicted_race":
            label = line("Did ", SeatRef(seat), f" predict the {n.race_name(what)} to win?")
            return f"Interrogation: ask {whom} about the predicted race", "one", Choice(action, label), prompt
        label = line("Did ", SeatRef(seat), f" predict round {what}?")
        return f"Interrogation: ask {whom} about the predicted round", "number", Choice(action, label), prompt

    def _own_units(self, obs: RexObservation, piece: str, me: int) -> str:
        for st in obs.stacks:
            if st.piece == piece and st.seat == me:
                return _units(st.units, st.mechanized)
        return "no units"

    def _landing_words(self, obs: RexObservation, u: int, m: int) -> str:
        n = self.names
        if obs.landing_mode == 1:
            return f"Cross-land {_units(u, m)} from {n.piece_name(obs.origin)} to {n.piece_name(obs.target)}"
        if obs.landing_mode == 2:
            return f"Withdraw {_units(u, m)} from {n.piece_name(obs.target or obs.origin)}"
        return f"Land {_units(u, m)} in {n.piece_name(obs.target)}"

    def _keep_words(self, obs: RexObservation, ka: bool, kd: bool) -> str:
        plan = self._own_plan(obs)
        att = self.names.card_name(plan.attack if plan else None)
        dfn = self.names.card_name(plan.defense if plan else None)
        if ka and kd:
            return f"Keep both ({att} and {dfn})"
        if ka:
            return f"Keep {att}" + (f", discard {dfn}" if plan and plan.defense not in (None, "none") else "")
        if kd:
            return f"Keep {dfn}" + (f", discard {att}" if plan and plan.attack not in (None, "none") else "")
        return "Discard the cards you played"

    def _opponent_leader(self, obs: RexObservation) -> str | None:
        """The leader the viewer's opponent revealed in this battle, if any."""
        if obs.battle is None:
            return None
        plan = next((p for p in obs.battle.plans if p.seat != obs.viewer), None)
        return plan.leader if plan is not None and plan.leader not in (None, "no leader") else None

    def _own_plan(self, obs: RexObservation) -> PlanView | None:
        if obs.battle is None:
            return None
        return next((p for p in obs.battle.plans if p.seat == obs.viewer), None)

    def _auction_title(self, obs: RexObservation) -> str:
        return f"Bidding: card {obs.auction} of {_row_total(obs)}"

    def _auction_prompt(self, obs: RexObservation) -> str:
        high = f"High bid {obs.high_bid}." if obs.high_bidder >= 0 else "No bid yet."
        seen = (
            f" You looked at it: {self.names.card_name(obs.card_on_auction)}." if obs.card_on_auction else ""
        )
        return f"Card {obs.auction} of {_row_total(obs)} is on auction. {high}{seen}"

    def _dial_title(self, obs: RexObservation) -> str:
        if obs.step == "foresee":
            return "Jol-Nar asks for your dial: set it now"
        return "Battle plan: set your dial (sealed)"

    def _leader_title(self, obs: RexObservation) -> str:
        if obs.step == "foresee":
            return "Jol-Nar asks for your leader: choose it now"
        return "Battle plan: your leader and card slot (sealed)"

    def _battle_prompt(self, obs: RexObservation) -> str:
        b = obs.battle
        if b is None:
            return ""
        return f"Battle in {self.names.area_name(b.area)}."

    # -- what a choice costs (RULES §8, §9.2-§9.4), read from the viewer's observation -------------
    # The engine prices a move from the state (phases/recruitment.py, phases/maneuvering.py); these
    # say the same price from what the viewer sees, so a player reads it before committing
    # (tests/games/rex/test_present_costs.py holds them to the engine's prices).
    def _race(self, obs: RexObservation, seat: int) -> int:
        race = obs.seats[seat].race if 0 <= seat < len(obs.seats) else None
        return self.game.ctx.t.race_ids.index(race) if race else -1

    def _allied_with_race(self, obs: RexObservation, seat: int, race: int) -> bool:
        """§13.3: is ``seat`` allied with the seat playing ``race``?"""
        mine = obs.seats[seat].alliance
        return any(
            v.seat != seat and mine >= 0 and v.alliance == mine and self._race(obs, v.seat) == race
            for v in obs.seats
        )

    def recruit_price(self, obs: RexObservation, units: int, mech: int, leader: str | None) -> int:
        """RULES §8: 2 influence a unit beyond the free ones (an ally of the Sol recruits 3 free,
        the Sol's ally card [Dune]); the units beyond the 5-unit limit are the Lazax's to pay (their
        ally card), not the recruiter's; a leader costs his strength."""
        t = self.game.ctx.t
        me = obs.viewer if obs.viewer is not None else -1
        if me < 0:
            return 0
        free = t.free_recruitment[self._race(obs, me)]
        if self._allied_with_race(obs, me, SOL):
            free = max(free, SOL_ALLY_FREE_RECRUITS)
        own = units + mech - max(0, units + mech - t.recruit_max_units)
        cost = max(0, own - free) * t.recruit_unit_cost
        if leader:
            cost += next((lv.strength for lv in obs.seats[me].leaders if lv.leader == leader), 0)
        return cost

    def landing_rate(self, obs: RexObservation, piece: str) -> int:
        """RULES §9.4: influence a unit for landing in ``piece``: always 1 in the Galactic Council,
        2 where another player's units are, else 1."""
        b, t = self.game.ctx.b, self.game.ctx.t
        area = b.piece_area[b.piece_index[piece]]
        if area == b.council:
            return t.landing_cost_council
        others = {st.seat for st in obs.stacks if b.piece_area[b.piece_index[st.piece]] == area}
        return t.landing_cost_enemy if others - {obs.viewer} else t.landing_cost

    def landing_price(self, obs: RexObservation, count: int) -> int:
        """RULES §9.4 and §18: what landing (or the Hacan's cross-landing or withdrawal) of ``count``
        units costs the viewer: the Sol land free; the Hacan and their allies pay half, rounded up;
        a withdrawal costs 1 for every 2 units, rounded up."""
        me = obs.viewer if obs.viewer is not None else -1
        race = self._race(obs, me)
        if obs.landing_mode == WITHDRAW:
            return (count + 1) // 2
        if race == SOL or obs.target is None:
            return 0
        cost = self.landing_rate(obs, obs.target) * count
        if self.game.ctx.config.hacan_half_price and (
            race == HACAN or self._allied_with_race(obs, me, HACAN)
        ):
            cost = (cost + 1) // 2
        return cost

    def move_lines(self, obs: RexObservation, piece: str) -> tuple[int, int]:
        """RULES §9.2-§9.3: the lines a move from the chosen origin to ``piece`` crosses (around the
        bombarded sector), and the viewer's movement allowance this phase."""
        b = self.game.ctx.b
        me = obs.viewer if obs.viewer is not None else -1
        most = obs.allowance[me] if 0 <= me < len(obs.allowance) else 0
        if obs.origin is None:
            return 0, most
        return b.distance(b.piece_index[obs.origin], b.piece_index[piece], obs.fleet), most

    def _rate_words(self, obs: RexObservation, piece: str) -> str:
        me = obs.viewer if obs.viewer is not None else -1
        if self._race(obs, me) == SOL:
            return " (free)"
        rate = self.landing_rate(obs, piece)
        half = self.game.ctx.config.hacan_half_price and (
            self._race(obs, me) == HACAN or self._allied_with_race(obs, me, HACAN)
        )
        return f" ({rate} influence a unit{', half price' if half else ''})"

    def _recruit_prompt(self, obs: RexObservation) -> str:
        me = obs.viewer if obs.viewer is not None else -1
        if me < 0:
            return ""
        t = self.game.ctx.t
        free = t.free_recruitment[self._race(obs, me)]
        if self._allied_with_race(obs, me, SOL):
            free = max(free, SOL_ALLY_FREE_RECRUITS)
        return (
            f"Up to {t.recruit_max_units} units: the first {free} free, each further one"
            f" {t.recruit_unit_cost} influence; a leader costs his strength."
            f" You have {obs.seats[me].influence} influence."
        )

    # -- log -------------------------------------------------------------------------------------
    def log(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        """The log lines ``viewer`` may read (the engine's own visibility rule), seats as refs."""
        shown = log.visible(events, viewer, omniscient)
        races: dict[int, str] = {}
        for e in shown:  # who plays which race, for the values that depend on it
            if isinstance(e, E.RaceChosen):
                races[e.seat] = e.race
            elif isinstance(e, E.RacesDealt):
                races.update(enumerate(e.races))
        told = _without_twins_of_private_lines(shown)
        return [said for e in told if (said := self.event_line(e, races)) is not None]

    def summary(self, events: Iterable[Event], viewer: Viewer, *, omniscient: bool = False) -> list[Line]:
        """One line per round as ``viewer`` saw it: the first player, each battle and who won it,
        and the end (seats as refs, areas by their content names)."""
        out: list[Line] = []
        for r in log.round_summaries(events, viewer, omniscient):
            parts: list[Span] = [f"Round {r['round']} (first player ", SeatRef(r["first_player"]), "): "]
            for i, b in enumerate(r["battles"]):
                won: list[Span] = [SeatRef(b["winner"])] if b["winner"] is not None else ["nobody"]
                parts += [", " if i else "", f"{self.names.area_name(b['area'])}: ", *won]
            if not r["battles"]:
                parts.append("no battles")
            if r.get("winners") is not None:
                kind = VICTORY_NAMES.get(r["victory"], str(r["victory"]).replace("_", " "))
                parts += ["; won by ", *(_seats(r["winners"]) or ["nobody"]), f" ({kind})"]
            out.append(line(*parts, "."))
        return out

    def _losses(self, losses: tuple[tuple[int, int, int], ...]) -> list[Span]:
        if not losses:
            return ["nothing is hit"]
        out: list[Span] = []
        for i, (seat, u, m) in enumerate(losses):
            out += ["; " if i else "", SeatRef(seat), f" loses {_units(u, m)}"]
        return out

    def event_line(self, event: Event, races: dict[int, str] | None = None) -> Line | None:
        """One line for an event, seats as ``SeatRef``; None for events only the engine needs.
        ``races`` (seat to race) marks the starting values of a race that are estimated."""
        races = races or {}
        n = self.names
        S = SeatRef  # noqa: N806 - short, as the log reads
        match event:
            case E.BombardmentCardsDealt(values=v, first_player=fp):
                dealt: list[Span] = ["Bombardment cards dealt: "]
                for p, value in enumerate(v):
                    dealt += [", " if p else "", S(p), f" {value}"]
                mark = ESTIMATED if n.bombardment_estimated else ""
                return line(*dealt, mark, "; ", S(fp), " is first player.")
            case E.RaceChosen(seat=p, race=r):
                return line(S(p), f" chooses the {n.race_name(r)}.")
            case E.RacesDealt(races=rs):
                spans: list[Span] = ["Races dealt: "]
                for p, r in enumerate(rs):
                    spans += [", " if p else "", S(p), f" the {n.race_name(r)}"]
                return line(*spans, ".")
            case E.PredictionMade(seat=p, race=r, round=rnd):
                if r is None:
                    return line(S(p), " (Xxcha) makes a secret prediction.")
                return line(f"You predict the {n.race_name(r)} to win in round {rnd}.")
            case E.TraitorsDealt(seat=p, count=c, leaders=ls):
                if ls:
                    return line(
                        "You are dealt traitor cards: "
                        + ", ".join(n.leader_name(x, strength=True, race=True) for x in ls)
                        + "."
                    )
                return line(S(p), f" is dealt {_plural(c, 'traitor card')}.")
            case E.TraitorKept(seat=p, leader=ld):
                if ld:
                    # named as the choice named him: "Ambassador" alone could be any race's
                    return line(f"You keep the traitor card of {n.leader_name(ld, race=True)}.")
                return line(S(p), " keeps a traitor card.")
            case E.TraitorDraftDone():
                return line("The other traitor cards are shuffled back.")
            case E.FleetDialSet(seat=p):
                return line(S(p), " sets the fleet dial.")
            case E.FleetPlaced(dials=ds, sector=sec):
                spans = ["Fleet dials: "]
                for i, (p, v) in enumerate(ds):
                    spans += [", " if i else "", S(p), f" {v}"]
                return line(*spans, f"; the fleet starts over sector {sec}.")
            case E.StrategyCardsDrawn(seat=p, count=c, cards=cs):
                if cs:
                    return line("You draw " + ", ".join(map(n.card_name, cs)) + ".")
                return line(S(p), f" draws {_plural(c, 'strategy card')}.")
            case E.StrategyDeckReshuffled(cards=c):
                return line(f"The strategy discard pile becomes the new deck ({_plural(c, 'card')}).")
            case E.InfluenceTaken(seat=p, amount=a):
                mark = ESTIMATED if n.start_influence_estimated.get(races.get(p, ""), False) else ""
                return line(S(p), f" takes {a} starting influence{mark}.")
            case E.UnitsPlaced(seat=p, piece=pc, units=u):
                mark = ESTIMATED if n.start_units_estimated.get((races.get(p, ""), pc), False) else ""
                return line(S(p), f" places {_units(u)}{mark} in {n.piece_name(pc)}.")
            case E.BetrayalCardDealt(seat=p, number=num):
                if num:
                    return line(f"You are dealt betrayal card {num} ({n.betrayal.get(num, '')}).")
                return line(S(p), " is dealt a betrayal card.")
            case E.RoundStarted(round=rnd, first_player=fp):
                return line(f"Round {rnd} of {self.rounds} begins; ", S(fp), " is first player.")
            case E.InfluenceCardDrawn(card=c):
                return line(f"Drawn: {n.influence.get(c, c)}.")
            case E.InfluenceCardIgnored(card=c, reason=why):
                when = "in round 1 it is set aside" if why == "round_1" else "the second this phase"
                return line(f"{n.influence.get(c, c)} has no effect ({when}).")
            case E.InfluenceDeckReshuffled(cards=c):
                return line(f"The influence discards become the new deck ({_plural(c, 'card')}).")
            case E.InfluencePlaced(piece=pc, amount=a, printed=printed):
                mark = ESTIMATED if pc in n.influence_amount_estimated else ""
                if a:
                    return line(f"{a} influence{mark} on {n.piece_name(pc)}.")
                return line(f"No influence on {n.piece_name(pc)} ({printed}{mark} on the card).")
            case E.SolOffensive(areas=areas, losses=ls, influence=inf):
                where = " and ".join(map(n.area_name, areas))
                return line(f"Sol Offensive on {where}: ", *self._losses(ls), f"; {inf} influence destroyed.")
            case E.OffensivesShuffledBack(cards=c):
                return line(f"{_plural(c, 'Sol Offensive card')} shuffled back into the influence deck.")
            case E.CeasefireOpened():
                return line("Temporary Ceasefire: alliances may be made and influence given.")
            case E.CeasefireEnded():
                return line("The ceasefire ends.")
            case deals.Given(giver=a, receiver=b, amount=amount):
                return line(S(a), f" gives {amount} influence to ", S(b), ".")
            case deals.DealProposed(proposal=prop):
                members = [
                    p
                    for t in prop.terms
                    if isinstance(t, deals.Ally)
                    for p in t.members
                    if p != prop.proposer
                ]
                return line(S(prop.proposer), " proposes an alliance to ", *_seats(members), ".")
            case deals.DealAccepted(seat=p):
                return line(S(p), " accepts the alliance proposal.")
            case deals.DealDeclined(seat=p):
                return line(S(p), " declines the alliance proposal.")
            case deals.DealWithdrawn(seat=p):
                return line(S(p), " withdraws the alliance proposal.")
            case deals.DealStruck():
                return None  # "Alliance formed" says it
            case deals.DealLapsed():
                return line("An alliance proposal lapses unanswered.")
            case deals.AllianceFormed(members=ms):
                return line("Alliance formed: ", *_seats(ms), ".")
            case deals.AllianceLeft(seat=p, remaining=rest):
                if rest:
                    return line(S(p), " leaves the alliance; ", *_seats(rest), " stay allied.")
                return line(S(p), " leaves the alliance.")
            case E.AuctionRowDrawn(count=c):
                return line(f"{_plural(c, 'strategy card')} go up for auction.")
            case E.StrategyCardInspected(card=c):
                return line(f"You look at the card on auction: {n.card_name(c)}.")
            case E.AuctionOpened(number=num, opener=p):
                return line(f"Card {num} is on auction; ", S(p), " bids first.")
            case E.BidMade(seat=p, amount=a):
                return line(S(p), f" bids {a}.")
            case E.BidPassed(seat=p, forced=forced):
                return line(S(p), " passes" + (" (cannot bid)." if forced else "."))
            case E.StrategyCardSold(seat=p, price=price, paid_to=to):
                if to is not None:
                    return line(S(p), f" buys the card for {price}, paid to ", S(to), ".")
                return line(S(p), f" buys the card for {price}.")
            case E.StrategyCardTaken(seat=p, bonus=bonus, card=c):
                if c:
                    return line(f"You take {n.card_name(c)}" + (" (bonus card)." if bonus else "."))
                return line(S(p), " takes a bonus card." if bonus else " takes the card.")
            case E.AuctionRowReturned(cards=c):
                return line(f"Nobody bids: {_plural(c, 'card')} go back into the deck.")
            case E.PhaseStarted(phase=ph):
                return line(f"{ph.capitalize()} phase.")
            case E.Recruited(seat=p, units=u, mechanized=m, leader=ld, cost=cost):
                extra = f" and {n.leader_name(ld)}" if ld else ""
                return line(S(p), f" recruits {_units(u, m)}{extra} for {cost} influence.")
            case E.HacanTurnTiming(seat=p, now=now, before=b):
                return line(
                    S(p),
                    " (Hacan) take their turn now, before " if now else " (Hacan) wait; next is ",
                    S(b),
                    ".",
                )
            case E.ManeuverTurnStarted(seat=p):
                return None
            case E.UnitsMoved(seat=p, origin=o, target=t, units=u, mechanized=m, lines=ln):
                return line(
                    S(p),
                    f" moves {_units(u, m)} from {n.piece_name(o)} to {n.piece_name(t)}",
                    f" ({_plural(ln, 'line')}).",
                )
            case E.UnitsLanded(seat=p, piece=pc, units=u, mechanized=m, cost=c, paid_to=to, origin=o):
                where = f" from {n.piece_name(o)}" if o else ""
                paid: list[Span] = [", paid to ", S(to)] if to is not None else []
                verb = "cross-lands" if o else "lands"
                return line(S(p), f" {verb} {_units(u, m)}{where} in {n.piece_name(pc)} for {c}", *paid, ".")
            case E.UnitsWithdrawn(seat=p, piece=pc, units=u, mechanized=m, cost=c):
                return line(S(p), f" withdraws {_units(u, m)} from {n.piece_name(pc)} for {c}.")
            case E.EnvoySent(seat=p, sent=sent):
                return line(S(p), " (Xxcha) send an envoy to the Galactic Council.") if sent else None
            case E.BattleStarted(area=a, aggressor=x, defender=y):
                return line(f"Battle in {n.area_name(a)}: ", S(x), " attacks ", S(y), ".")
            case E.PrescienceUsed(seat=p, part=part):
                return line(S(p), f" (Jol-Nar) asks to see the opponent's {PART_WORDS.get(part, part)}.")
            case E.PartForeseen(seat=p, part=part, shown=shown):
                if shown:
                    return line(
                        S(p), f" shows you the {PART_WORDS.get(part, part)}: {foreseen(n, part, shown)}."
                    )
                return line(S(p), f" settles the {PART_WORDS.get(part, part)} first.")
            case E.BattlePlanPartSet():
                return None
            case E.BattlePlansRevealed(dials=ds, leaders=ls, slots=ss):
                slots = (
                    f"; card slots {SLOT_WORDS.get(ss[0], ss[0])} / {SLOT_WORDS.get(ss[1], ss[1])}"
                    if ss
                    else ""
                )
                return line(
                    f"Plans revealed: dials {ds[0]} / {ds[1]}, leaders {n.leader_name(ls[0], strength=True)}"
                    f" / {n.leader_name(ls[1], strength=True)}{slots}."
                )
            case E.VoiceUsed(seat=p, play=play, kind=k, what=w):
                thing = n.card_name(w) if k == "card" else f"a type {w} {k} card"
                return line(S(p), f" (Xxcha) order: {'play' if play else 'do not play'} {thing}.")
            case E.BattleCardsRevealed(attack=at, defense=df):
                return line(
                    f"Cards revealed: attack {n.card_name(at[0])} / {n.card_name(at[1])},"
                    f" defense {n.card_name(df[0])} / {n.card_name(df[1])}."
                )
            case E.TraitorRevealed(seat=p, leader=ld):
                return line(S(p), f" reveals a traitor: {n.leader_name(ld)}!")
            case E.LeaderKilled(leader=ld, cause=cause):
                return line(
                    f"{n.leader_name(ld)} is killed (by {'a card' if cause == 'card' else 'treachery'})."
                )
            case E.UnitsDestroyed(seat=p, area=a, units=u, mechanized=m):
                return line(S(p), f" loses {_units(u, m)} in {n.area_name(a)}.") if u or m else None
            case E.BattleFought(area=a, winner=w, strength=st):
                strengths = f" ({st[0]} to {st[1]})" if st else ""
                if w is None:
                    return line(f"Nobody wins the battle in {n.area_name(a)}.")
                return line(S(w), f" wins the battle in {n.area_name(a)}{strengths}.")
            case E.CardsKept(seat=p, cards=cs):
                if cs:
                    return line(S(p), " keeps " + ", ".join(map(n.card_name, cs)) + ".")
                return line(S(p), " keeps no card.")
            case E.InfluenceCollected(seat=p, area=a, amount=amount):
                if a:
                    return line(S(p), f" collects {amount} influence from {n.area_name(a)}.")
                return line(S(p), f" receives {amount} influence in support.")
            case E.BombardmentCardRevealed(value=v):
                mark = ESTIMATED if n.bombardment_estimated else ""
                return line(f"Bombardment card: the fleet moves {_plural(v, 'sector')}{mark}.")
            case E.SectorBombarded(sector=sec, losses=ls, influence=inf):
                where = f"Sector {sec} is bombarded: " if sec else "The Sol's half losses: "
                destroyed = f"; {inf} influence destroyed." if inf else "."
                return line(where, *self._losses(ls), destroyed)
            case E.FleetStopped(sector=sec):
                return line(f"The fleet stops over sector {sec}.")
            case E.FirstPlayerPassed(first_player=fp):
                return line(S(fp), " becomes first player.")
            case E.LeadersRested() | E.StrongholdsHeld():
                return None
            case E.PredictionFulfilled(seat=p, race=r, round=rnd):
                return line(
                    "The Xxcha (", S(p), f") predicted the {n.race_name(r)} in round {rnd}: they win instead!"
                )
            case E.BetrayalAnswered(seat=p, number=num, met=met):
                if num is None:
                    return line(S(p), " shakes hands.")
                name = n.betrayal.get(num, "")
                return line(S(p), f" reveals betrayal card {num} ({name}): {'met' if met else 'not met'}.")
            case E.CardWindowOpened(window=w, seats=ss):
                when = WINDOW_WORDS.get(w, f"The {w} phase")
                return line(f"{when}: strategy cards may be played; ", *_seats(ss), " answer at once.")
            case E.CardWindowAnswered():
                return None  # sealed; who is still to answer shows with the table
            case E.StrategyCardPlayed(seat=p, card=c, effect=what):
                return line(S(p), f" plays the {n.card_name(c)}: {EFFECT_WORDS.get(what, what)}.")
            case E.StrategyCardUnplayable(seat=p, card=c):
                return line(
                    S(p), f" announced the {n.card_name(c)}, but it can no longer act; it stays in hand."
                )
            case E.FleetSabotaged(seat=p, sectors=k):
                return line(S(p), f" moves the fleet {_plural(k, 'sector')}.")
            case E.ShieldDestroyed(seat=p, area=a, losses=ls):
                return line(S(p), f" destroys the shield at {n.area_name(a)}: ", *self._losses(ls), ".")
            case E.AbilityCancelled():
                return None  # the card's own line says what it cancels
            case E.EmergencyRecruited(seat=p, units=u, leader=ld):
                what = n.leader_name(ld) if ld else _units(u)
                return line(S(p), f" brings back {what} from the casualty pool for free.")
            case E.AllySpared(seat=p, spare=spare):
                verb = (
                    " (Sol) spare their allies' units."
                    if spare
                    else " (Sol) do not spare their allies' units."
                )
                return line(S(p), verb)
            case E.ConsentAsked(seat=p, owner=o, advantage=adv):
                words = CONSENT_WORDS.get(adv, adv.replace("_", " "))
                return line(S(p), " asks ", S(o), f" for consent to {words}.")
            case E.ConsentGiven(owner=o, advantage=adv, agree=agree):
                words = CONSENT_WORDS.get(adv, adv.replace("_", " "))
                return line(S(o), f" {'agrees to' if agree else 'refuses'} {words}.")
            case E.QuestionAnswered(seat=p, holder=h, kind=k, what=w, answer=yes):
                subject = {
                    "card": n.card_name,
                    "traitor": lambda x: n.leader_name(x, race=True),
                    "predicted_race": n.race_name,
                }.get(k, str)(w)
                question = QUESTION_WORDS.get(k, k.replace("_", " ") + " {}").format(subject)
                return line(S(p), " asks ", S(h), f": do you {question}? {'Yes' if yes else 'No'}.")
            case E.GameWon(winners=ws, victory=how, round=rnd):
                kind = VICTORY_NAMES.get(how, how.replace("_", " "))
                if not ws:
                    return line(f"Round {rnd}: nobody wins ({kind}).")
                verb = " win" if len(ws) > 1 else " wins"
                return line(f"Round {rnd}: ", *_seats(ws), f"{verb} ({kind}).")
        said = log.describe_event(event, n)
        return _with_seat_refs(said) if said else None

    # -- the table -------------------------------------------------------------------------------
    def panels(self, observation: RexObservation) -> tuple[Panel, ...]:
        obs = observation
        panels = [Panel("The table", self._table(obs)), Panel("Players", self._players(obs))]
        if obs.battle is not None:
            panels.append(Panel("Battle", self._battle(obs)))
        panels.append(Panel("The board", self._board(obs)))
        if obs.viewer is not None:
            panels.append(Panel("Yours alone", self._own(obs)))
        return tuple(panels)

    def _table(self, obs: RexObservation) -> tuple[Line, ...]:
        head = f"Round {obs.round} of {self.rounds}" if obs.round else "Setting up"
        rows: list[Line] = [line(f"{head} · {self.step_title(obs)}")]
        if obs.seats and 0 <= obs.first_player < obs.players:
            rows.append(line("First player: ", SeatRef(obs.first_player)))
        if obs.fleet:
            shield = " · the shield is destroyed" if obs.shield_destroyed else ""
            rows.append(line(f"The Sol fleet is over sector {obs.fleet}{shield}"))
        rows.append(
            line(
                f"Influence deck {obs.influence_deck_size} · strategy deck {obs.strategy_deck_size}"
                f" · bank {'unlimited' if obs.pool < 0 else obs.pool}"
            )
        )
        if obs.influence_discard:
            rows.append(
                line(f"Last influence card: {self.names.influence.get(obs.influence_discard[-1], '?')}")
            )
        if obs.step == "bid" and obs.row_size:
            high: tuple[Span, ...] = (
                (f" · high bid {obs.high_bid} by ", SeatRef(obs.high_bidder))
                if obs.high_bidder >= 0
                else (" · no bid yet",)
            )
            rows.append(line(f"Auction: card {obs.auction} of {_row_total(obs)}", *high))
        if obs.card_window:
            when = WINDOW_WORDS.get(obs.card_window, obs.card_window)
            rows.append(line(f"{when}: strategy cards may be played (answers sealed until all are in)"))
        if obs.offensive_card is not None:
            where = self.names.influence.get(obs.offensive_card, "?")
            rows.append(
                line(
                    f"A Sol Offensive strikes the areas of {where};"
                    " the Sol decide whether to spare their allies"
                )
            )
        if obs.consent is not None:
            asker, advantage = obs.consent
            words = CONSENT_WORDS.get(advantage, advantage.replace("_", " "))
            rows.append(line(SeatRef(asker), f" asks for consent to {words}"))
        if obs.strategy_removed:
            gone = ", ".join(map(self.names.card_name, obs.strategy_removed))
            rows.append(line(f"Strategy cards out of the game: {gone}"))
        rows += self._facts(obs)
        if obs.to_act:
            rows.append(line("To act: ", *_seats(obs.to_act)))
        rows.append(line("Values marked (estimated) are stand-ins for printed values not yet public."))
        return tuple(rows)

    def _facts(self, obs: RexObservation) -> list[Line]:
        """The public answers to interrogation questions that still hold."""
        n = self.names
        rows: list[Line] = []
        for seat, kind, what, yes in obs.facts:
            subject = {
                "card": n.card_name,
                "traitor": lambda x: n.leader_name(x, race=True),
                "predicted_race": n.race_name,
            }.get(kind, str)(what)
            question = QUESTION_WORDS.get(kind, kind.replace("_", " ") + " {}").format(subject)
            verb = question.replace("hold ", "holds ", 1) if yes else "does not " + question
            if yes and kind.startswith("predicted"):
                verb = question.replace("predict ", "predicted ", 1)
            elif not yes and kind.startswith("predicted"):
                verb = "did not " + question
            rows.append(line("Known from a question: ", SeatRef(seat), f" {verb}"))
        return rows

    def _players(self, obs: RexObservation) -> tuple[Line, ...]:
        rows: list[Line] = []
        on_board = {p: 0 for p in range(obs.players)}
        for st in obs.stacks:
            on_board[st.seat] = on_board.get(st.seat, 0) + st.units + st.mechanized
        allies = {p: deals.allies_of(obs.deals, p) for p in range(obs.players)}
        for view in obs.seats:
            mech = f" (+{view.reserves_mech} mechanized)" if view.reserves_mech else ""
            dead = f" (+{view.casualties_mech} mechanized)" if view.casualties_mech else ""
            ally: tuple[Span, ...] = (
                (", allied with ", *_seats(allies[view.seat])) if allies[view.seat] else ()
            )
            known = (
                f", known cards: {', '.join(map(self.names.card_name, view.known_cards))}"
                if view.known_cards
                else ""
            )
            rows.append(
                line(
                    "▶ " if view.seat in obs.to_act else "",
                    SeatRef(view.seat),
                    f": {'the ' + self.names.race_name(view.race) if view.race else 'no race yet'}"
                    f" · influence {view.influence} · units on the board {on_board.get(view.seat, 0)}"
                    f" · reserves {view.reserves}{mech} · casualties {view.casualties}{dead}"
                    f" · hand {view.hand_size} · traitors {view.traitors}{known}",
                    *ally,
                )
            )
            if view.leaders:
                rows.append(
                    line(
                        "    leaders: "
                        + "; ".join(self._leader_status(lv.leader, lv.status) for lv in view.leaders)
                    )
                )
        return tuple(rows)

    def _leader_status(self, leader: str, status: str) -> str:
        where = {"ready": "", "dead": ", dead"}.get(status, f", fought in {self.names.area_name(status)}")
        return f"{self.names.leader_name(leader, strength=True)}{where}"

    def _battle(self, obs: RexObservation) -> tuple[Line, ...]:
        b = obs.battle
        assert b is not None
        n = self.names
        rows: list[Line] = [
            line(f"In {n.area_name(b.area)}: ", SeatRef(b.aggressor), " attacks ", SeatRef(b.defender))
        ]
        for plan in b.plans:
            parts = [
                f"dial {plan.dial}" if plan.dial is not None else "dial ?",
                f"leader {n.leader_name(plan.leader)}" if plan.leader is not None else "leader ?",
                f"slot {SLOT_WORDS.get(plan.slot, plan.slot)}" if plan.slot is not None else "slot ?",
                f"attack {n.card_name(plan.attack)}" if plan.attack is not None else "attack ?",
                f"defense {n.card_name(plan.defense)}" if plan.defense is not None else "defense ?",
            ]
            rows.append(line(SeatRef(plan.seat), ": " + ", ".join(parts)))
        if b.order is not None:
            play, kind, what = b.order
            thing = n.card_name(what) if kind == "card" else f"a type {what} {kind} card"
            rows.append(line(f"Xxcha order: {'play' if play else 'do not play'} {thing}"))
        return tuple(rows)

    def _board(self, obs: RexObservation) -> tuple[Line, ...]:
        """The occupied areas (and those with influence): who is there with how many units."""
        n = self.names
        units: dict[str, dict[int, list[int]]] = {}
        for st in obs.stacks:
            area = n.piece_area.get(st.piece, st.piece)
            counts = units.setdefault(area, {}).setdefault(st.seat, [0, 0])
            counts[0] += st.units
            counts[1] += st.mechanized
        influence: dict[str, int] = {}
        guessed: set[str] = set()  # areas whose influence came from an estimated card amount
        for piece, amount in obs.board_influence:
            area = n.piece_area.get(piece, piece)
            influence[area] = influence.get(area, 0) + amount
            if piece in n.influence_amount_estimated:
                guessed.add(area)
        rows: list[Line] = []
        for area in sorted(set(units) | set(influence), key=n.area_name):
            spans: list[Span] = [n.area_name(area), ": "]
            for i, (seat, (u, m)) in enumerate(sorted(units.get(area, {}).items())):
                spans += [", " if i else "", SeatRef(seat), f" {_units(u, m)}"]
            if area in influence:
                mark = ESTIMATED if area in guessed else ""
                spans.append(f"{' · ' if area in units else ''}{influence[area]} influence{mark}")
            rows.append(line(*spans))
        return tuple(rows) or (line("Nothing on the board yet."),)

    def _own(self, obs: RexObservation) -> tuple[Line, ...]:
        n = self.names
        hand = ", ".join(map(n.card_name, obs.hand or ())) or "none"
        rows: list[Line] = [line(f"Your strategy cards: {hand}")]
        if obs.traitors:
            rows.append(
                line(
                    "Your traitor cards: "
                    + ", ".join(n.leader_name(t, strength=True, race=True) for t in obs.traitors)
                )
            )
        if obs.traitor_offers:
            rows.append(
                line(
                    "Traitor cards dealt to you: "
                    + ", ".join(n.leader_name(t, strength=True, race=True) for t in obs.traitor_offers)
                )
            )
        if obs.prediction is not None:
            race, rnd = obs.prediction
            rows.append(line(f"Your prediction: the {n.race_name(race)} win in round {rnd}"))
        if obs.betrayal is not None:
            rows.append(line(f"Your betrayal card: {obs.betrayal} ({n.betrayal.get(obs.betrayal, '')})"))
        if obs.fleet_dial is not None:
            rows.append(line(f"Your sealed dial: {obs.fleet_dial}"))
        if obs.card_on_auction:
            rows.append(line(f"The card on auction: {n.card_name(obs.card_on_auction)}"))
        if obs.next_influence_card:
            rows.append(line(f"Next influence card: {n.influence.get(obs.next_influence_card, '?')}"))
        if obs.next_bombardment is not None:
            rows.append(line(f"Next bombardment card: {obs.next_bombardment}"))
        if obs.window_play is not None:
            answer = "no card" if obs.window_play == "none" else f"the {n.card_name(obs.window_play)}"
            rows.append(line(f"Your sealed answer at this card window: {answer}"))
        return tuple(rows)

    # -- the end ---------------------------------------------------------------------------------
    def score_table(self, outcome: Outcome) -> ScoreTable:
        """§14: 1 for every seat that shares the win, 0 for the others."""
        return ScoreTable(columns=SCORE_COLUMNS, rows=tuple((float(v),) for v in outcome.scores))


# -- a battle's stages, as the battle panel names them (RULES §10.3) -----------------------------
# The plan a battler builds, in order: two sealed parts, the first reveal, the cards (sealed),
# the second reveal.
BATTLE_PLAN_STAGES = (
    ("dial", "Set your dial (sealed)"),
    ("leader", "Choose your leader and card slot (sealed)"),
    ("reveal1", "Dials and leaders are revealed"),
    ("cards", "Choose your cards (sealed)"),
    ("reveal2", "Cards are revealed, then traitors, then the result"),
)
# The reveal everyone sees, one stage after another (§10.3 steps 4-8).
REVEAL_STAGES = (
    ("plans", "Dials and leaders"),
    ("cards", "Cards"),
    ("traitor", "Traitor"),
    ("result", "Result"),
)
ROLE_WORDS = {"aggressor": "aggressor (wins a tie)", "defender": "defender"}  # §10.3 step 8
NO_TRAITOR = "No traitor is revealed."
