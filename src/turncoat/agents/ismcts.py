"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

The searcher never sees the real state.  Each iteration asks the seat's view for a *sampled
world* (the game's ``determinize``: everything the seat cannot see re-dealt at random), then:

1. **select** — walk down one tree keyed by the moves made, choosing at each node for the seat
   that acts there by UCB1 with *availability counts*: only children whose action is legal in
   this world compete, and ``ln`` counts how often a child was available, not how often its
   parent was visited;
2. **expand** — add one untried action that is legal in this world;
3. **simulate** — play on with the rollout policy (the game's ``rollout_policy()`` if it has
   one, else uniformly random), optionally stopping early where the game's ``evaluate`` hook
   can value the position;
4. **backpropagate** — a reward per seat in ``[0, 1]`` (a win, shared ``1/k``, plus a small
   score-margin term), each node crediting the seat that chose the move into it.

Children are keyed by ``(seat, action)``: in different worlds the same moves can hand the next
decision to different seats, and a child's statistics must always belong to one seat.

Simultaneous sealed choices (several seats in ``to_act``) are applied one seat at a time in
seat order, but each seat chooses from its *own* statistics at that node (decoupled UCT), so no
seat's choice is conditioned on another's sealed commitment; the joint choice then leads to
one child.

Only ``sample_world``/``determinize``, ``legal_actions``, ``apply``, ``to_act`` and
``outcome`` are used, plus two optional game hooks:

- ``game.rollout_policy()`` -> ``(game, state, seat, legal, rng) -> action``;
- ``game.evaluate(state)`` -> estimated final scores per seat, or ``None`` where the position
  is not a good place to stop (e.g. in the middle of a round).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from turncoat.agents.base import SeatView, register_agent, register_preset
from turncoat.agents.search_policies import (
    Evaluator,
    RolloutPolicy,
    check_playout,
    evaluator,
    heuristic_policy,
    heuristic_rollout,
    rewards_from_scores,
)
from turncoat.core.actions import Action, PlayerId
from turncoat.core.capabilities import HasHeuristic, HasRolloutPolicy, capability, require
from turncoat.core.engine import Game
from turncoat.core.errors import RulesError

_SEED_BITS = 62
ROLLOUTS = ("auto", "random", "heuristic")
OPPONENTS = ("tree", "heuristic")


class _Stat:
    """Statistics of one move for the seat that makes it."""

    __slots__ = ("avail", "n", "w", "w2")

    def __init__(self) -> None:
        self.n = 0  # visits
        self.w = 0.0  # total reward of the moving seat
        self.w2 = 0.0  # total squared reward (the spread, for the ``confidence`` rule)
        self.avail = 0  # iterations in which the move was legal when its node was reached


class _Node(_Stat):
    """A tree node: the position after a sequence of moves (across all sampled worlds)."""

    __slots__ = ("joint", "kids", "tables")

    def __init__(self) -> None:
        super().__init__()
        self.kids: dict[PlayerId, dict[Any, _Node]] = {}  # sequential decisions: seat -> action -> child
        self.tables: dict[PlayerId, dict[Any, _Stat]] = {}  # simultaneous: per-seat move statistics
        self.joint: dict[tuple[tuple[PlayerId, Any], ...], _Node] = {}  # simultaneous: joint move -> child


def _require_number(name: str, value: object, *, integer: bool = False) -> None:
    """Options often come from the command line (``ismcts:iterations=abc``): say which is wrong."""
    kinds: tuple[type, ...] = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise ValueError(f"{name} must be {'an integer' if integer else 'a number'} (got {value!r})")


class ISMCTSAgent:
    """Single-observer ISMCTS over sampled worlds.

    Options (all can be given as ``ismcts:key=value``):

    - ``iterations`` — sampled worlds per decision (ignored when ``time_limit`` is set);
    - ``time_limit`` — seconds per decision instead of a fixed number of iterations;
    - ``exploration`` — the UCB1 constant (rewards lie in [0, 1]);
    - ``seed`` — fixes the search's randomness (else it is drawn from the match's rng);
    - ``rollout`` — ``"auto"`` (the game's ``rollout_policy()`` if any, else random),
      ``"random"``, ``"heuristic"`` (every seat plays the game's ``heuristic_policy()`` from its
      own observation of the sampled world), or a callable ``(game, state, seat, legal, rng) -> action``;
    - ``rollout_depth`` — after this many rollout moves, stop at the first position the game's
      ``evaluate`` hook can value (``None`` or a negative number: always play to the end; games
      without the hook always play to the end);
    - ``max_rollout`` — hard cap on rollout moves (then evaluate if possible, else a draw);
    - ``margin_weight`` — weight of the score-margin term in the reward;
    - ``opponents`` — ``"tree"`` (classic single-observer ISMCTS: the other seats' moves are
      tree nodes chosen by UCB for them) or ``"heuristic"`` (the other seats play the game's
      heuristic from their own observation of the sampled world, and only the searching seat's
      moves branch — a best response to sensible opponents, with the whole budget spent on the
      searcher's own choices);
    - ``playout`` — ``"fast"`` (the heuristic's cheap variant) or ``"full"`` (the heuristic
      itself) wherever the heuristic plays in the search: ``rollout=heuristic`` and
      ``opponents=heuristic``;
    - ``confidence`` — if positive, the final move is the heuristic's unless another root move's
      mean reward beats it by more than this many standard errors (the heuristic's move is
      then searched like the others; ``prior`` is not used);
    - ``tree_depth`` — at most this many moves branch in the tree per iteration; below that the
      rollout policy plays (``None`` or negative: no limit).  ``1`` with ``opponents=heuristic``
      searches only the decision at hand, every sampled world played out by the rollout policy,
      so its moves are not judged by the random first tries of deeper nodes;
    - ``prior`` — visits credited to the move the game's ``heuristic_policy()`` would play (from
      this seat's observation) when the final move is chosen: the search overrides the
      heuristic only where it clearly prefers another move (0: no heuristic).
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 1000,
        time_limit: float | None = None,
        exploration: float = 0.7,
        seed: int | None = None,
        rollout: str | RolloutPolicy = "auto",
        rollout_depth: int | None = 0,
        max_rollout: int = 10_000,
        margin_weight: float = 0.1,
        opponents: str = "tree",
        prior: float = 0.0,
        confidence: float = 0.0,
        tree_depth: int | None = None,
        playout: str = "fast",
    ) -> None:
        _require_number("iterations", iterations, integer=True)
        _require_number("exploration", exploration)
        _require_number("margin_weight", margin_weight)
        _require_number("max_rollout", max_rollout, integer=True)
        if time_limit is not None:
            _require_number("time_limit", time_limit)
        if rollout_depth is not None:
            _require_number("rollout_depth", rollout_depth, integer=True)
        if seed is not None:
            _require_number("seed", seed, integer=True)
        if tree_depth is not None:
            _require_number("tree_depth", tree_depth, integer=True)
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time_limit is not None and time_limit <= 0:
            raise ValueError("time_limit must be positive")
        if isinstance(rollout, str) and rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)} or a callable")
        _require_number("prior", prior)
        _require_number("confidence", confidence)
        if confidence < 0:
            raise ValueError("confidence must not be negative")
        if prior < 0:
            raise ValueError("prior must not be negative")
        check_playout(playout)
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}")
        if not 0.0 <= margin_weight <= 1.0:
            raise ValueError("margin_weight must lie in [0, 1]")
        self.iterations = int(iterations)
        self.time_limit = time_limit
        self.exploration = float(exploration)
        self.seed = seed
        self.rollout = rollout
        self.rollout_depth = None if rollout_depth is None or rollout_depth < 0 else int(rollout_depth)
        self.max_rollout = int(max_rollout)
        self.margin_weight = float(margin_weight)
        self.opponents = opponents
        self.prior = float(prior)
        self.confidence = float(confidence)
        self.playout = playout
        self.tree_depth = None if tree_depth is None or tree_depth < 0 else int(tree_depth)
        self.last_iterations = 0  # iterations run by the last ``choose`` (for benchmarks and logs)

    # -- the Agent protocol ---------------------------------------------------------------------
    def check_game(self, game: Any) -> None:
        """Refused for a game without a heuristic policy when an option makes the search use
        one (``prior``, ``confidence``, ``rollout=heuristic``, ``opponents=heuristic``)."""
        uses = [
            name
            for name, used in (
                ("prior", self.prior > 0),
                ("confidence", self.confidence > 0),
                ("rollout=heuristic", self.rollout == "heuristic"),
                ("opponents=heuristic", self.opponents == "heuristic"),
            )
            if used
        ]
        if uses:
            require(game, HasHeuristic, f"ismcts with {', '.join(uses)}")

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision now")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        local = random.Random(self.seed if self.seed is not None else rng.getrandbits(_SEED_BITS))
        wants_hint = self.prior > 0 or self.confidence > 0
        hint = self._heuristic_move(view, legal, local) if wants_hint else None
        root = self.search(view, local)
        if self.confidence > 0 and hint is not None:
            return self._confident(root, view.seat, legal, hint, self.confidence)
        return self._best(root, view.seat, legal, hint, self.prior)

    def _heuristic_move(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """What the game's heuristic would play here, from this seat's own observation."""
        move: Action = heuristic_policy(view.game, "prior").choose(view.observation, legal, rng)
        return move

    # -- search ---------------------------------------------------------------------------------
    def search(self, view: SeatView, rng: random.Random) -> _Node:
        """Run the iterations (or until the time limit) and return the root node."""
        game = view.game
        policy = self._policy(game)
        opponent = heuristic_rollout(game, self.playout) if self.opponents == "heuristic" else None
        evaluate = evaluator(game)
        root = _Node()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while True:
            world = view.sample_world(rng.getrandbits(_SEED_BITS))
            self._iterate(game, root, world, view.seat, policy, opponent, evaluate, rng)
            done += 1
            if deadline is None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return root

    def _policy(self, game: Game[Any, Any, Any]) -> RolloutPolicy | None:
        if callable(self.rollout):
            return self.rollout
        if self.rollout == "heuristic":
            return heuristic_rollout(game, self.playout)
        if self.rollout == "auto":
            found = capability(game, HasRolloutPolicy)
            if found is not None:
                policy: RolloutPolicy = found.rollout_policy()
                return policy
        return None

    def _iterate(
        self,
        game: Game[Any, Any, Any],
        root: _Node,
        state: Any,
        viewer: PlayerId,
        policy: RolloutPolicy | None,
        opponent: RolloutPolicy | None,
        evaluate: Evaluator | None,
        rng: random.Random,
    ) -> None:
        to_act = game.to_act
        legal_actions = game.legal_actions
        apply = game.apply
        rand = rng.random
        log = math.log
        sqrt = math.sqrt
        c = self.exploration
        path: list[tuple[_Stat, PlayerId]] = []
        node = root
        reward: list[float] | None = None
        depth_cap = self.tree_depth
        # 1-2. selection and expansion
        while True:
            seats = to_act(state)
            if not seats:
                reward = self._terminal_reward(game, state)
                break
            if depth_cap is not None and len(path) >= depth_cap:
                break  # deep enough: the rollout policy plays from here
            if len(seats) > 1:
                node, state, expanded = self._simultaneous(
                    game, node, state, seats, viewer, node is root, opponent, path, rng
                )
                if expanded:
                    break
                continue
            (seat,) = seats
            legal = legal_actions(state, seat)
            if opponent is not None and seat != viewer:
                # Modelled opponent: its move does not branch the tree (the node stays put).
                state = apply(state, seat, opponent(game, state, seat, legal, rng)).state
                continue
            table = node.kids.get(seat)
            if table is None:
                table = node.kids[seat] = {}
            untried: list[Any] = []
            best: _Node | None = None
            best_action: Any = None
            best_value = -1.0
            for action in legal:
                child = table.get(action)
                if child is None:
                    untried.append(action)
                    continue
                child.avail += 1
                if untried:
                    continue  # an untried move will be expanded; keep counting availability
                value = child.w / child.n + c * sqrt(log(child.avail) / child.n)
                if value > best_value:
                    best_value = value
                    best = child
                    best_action = action
            if untried:
                action = untried[int(rand() * len(untried))]
                child = table[action] = _Node()
                child.avail = 1
                path.append((child, seat))
                state = apply(state, seat, action).state
                break
            assert best is not None
            path.append((best, seat))
            state = apply(state, seat, best_action).state
            node = best
        # 3. simulation
        if reward is None:
            reward = self._rollout(game, state, policy, evaluate, rng)
        # 4. backpropagation
        for stat, seat in path:
            value = reward[seat]
            stat.n += 1
            stat.w += value
            stat.w2 += value * value

    def _simultaneous(
        self,
        game: Game[Any, Any, Any],
        node: _Node,
        state: Any,
        seats: frozenset[PlayerId],
        viewer: PlayerId,
        at_root: bool,
        opponent: RolloutPolicy | None,
        path: list[tuple[_Stat, PlayerId]],
        rng: random.Random,
    ) -> tuple[_Node, Any, bool]:
        """Decoupled choice at a sealed simultaneous step: each seat picks from its own table,
        blind to the others' picks; the picks are applied in seat order (the viewer, if it is at
        the root, picks first — it is the decision being searched).  Modelled opponents pick by
        their policy instead, and only the viewer's pick keys the child."""
        order = sorted(seats)
        if at_root and viewer in seats:
            order.remove(viewer)
            order.insert(0, viewer)
        picks: list[tuple[PlayerId, Any]] = []
        modelled: list[tuple[PlayerId, Any]] = []
        for seat in order:
            legal = game.legal_actions(state, seat)
            if opponent is not None and seat != viewer:
                modelled.append((seat, opponent(game, state, seat, legal, rng)))
                continue
            table = node.tables.get(seat)
            if table is None:
                table = node.tables[seat] = {}
            picks.append((seat, self._decoupled_pick(table, legal, path, seat, rng)))
        for seat, action in sorted([*picks, *modelled], key=lambda pick: pick[0]):
            # Not every step several seats take at once is sealed: at an open table (a parley)
            # an earlier seat's move can change what a later one may do (an offer withdrawn, an
            # alliance made).  A pick the position no longer allows is not made; that seat is
            # still to act and chooses again from the new position.  (``apply`` refuses such a
            # pick before it changes anything; a sealed step never gets here.)
            if seat in game.to_act(state):
                try:
                    state = game.apply(state, seat, action).state
                except RulesError:
                    continue
        key = tuple(sorted(picks, key=lambda pick: pick[0]))
        child = node.joint.get(key)
        if child is None:
            node.joint[key] = _Node()
            return node.joint[key], state, True
        return child, state, False

    def _decoupled_pick(
        self,
        table: dict[Any, _Stat],
        legal: Sequence[Any],
        path: list[tuple[_Stat, PlayerId]],
        seat: PlayerId,
        rng: random.Random,
    ) -> Any:
        untried = [a for a in legal if a not in table]
        for action in legal:
            stat = table.get(action)
            if stat is not None:
                stat.avail += 1
        if untried:
            action = untried[int(rng.random() * len(untried))]
            stat = table[action] = _Stat()
            stat.avail = 1
        else:
            c = self.exploration
            action = max(
                legal,
                key=lambda a: table[a].w / table[a].n + c * math.sqrt(math.log(table[a].avail) / table[a].n),
            )
            stat = table[action]
        path.append((stat, seat))
        return action

    def _rollout(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        policy: RolloutPolicy | None,
        evaluate: Evaluator | None,
        rng: random.Random,
    ) -> list[float]:
        to_act = game.to_act
        legal_actions = game.legal_actions
        apply = game.apply
        rand = rng.random
        cutoff = self.rollout_depth if evaluate is not None else None
        limit = self.max_rollout
        depth = 0
        while True:
            seats = to_act(state)
            if not seats:
                return self._terminal_reward(game, state)
            if cutoff is not None and depth >= cutoff and evaluate is not None:
                values = evaluate(state)
                if values is not None:
                    return rewards_from_scores(values, None, self.margin_weight)
            if depth >= limit:
                values = evaluate(state) if evaluate is not None else None
                if values is not None:
                    return rewards_from_scores(values, None, self.margin_weight)
                return [1.0 / game.num_players()] * game.num_players()  # undecided: a shared draw
            seat = min(seats) if len(seats) > 1 else next(iter(seats))
            legal = legal_actions(state, seat)
            if policy is None:
                action = legal[int(rand() * len(legal))]
            else:
                action = policy(game, state, seat, legal, rng)
            state = apply(state, seat, action).state
            depth += 1

    def _terminal_reward(self, game: Game[Any, Any, Any], state: Any) -> list[float]:
        outcome = game.outcome(state)
        if outcome is None:  # a game whose to_act is empty must have an outcome; be safe
            return [1.0 / game.num_players()] * game.num_players()
        return rewards_from_scores(outcome.scores, outcome.winners, self.margin_weight)

    @staticmethod
    def _best(
        root: _Node, seat: PlayerId, legal: Sequence[Action], hint: Action | None = None, prior: float = 0.0
    ) -> Action:
        """The most visited root move (ties: higher mean reward, then the first legal).  The
        heuristic's move ``hint`` is credited ``prior`` extra visits: the search overrides it only
        where it clearly prefers another move."""
        stats = _root_moves(root, seat)
        best = legal[0]
        best_key = (-1.0, -1.0)
        for action in legal:
            stat = stats.get(action)
            bonus = prior if hint is not None and action == hint else 0.0
            if stat is None or stat.n == 0:
                if bonus > best_key[0]:
                    best_key, best = (bonus, 0.0), action
                continue
            key = (stat.n + bonus, stat.w / stat.n)
            if key > best_key:
                best_key = key
                best = action
        return best

    @staticmethod
    def _confident(root: _Node, seat: PlayerId, legal: Sequence[Action], hint: Action, z: float) -> Action:
        """The heuristic's move ``hint`` unless another root move's mean reward is higher by more
        than ``z`` standard errors of the difference (the largest such margin wins)."""
        stats = _root_moves(root, seat)

        def mean_var(stat: _Stat | None) -> tuple[float, float, int]:
            if stat is None or stat.n == 0:
                return 0.0, 0.0, 0
            mean = stat.w / stat.n
            var = max(0.0, stat.w2 / stat.n - mean * mean) * stat.n / max(1, stat.n - 1)
            return mean, var, stat.n

        base_mean, base_var, base_n = mean_var(stats.get(hint))
        if base_n < 2:
            return hint
        best, best_margin = hint, 0.0
        for action in legal:
            if action == hint:
                continue
            mean, var, n = mean_var(stats.get(action))
            if n < 2:
                continue
            margin = mean - base_mean
            if margin > z * math.sqrt(var / n + base_var / base_n) and margin > best_margin:
                best, best_margin = action, margin
        return best


def _root_moves(root: _Node, seat: PlayerId) -> dict[Any, _Stat]:
    """The searching seat's root moves and their statistics (sequential or simultaneous)."""
    return {**root.kids.get(seat, {}), **root.tables.get(seat, {})}


def root_statistics(root: _Node, seat: PlayerId) -> dict[Any, tuple[int, float]]:
    """``{action: (visits, mean reward)}`` of the searching seat's root moves (for tools)."""
    stats = _root_moves(root, seat)
    return {a: (s.n, s.w / s.n if s.n else 0.0) for a, s in stats.items()}


register_agent("ismcts", ISMCTSAgent)
# Measured on Verräter (docs/sim.md): about half the 4-player games against three heuristic bots.
# It needs the game's heuristic_policy() hook.
register_preset(
    "strong",
    "ismcts:opponents=heuristic,rollout=heuristic,playout=full,rollout_depth=-1,"
    "tree_depth=1,confidence=2,margin_weight=0.3,time_limit=0.5",
    "ISMCTS over the decision at hand: heuristic opponents, heuristic playouts to the end, "
    "the heuristic's move unless another is clearly better; 0.5 s a move",
)
