"""The conformance suite every registered game must pass (ARCHITECTURE §3, §4, §7.2).

``check_game(factory)`` plays random games and checks, at every state reached:

* ``to_act``: seats are real seats; ``to_act`` is empty iff ``outcome`` is not None; seats outside
  ``to_act`` (and out-of-range seats) have no legal actions, seats inside have at least one.
* ``legal_actions``: unique, stable (the same list twice), typed ``Action``s that round-trip
  through a record's JSON, each accepted by ``apply``, with deterministic results and a
  non-empty ``describe_action``; ``default_action`` is one of them (and refused to others).
* ``purity``: no protocol method mutates its input (canonical digest before and after).
* ``illegal_actions``: a seat outside ``to_act``, an action legal elsewhere but not here, a
  foreign action type, any action once the game is over: all raise a ``RulesError`` subclass
  and leave the state unchanged.
* ``serialisation``: states and observations JSON round-trip (msgspec) to equal values.
* ``no_leak``: for every seat p and several seeds k, ``observe(determinize(s, p, k), p) ==
  observe(s, p)``; the spectator's view is unchanged too; ``to_act`` and p's legal actions are
  unchanged; determinization is deterministic and JSON round-trips.
* ``determinized_play``: a determinized state is a sound position (every seat in ``to_act`` has a
  legal action, nobody else has one, legal actions are accepted), and random play from
  determinized states a quarter, half and three quarters into the game reaches the end.
* ``outcome``: one finite score per seat, winners are distinct seats.
* ``presentation``: the game's decisions (``core.present``) offer every legal action of a seat
  exactly once and nothing else; step titles, panels and the score table are well formed; per
  playout, its log and round summary lines name only real seats and depend only on the events
  the viewer may see.
* ``encoding`` (a game with ``rl_encoding()`` for its configuration): every seat's observation
  vector lies in the observation space, and every legal action has an index that maps back to it.

and, per playout:

* ``terminates``: the game ends within ``max_steps`` decisions.
* ``determinism``: ``start(seed)`` is reproducible, also on a second engine from the factory
  and (for registered games) on ``load_game(name, **config_json())``.
* ``events``: JSON-serialisable, ``visible_to`` names real seats; ``redact`` never hands a seat
  an event outside its ``visible_to``, spectators only public ones; ``render_log`` and
  ``round_summaries`` depend only on the events the viewer may see.
* ``replay``: the record (through JSON) replays to the same final digest, events and outcome.
* ``tamper``: a tampered digest, a different legal action, an illegal seat or a foreign
  game/rules version/content digest in the record raise ``ReplayDivergence`` at the right step.

An engine that raises anything but a ``RulesError`` inside a check fails that check.  Any failure
raises :class:`ConformanceError`, which names the check, the game, the seeds and
the step, and carries the record of the playout up to that step for reproduction.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import msgspec

from turncoat.core import rng
from turncoat.core.actions import Action, Event, redact
from turncoat.core.capabilities import HasEncoding, capability
from turncoat.core.engine import Outcome
from turncoat.core.errors import ReplayDivergence, RulesError
from turncoat.core.present import Panel, SeatRef, presentation_of
from turncoat.core.record import (
    GameRecord,
    RecordedAction,
    decode_action,
    encode_action,
    replay,
    state_digest,
)
from turncoat.core.registry import load_game, registered
from turncoat.core.serialize import canonical_json, pretty_json
from turncoat.core.testing.playout import (
    AnyGame,
    NoLegalAction,
    Playout,
    PlayoutTooLong,
    Step,
    play_from,
    random_playout,
)

STATE_CHECKS: tuple[str, ...] = (
    "to_act",
    "legal_actions",
    "default_action",
    "purity",
    "illegal_actions",
    "serialisation",
    "no_leak",
    "determinized_play",
    "outcome",
    "presentation",
    "encoding",
)
PLAYOUT_CHECKS: tuple[str, ...] = ("terminates", "determinism", "events", "replay", "tamper")
CHECKS: tuple[str, ...] = STATE_CHECKS + PLAYOUT_CHECKS

GameFactory = Callable[[], AnyGame]


class ConformanceError(AssertionError):
    """A game broke the protocol.  ``record`` reproduces the playout up to the failing step."""

    def __init__(
        self,
        check: str,
        message: str,
        *,
        game: str,
        seed: int | None = None,
        policy_seed: int | None = None,
        step: int | None = None,
        record: GameRecord | None = None,
    ) -> None:
        self.check = check
        self.detail = message
        self.game = game
        self.seed = seed
        self.policy_seed = policy_seed
        self.step = step
        self.record = record
        where = f"seed {seed}, policy {policy_seed}, step {step}"
        super().__init__(f"[{check}] {game} ({where}): {message}")

    def record_json(self) -> str:
        return pretty_json(self.record) if self.record is not None else ""


class _ForeignAction(Action, frozen=True, tag="__conformance_foreign__"):
    """An action type no game knows."""

    payload: int = 0


@dataclass
class ConformanceReport:
    """What a ``check_game`` run covered."""

    game: str
    checks: tuple[str, ...]
    playouts: int = 0
    states: int = 0
    actions_applied: int = 0
    illegal_tried: int = 0
    determinizations: int = 0
    longest: int = 0
    lengths: list[int] = field(default_factory=list)


_NOT_YET = object()


def _dig(value: Any) -> str:
    return state_digest(value)


def _key(action: Action) -> bytes:
    return canonical_json(action)


@dataclass
class _Checker:
    game: AnyGame
    factory: GameFactory
    checks: frozenset[str]
    determinizations: int
    max_steps: int
    illegal_samples: int
    report: ConformanceReport
    playout: Playout | None = None
    deep_every: int = 1
    step: int = 0
    pool: dict[bytes, Action] = field(default_factory=dict)
    encoding: Any = _NOT_YET  # the game's RL encoding (see _rl_encoding), looked up once

    # -- failure reporting ---------------------------------------------------------------------
    def fail(self, check: str, message: str) -> ConformanceError:
        record = None
        if self.playout is not None:
            record = self.playout.record(self.game, upto=self.step)
        return ConformanceError(
            check,
            message,
            game=self.game.name,
            seed=self.playout.seed if self.playout else None,
            policy_seed=self.playout.policy_seed if self.playout else None,
            step=self.step,
            record=record,
        )

    def expect(self, check: str, condition: bool, message: str | Callable[[], str]) -> None:
        if not condition:
            raise self.fail(check, message() if callable(message) else message)

    def expect_refused(self, check: str, state: Any, player: int, action: Any, why: str) -> None:
        """``apply`` must raise a RulesError and leave ``state`` as it was."""
        before = _dig(state)
        self.report.illegal_tried += 1
        try:
            self.game.apply(state, player, action)
        except RulesError:
            pass
        except Exception as exc:  # the point of the check: anything but a RulesError is a bug
            raise self.fail(
                check, f"{why}: seat {player} {action!r} raised {type(exc).__name__}: {exc}"
            ) from exc
        else:
            raise self.fail(check, f"{why}: seat {player} {action!r} was accepted")
        self.expect(check, _dig(state) == before, f"{why}: a refused action changed the state")

    def on(self, check: str) -> bool:
        return check in self.checks

    # -- per state -----------------------------------------------------------------------------
    def run(self, check: str, fn: Callable[..., None], *args: Any, **kwargs: Any) -> None:
        """Run one check; an unexpected exception from the engine is a failure of that check."""
        if check not in self.checks:
            return
        try:
            fn(*args, **kwargs)
        except ConformanceError:
            raise
        except Exception as exc:  # whatever the engine raised, report it with a reproduction
            raise self.fail(check, f"the engine raised {type(exc).__name__}: {exc}") from exc

    def check_state(self, state: Any, *, deep: bool = True) -> None:
        g = self.game
        n = g.num_players()
        self.report.states += 1
        before = _dig(state)
        to_act: frozenset[int] = frozenset()
        legal: dict[int, list[Action]] = {}
        outcome: Outcome | None = None

        def basics() -> None:
            nonlocal to_act, legal, outcome
            to_act = g.to_act(state)
            outcome = g.outcome(state)
            legal = {p: list(g.legal_actions(state, p)) for p in range(n)}

        self.run("to_act", basics)  # the other checks need these even when to_act is not checked
        if "to_act" not in self.checks:
            basics()
        self.run("to_act", self._check_to_act, state, to_act, legal, outcome)
        self.run("legal_actions", self._check_legal, state, legal, deep=deep)
        self.run("default_action", self._check_default_action, state, to_act, legal)
        self.run("illegal_actions", self._check_illegal, state, to_act, legal)
        self.run("serialisation", self._check_serialisation, state)
        if deep:
            self.run("no_leak", self._check_no_leak, state, to_act, legal)
            self.run("determinized_play", self._check_determinized_state, state)
            self.run("encoding", self._check_encoding, state, legal)
        if outcome is not None:
            self.run("outcome", self._check_outcome, outcome)
        self.run("presentation", self._check_presentation, state, to_act, legal, outcome)
        self.run("purity", lambda: self.expect("purity", _dig(state) == before, "a method mutated the state"))
        for actions in legal.values():
            for a in actions:
                self.pool.setdefault(_key(a), a)

    def _check_to_act(
        self, state: Any, to_act: frozenset[int], legal: dict[int, list[Action]], outcome: Outcome | None
    ) -> None:
        g = self.game
        n = g.num_players()
        self.expect("to_act", isinstance(to_act, frozenset), f"to_act is a {type(to_act).__name__}")
        self.expect("to_act", to_act <= set(range(n)), f"to_act {sorted(to_act)} holds a non-seat")
        self.expect(
            "to_act",
            (not to_act) == (outcome is not None),
            f"to_act {sorted(to_act)} but outcome {outcome!r}",
        )
        for p in range(n):
            if p in to_act:
                self.expect("to_act", bool(legal[p]), f"seat {p} must act but has no legal action")
            else:
                self.expect("to_act", not legal[p], f"seat {p} is not in to_act but has legal actions")
        for p in (-1, n):
            self.expect("to_act", not list(g.legal_actions(state, p)), f"non-seat {p} has legal actions")

    def _check_default_action(
        self, state: Any, to_act: frozenset[int], legal: dict[int, list[Action]]
    ) -> None:
        g = self.game
        for p in range(g.num_players()):
            if p in to_act:
                default = g.default_action(state, p)
                self.expect(
                    "default_action",
                    default in legal[p],
                    f"default action {default!r} of seat {p} is not legal",
                )
                continue
            try:
                default = g.default_action(state, p)
            except RulesError:
                continue
            raise self.fail("default_action", f"seat {p} is not to act but got {default!r}")

    def _check_legal(self, state: Any, legal: dict[int, list[Action]], *, deep: bool) -> None:
        g = self.game
        before = _dig(state)
        for p, actions in legal.items():
            again = list(g.legal_actions(state, p))
            self.expect("legal_actions", again == actions, f"seat {p}: legal actions differ between calls")
            keys = [_key(a) for a in actions]
            self.expect("legal_actions", len(set(keys)) == len(keys), f"seat {p}: duplicate legal actions")
            for a in actions:
                self.expect("legal_actions", isinstance(a, Action), f"{a!r} is not an Action")
                decoded = decode_action(g, encode_action(a))
                self.expect("legal_actions", decoded == a, f"{a!r} does not round-trip through JSON")
                text = g.describe_action(a)
                self.expect("legal_actions", isinstance(text, str) and bool(text), f"no text for {a!r}")
            if not deep:
                continue
            for a in actions:
                try:
                    t = g.apply(state, p, a)
                except RulesError as exc:
                    raise self.fail("legal_actions", f"legal {a!r} of seat {p} refused: {exc}") from exc
                self.report.actions_applied += 1
                self.expect(
                    "legal_actions",
                    isinstance(t.events, tuple) and all(isinstance(e, Event) for e in t.events),
                    f"{a!r}: events must be a tuple of Event",
                )
                if self.on("purity"):
                    self.expect("purity", _dig(state) == before, f"apply({a!r}) mutated its input state")
            if actions:
                first = g.apply(state, p, actions[0])
                second = g.apply(state, p, actions[0])
                self.expect(
                    "legal_actions",
                    _dig(first.state) == _dig(second.state) and first.events == second.events,
                    "apply is not deterministic",
                )

    def _check_illegal(self, state: Any, to_act: frozenset[int], legal: dict[int, list[Action]]) -> None:
        g = self.game
        n = g.num_players()
        some = next((a for p in sorted(to_act) for a in legal[p]), None)
        if some is None:  # terminal: nothing may be played any more
            for a in list(self.pool.values())[: self.illegal_samples]:
                for p in range(n):
                    self.expect_refused("illegal_actions", state, p, a, "the game is over")
            return
        for p in [*range(n), -1, n]:
            if p not in to_act:
                self.expect_refused("illegal_actions", state, p, some, "a seat outside to_act")
        for p in sorted(to_act):
            self.expect_refused("illegal_actions", state, p, _ForeignAction(), "an action of no game")
            for a in self._elsewhere(legal[p]):
                self.expect_refused("illegal_actions", state, p, a, "an action legal elsewhere")

    def _elsewhere(self, legal: list[Action]) -> list[Action]:
        """A few actions seen legal in other states but not in this one: first of the kinds that
        are legal here (a bid too high, a card not in hand), then of other kinds (another step)."""
        mine = {_key(a) for a in legal}
        kinds = {type(a) for a in legal}
        others = [a for key, a in self.pool.items() if key not in mine]
        if not others:
            return []
        offset = (self.step * 7919) % len(others)  # a different sample at every step
        others = others[offset:] + others[:offset]
        same = [a for a in others if type(a) in kinds][: self.illegal_samples]
        different = [a for a in others if type(a) not in kinds][: self.illegal_samples]
        return same + different

    def _check_serialisation(self, state: Any) -> None:
        g = self.game
        raw = msgspec.json.encode(state)
        try:
            back = msgspec.json.decode(raw, type=type(state))
        except msgspec.ValidationError as exc:
            raise self.fail("serialisation", f"state does not decode from its JSON: {exc}") from exc
        self.expect("serialisation", back == state, "state changes in a JSON round-trip")
        self.expect("serialisation", _dig(back) == _dig(state), "state digest changes in a JSON round-trip")
        for viewer in [None, *range(g.num_players())]:
            obs = g.observe(state, viewer)
            try:
                data = canonical_json(obs)
                back_obs = msgspec.json.decode(data, type=type(obs))
            except (TypeError, msgspec.EncodeError, msgspec.ValidationError) as exc:
                raise self.fail("serialisation", f"observation for {viewer} is not JSON: {exc}") from exc
            self.expect(
                "serialisation", back_obs == obs, f"observation for {viewer} changes in a JSON round-trip"
            )

    def _check_no_leak(self, state: Any, to_act: frozenset[int], legal: dict[int, list[Action]]) -> None:
        g = self.game
        before = _dig(state)
        public = g.observe(state, None)
        for p in range(g.num_players()):
            mine = g.observe(state, p)
            for k in range(self.determinizations):
                seed = rng.derive_seed(self.step, "conformance-determinize", p, k)
                det = g.determinize(state, p, seed)
                self.report.determinizations += 1
                if self.on("purity"):
                    self.expect("purity", _dig(state) == before, "determinize mutated its input state")
                seen = g.observe(det, p)
                if seen != mine:
                    raise self.fail(
                        "no_leak",
                        f"observe(determinize(s, {p}, {k}), {p}) != observe(s, {p}):\n"
                        f"  real:         {canonical_json(mine).decode()}\n"
                        f"  determinized: {canonical_json(seen).decode()}",
                    )
                self.expect(
                    "no_leak",
                    g.observe(det, None) == public,
                    f"determinize(s, {p}, {k}) changed what a spectator sees",
                )
                self.expect("no_leak", g.to_act(det) == to_act, f"determinize(s, {p}, {k}) changed to_act")
                self.expect(
                    "no_leak",
                    list(g.legal_actions(det, p)) == legal[p],
                    f"determinize(s, {p}, {k}) changed seat {p}'s legal actions",
                )
                self.expect(
                    "no_leak",
                    msgspec.json.decode(msgspec.json.encode(det), type=type(det)) == det,
                    f"determinize(s, {p}, {k}) does not JSON round-trip",
                )
                if k == 0:
                    again = g.determinize(state, p, seed)
                    self.expect(
                        "no_leak", _dig(again) == _dig(det), f"determinize(s, {p}, seed) is not deterministic"
                    )

    def _check_determinized_state(self, state: Any) -> None:
        """Search plays on from determinized states: each must be a sound position itself."""
        g = self.game
        n = g.num_players()
        for p in range(n):
            for k in range(self.determinizations):
                det = g.determinize(state, p, rng.derive_seed(self.step, "conformance-determinize", p, k))
                to_act = g.to_act(det)
                for q in range(n):
                    legal = list(g.legal_actions(det, q))
                    if bool(legal) != (q in to_act):
                        problem = "must act but has no legal action" if q in to_act else "may act out of turn"
                        raise self.fail(
                            "determinized_play", f"in determinize(s, {p}, {k}) seat {q} {problem}"
                        )
                    for a in legal[:2] + legal[-1:]:
                        try:
                            g.apply(det, q, a)
                        except RulesError as exc:
                            raise self.fail(
                                "determinized_play", f"determinize(s, {p}, {k}): legal {a!r} refused: {exc}"
                            ) from exc

    def _check_outcome(self, outcome: Outcome) -> None:
        n = self.game.num_players()
        self.expect("outcome", isinstance(outcome, Outcome), f"outcome is a {type(outcome).__name__}")
        self.expect("outcome", len(outcome.scores) == n, f"{len(outcome.scores)} scores for {n} seats")
        self.expect(
            "outcome",
            all(isinstance(v, int | float) and math.isfinite(v) for v in outcome.scores),
            f"scores must be finite numbers: {outcome.scores}",
        )
        self.expect(
            "outcome",
            len(set(outcome.winners)) == len(outcome.winners) and set(outcome.winners) <= set(range(n)),
            f"winners must be distinct seats: {outcome.winners}",
        )
        canonical_json(outcome)

    def _check_presentation(
        self, state: Any, to_act: frozenset[int], legal: dict[int, list[Action]], outcome: Outcome | None
    ) -> None:
        g = self.game
        face = presentation_of(g)
        for viewer in (*range(g.num_players()), None):
            obs = g.observe(state, viewer)
            self.expect("presentation", isinstance(face.step_title(obs), str), "step_title is not text")
            for panel in face.panels(obs):
                self.expect("presentation", isinstance(panel, Panel), f"{panel!r} is not a Panel")
            if viewer is None:
                continue
            keys: list[bytes] = []
            for decision in face.decisions(obs, legal[viewer]):
                mine = [_key(a) for a in decision.actions()]
                # A set lists one choice per copy of a thing (three cards: 5, 5 and 3), so the
                # same action may appear there more than once; elsewhere each appears once.
                keys += list(dict.fromkeys(mine)) if decision.shape == "set" else mine
            self.expect(
                "presentation",
                len(keys) == len(set(keys)) and set(keys) == {_key(a) for a in legal[viewer]},
                f"seat {viewer}: the decisions offer {len(keys)} actions, not its {len(legal[viewer])} legal",
            )
        if outcome is not None:
            table = face.score_table(outcome)
            self.expect(
                "presentation",
                len(table.rows) == g.num_players() and all(len(r) == len(table.columns) for r in table.rows),
                "the score table needs one row per seat and one cell per column",
            )

    def _check_presented_text(self, playout: Playout) -> None:
        """The log and the round summary a presentation writes: lines of text and seat references
        to real seats only, from the events the viewer may see."""
        g = self.game
        n = g.num_players()
        face = presentation_of(g)
        events = playout.events
        for viewer, omniscient in [*((v, False) for v in (None, *range(n))), (None, True)]:
            shown = events if omniscient else redact(events, viewer)
            for part, write in (("log", face.log), ("summary", face.summary)):
                lines = write(events, viewer, omniscient=omniscient)
                for said in lines:
                    self.expect(
                        "presentation",
                        isinstance(said, tuple)
                        and all(
                            isinstance(span, str) or (isinstance(span, SeatRef) and 0 <= span.seat < n)
                            for span in said
                        ),
                        f"{part} line {said!r} for {viewer}: spans must be text or seats 0..{n - 1}",
                    )
                self.expect(
                    "presentation",
                    lines == write(shown, viewer, omniscient=omniscient),
                    f"the {part} for {viewer} depends on events {viewer} may not see",
                )

    def _rl_encoding(self) -> Any | None:
        """The game's RL encoding, or None where it offers none for this configuration."""
        if self.encoding is _NOT_YET:
            offered = capability(self.game, HasEncoding)
            try:
                self.encoding = offered.rl_encoding() if offered is not None else None
            except RulesError:  # the game says this configuration has no encoding
                self.encoding = None
        return self.encoding

    def _check_encoding(self, state: Any, legal: dict[int, list[Action]]) -> None:
        encoding = self._rl_encoding()
        if encoding is None:
            return
        keyed = bool(getattr(encoding, "indices_need_observation", False))  # see turncoat.rl
        for seat, actions in legal.items():
            observation = self.game.observe(state, seat)
            vector = encoding.encode(observation)
            context = (observation,) if keyed else ()
            self.expect(
                "encoding",
                bool(encoding.observation_space.contains(vector)),
                f"seat {seat}: the observation vector lies outside the observation space",
            )
            for action in actions:
                try:
                    index = encoding.action_index(action, *context)
                except (KeyError, IndexError, ValueError):
                    raise self.fail("encoding", f"seat {seat}: the legal {action!r} has no index") from None
                self.expect(
                    "encoding",
                    0 <= index < encoding.num_actions and encoding.action_at(index, *context) == action,
                    f"seat {seat}: the legal {action!r} has index {index}, which maps back to another action",
                )

    # -- per playout ---------------------------------------------------------------------------
    def check_playout(self, playout: Playout) -> None:
        self.playout = playout
        self.step = 0
        self.report.playouts += 1
        self.report.lengths.append(len(playout.steps))
        self.report.longest = max(self.report.longest, len(playout.steps))
        self.check_state(playout.start.state)
        for step in playout.steps:
            self.step = step.index
            self.expect(
                "legal_actions",
                step.player in self.game.to_act(step.before)
                and step.action in self.game.legal_actions(step.before, step.player),
                "the playout chose an illegal action",
            )
            last = step.index == len(playout.steps)
            self.check_state(step.after, deep=last or step.index % self.deep_every == 0)
        self.step = len(playout.steps)
        self.run("determinism", self._check_determinism, playout)
        self.run("events", self._check_events, playout)
        self.run("presentation", self._check_presented_text, playout)
        self.run("replay", self._check_replay, playout)
        self.run("tamper", self._check_tamper, playout)
        self.run("determinized_play", self._check_determinized_playouts, playout)

    def _check_determinism(self, playout: Playout) -> None:
        g = self.game
        again = g.start(playout.seed)
        self.expect(
            "determinism",
            _dig(again.state) == _dig(playout.start.state) and again.events == playout.start.events,
            "start(seed) is not reproducible",
        )
        self.expect(
            "determinism",
            _dig(g.new_initial_state(playout.seed)) == _dig(playout.start.state),
            "new_initial_state(seed) differs from start(seed).state",
        )
        twins: list[tuple[str, AnyGame]] = [("a second engine from the factory", self.factory())]
        if g.name in registered():
            twins.append((f"load_game({g.name!r}, **config_json())", load_game(g.name, **g.config_json())))
        for label, twin in twins:
            self.expect(
                "determinism",
                twin.config_json() == g.config_json() and twin.content.digest == g.content.digest,
                f"{label} has another config or content",
            )
            self.expect(
                "determinism",
                _dig(twin.start(playout.seed).state) == _dig(playout.start.state),
                f"{label} starts differently",
            )

    def _check_events(self, playout: Playout) -> None:
        g = self.game
        n = g.num_players()
        events = playout.events
        for e in events:
            self.expect("events", isinstance(e, Event), f"{e!r} is not an Event")
            self.expect(
                "events",
                e.visible_to is None or (bool(e.visible_to) and set(e.visible_to) <= set(range(n))),
                f"{e!r}: visible_to must be None or a non-empty tuple of seats",
            )
            canonical_json(e)
        for viewer in [None, *range(n)]:
            shown = redact(events, viewer)
            for e in shown:
                self.expect(
                    "events",
                    e.visible_to is None or (viewer is not None and viewer in e.visible_to),
                    f"redact gave {viewer} the event {e!r}",
                )
            self.expect(
                "events",
                len(shown) == sum(1 for e in events if e.visible_for(viewer)),
                f"redact dropped an event {viewer} may see",
            )
            lines = g.render_log(events, viewer)
            self.expect(
                "events",
                isinstance(lines, list) and all(isinstance(x, str) for x in lines),
                "render_log returns a list of str",
            )
            self.expect(
                "events",
                lines == g.render_log(shown, viewer),
                f"render_log for {viewer} depends on events {viewer} may not see",
            )
            summary = g.render_summary(events, viewer)
            self.expect(
                "events",
                all(isinstance(x, str) for x in summary) and summary == g.render_summary(shown, viewer),
                f"render_summary for {viewer} depends on events {viewer} may not see",
            )
            summaries = g.round_summaries(events, viewer)
            self.expect(
                "events",
                summaries == g.round_summaries(shown, viewer),
                f"round_summaries for {viewer} depend on events {viewer} may not see",
            )
            canonical_json(summaries)
        full = g.render_log(events, None, omniscient=True)
        self.expect("events", all(isinstance(x, str) for x in full), "omniscient render_log returns str")
        canonical_json(g.round_summaries(events, None, omniscient=True))

    def _check_replay(self, playout: Playout) -> None:
        g = self.game
        record = playout.record(g)
        raw = msgspec.json.encode(record)
        back = msgspec.json.decode(raw, type=GameRecord)
        self.expect(
            "replay",
            canonical_json(back) == canonical_json(record),
            "the record changes in a JSON round-trip",
        )
        for with_digests in (True, False):
            try:
                result = replay(g, back, check_digests=with_digests)
            except ReplayDivergence as exc:
                raise self.fail("replay", f"the record of this playout does not replay: {exc}") from exc
            self.expect(
                "replay", _dig(result.final_state) == _dig(playout.final), "replay ends in another state"
            )
            self.expect("replay", result.outcome == g.outcome(playout.final), "replay has another outcome")
        result = replay(g, back)
        self.expect("replay", result.initial_events == playout.start.events, "replay sets up differently")
        self.expect(
            "replay",
            [s.events for s in result.steps] == [s.transition.events for s in playout.steps],
            "replay produces other events",
        )

    def _divergence(self, record: GameRecord, why: str) -> ReplayDivergence:
        try:
            replay(self.game, record)
        except ReplayDivergence as exc:
            return exc
        raise self.fail("tamper", f"{why}: the record replayed without a divergence")

    def _check_tamper(self, playout: Playout) -> None:
        g = self.game
        record = playout.record(g)
        steps = playout.steps
        if not steps:
            return
        assert record.digests is not None
        counter = 0
        pick, counter = rng.randbelow(playout.policy_seed, counter, len(steps))
        # A tampered digest: reported at its step, with both digests.
        bad = "0" * len(record.digests[pick])
        digests = (*record.digests[:pick], bad, *record.digests[pick + 1 :])
        exc = self._divergence(msgspec.structs.replace(record, digests=digests), "tampered digest")
        self.expect(
            "tamper",
            (exc.step, exc.expected, exc.actual) == (pick + 1, bad, record.digests[pick]),
            f"tampered digest at step {pick + 1} reported as step {exc.step} ({exc.expected}, {exc.actual})",
        )
        # A different legal action at some step with a choice: the digest no longer matches there.
        for step in _rotate(steps, pick):
            alternatives = [a for a in g.legal_actions(step.before, step.player) if a != step.action]
            original = record.digests[step.index - 1]
            other = next(
                (a for a in alternatives if _dig(g.apply(step.before, step.player, a).state) != original),
                None,
            )
            if other is None:
                continue
            actions = _replace_action(record.actions, step.index - 1, step.player, other)
            exc = self._divergence(msgspec.structs.replace(record, actions=actions), "tampered action")
            self.expect(
                "tamper",
                exc.step == step.index and exc.expected == original,
                f"action tampered at step {step.index} reported as step {exc.step}",
            )
            break
        # An illegal seat: refused at its step.
        step = steps[pick]
        intruder = next(
            (p for p in [*range(g.num_players()), -1] if p not in g.to_act(step.before)), g.num_players()
        )
        actions = _replace_action(record.actions, pick, intruder, step.action)
        exc = self._divergence(msgspec.structs.replace(record, actions=actions), "illegal seat")
        self.expect(
            "tamper",
            exc.step == pick + 1 and exc.expected == "an accepted action" and bool(exc.actual),
            f"an illegal seat at step {pick + 1} reported as step {exc.step}",
        )
        # An undecodable action: refused at its step.
        actions = (
            *record.actions[:pick],
            RecordedAction(player=step.player, action={"type": "__no_such_action__"}),
            *record.actions[pick + 1 :],
        )
        exc = self._divergence(msgspec.structs.replace(record, actions=actions), "undecodable action")
        self.expect("tamper", exc.step == pick + 1, f"a malformed action reported at step {exc.step}")
        # The wrong game, rules or content: refused before any step.
        for label, changed in (
            ("game", msgspec.structs.replace(record, game=g.name + "_other")),
            ("rules_version", msgspec.structs.replace(record, rules_version=g.rules_version + "+x")),
            (
                "content digest",
                msgspec.structs.replace(
                    record, content=msgspec.structs.replace(record.content, digest="f" * 32)
                ),
            ),
        ):
            exc = self._divergence(changed, f"wrong {label}")
            self.expect("tamper", exc.step == 0, f"a wrong {label} reported at step {exc.step}")

    def _check_determinized_playouts(self, playout: Playout) -> None:
        """From determinized states a quarter, half and three quarters in, random play must end."""
        g = self.game
        states = playout.states
        for i in (len(states) // 4, len(states) // 2, 3 * len(states) // 4):
            state = states[i]
            if g.outcome(state) is not None:
                continue
            viewer = sorted(g.to_act(state))[i % len(g.to_act(state))]
            det = g.determinize(state, viewer, rng.derive_seed(playout.seed, "conformance-rollout", i))
            self.step = i
            try:
                play_from(
                    g, det, rng.derive_seed(playout.policy_seed, "rollout", i), max_steps=self.max_steps
                )
            except PlayoutTooLong as exc:
                raise self.fail("determinized_play", f"from determinize(s, {viewer}): {exc}") from exc
            except (RulesError, NoLegalAction) as exc:
                raise self.fail(
                    "determinized_play", f"playing on from determinize(s, {viewer}) failed: {exc}"
                ) from exc
        self.step = len(playout.steps)


def _rotate(steps: Sequence[Step], start: int) -> list[Step]:
    return [*steps[start:], *steps[:start]]


def _replace_action(
    actions: tuple[RecordedAction, ...], index: int, player: int, action: Action
) -> tuple[RecordedAction, ...]:
    new = RecordedAction(player=player, action=encode_action(action))
    return (*actions[:index], new, *actions[index + 1 :])


def _factory_for(game: AnyGame | GameFactory | str) -> tuple[AnyGame, GameFactory]:
    """The engine to check and a factory for fresh twins of it."""
    if isinstance(game, str):
        name = game
        return load_game(name), lambda: load_game(name)
    if hasattr(game, "legal_actions"):
        engine = cast(AnyGame, game)
        if engine.name in registered():
            config = engine.config_json()
            return engine, lambda: load_game(engine.name, **config)
        return engine, lambda: engine
    make = cast(GameFactory, game)
    return make(), make


def check_game(
    factory: AnyGame | GameFactory | str,
    *,
    seeds: Iterable[int] = (0, 1),
    playouts: int = 1,
    max_steps: int = 10_000,
    determinizations: int = 2,
    illegal_samples: int = 3,
    checks: Iterable[str] = CHECKS,
    skip: Iterable[str] = (),
    deep_every: int = 1,
) -> ConformanceReport:
    """Run the conformance suite on random playouts of a game; raise ConformanceError on a failure.

    ``factory`` makes a fresh engine (or is an engine, or a registered name).  For each seed in
    ``seeds``, ``playouts`` random games are played with different policy seeds.  ``deep_every``
    applies every legal action and determinizes only at every n-th state (1: all of them), to
    keep long games cheap; the initial and final states are always checked in full.
    """
    game, make = _factory_for(factory)
    skipped = set(skip)
    selected = tuple(c for c in checks if c not in skipped)
    unknown = (set(selected) | skipped) - set(CHECKS)
    if unknown:
        raise ValueError(f"unknown conformance checks: {sorted(unknown)}")
    report = ConformanceReport(game=game.name, checks=selected)
    checker = _Checker(
        game=game,
        factory=make,
        checks=frozenset(selected),
        determinizations=determinizations,
        max_steps=max_steps,
        illegal_samples=illegal_samples,
        report=report,
        deep_every=max(1, deep_every),
    )
    for seed in seeds:
        for k in range(playouts):
            try:
                playout = random_playout(game, seed, k, max_steps=max_steps)
            except PlayoutTooLong as exc:
                raise ConformanceError(
                    "terminates", str(exc), game=game.name, seed=seed, policy_seed=k
                ) from exc
            checker.check_playout(playout)
    return report


__all__ = [
    "CHECKS",
    "PLAYOUT_CHECKS",
    "STATE_CHECKS",
    "ConformanceError",
    "ConformanceReport",
    "check_game",
]
