"""Fixed-size encodings of Verräter for learning environments (``VerraterGame.rl_encoding()``).

Actions: one index for every action the rules can ever offer, in this fixed order —
place_estate ×12, choose_conflict_site ×12, keep_role ×6, commit_supply per supply value in the
deck, finish_committing, build ×12×2 (estate, trading post), convert ×12, move ×12×12 (from, to),
skip_building, discard_supply per supply value.

Observations: a float32 vector in [0, 1] built from a ``VerraterObservation`` only, so it can
never carry what the seat may not see.  Seats are listed *relative to the viewer* (the viewer
first, then clockwise), padded to four.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from turncoat.games.verrater.actions import (
    Build,
    ChooseConflictSite,
    CommitSupply,
    Convert,
    DiscardSupply,
    FinishCommitting,
    KeepRole,
    Move,
    PlaceEstate,
    SkipBuilding,
    VerraterAction,
)
from turncoat.games.verrater.components import HOUSES, RING_SIZE, ROLES, SIDES
from turncoat.games.verrater.context import Ctx
from turncoat.games.verrater.observe import VerraterObservation
from turncoat.games.verrater.state import STEP_NUMBER

MAX_SEATS = 4
STEPS: tuple[str, ...] = tuple(STEP_NUMBER)
VP_SCALE = 100.0
HAND_SCALE = 10.0
ROUND_SCALE = 10.0
STRENGTH_SCALE = 100.0


def enumerate_actions(values: Sequence[int]) -> tuple[VerraterAction, ...]:
    """Every action the rules can offer, in the fixed order of the module docstring."""
    out: list[VerraterAction] = []
    out += [PlaceEstate(i) for i in range(RING_SIZE)]
    out += [ChooseConflictSite(i) for i in range(RING_SIZE)]
    out += [KeepRole(r) for r in ROLES]
    out += [CommitSupply(v) for v in values]
    out.append(FinishCommitting())
    out += [Build(i, side) for i in range(RING_SIZE) for side in SIDES]
    out += [Convert(i) for i in range(RING_SIZE)]
    out += [Move(i, j) for i in range(RING_SIZE) for j in range(RING_SIZE)]
    out.append(SkipBuilding())
    out += [DiscardSupply(v) for v in values]
    return tuple(out)


class VerraterEncoding:
    """Action indices and observation vectors for one configured Verräter game."""

    def __init__(self, ctx: Ctx) -> None:
        self.values: tuple[int, ...] = tuple(sorted(set(ctx.tables.deck)))
        self.types: tuple[str, ...] = ctx.tables.type_ids
        self.deck_size = len(ctx.tables.deck)
        self.buildings_per_player = ctx.tables.buildings_per_player
        self.players = ctx.config.players
        self.actions = enumerate_actions(self.values)
        self.num_actions = len(self.actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        self._value_slot = {v: i for i, v in enumerate(self.values)}
        self._type_slot = {t: i for i, t in enumerate(self.types)}
        self._step_slot = {s: i for i, s in enumerate(STEPS)}
        self._role_slot = {r: i for i, r in enumerate(ROLES)}
        self.size = len(self._layout())
        self.observation_space = spaces.Box(low=0.0, high=1.0, shape=(self.size,), dtype=np.float32)

    # -- actions --------------------------------------------------------------------------------
    def action_index(self, action: VerraterAction) -> int:
        return self._index[action]

    def action_at(self, index: int) -> VerraterAction:
        return self.actions[index]

    def action_mask(self, legal: Sequence[VerraterAction]) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        for action in legal:
            mask[self._index[action]] = 1
        return mask

    # -- observations ---------------------------------------------------------------------------
    def _layout(self) -> list[str]:
        """Feature names, in vector order (also documents the encoding)."""
        nv, nt, nr = len(self.values), len(self.types), len(ROLES)
        names: list[str] = []
        names += [f"players={n}" for n in (3, 4)]
        names += ["round", "total_rounds", "final_round", "roles_revealed"]
        names += [f"step={s}" for s in STEPS]
        for what in ("to_act", "start_player", "strategist"):
            names += [f"{what}=rel{k}" for k in range(MAX_SEATS)]
        for i in range(RING_SIZE):
            names += [f"land{i}.type={t}" for t in self.types]
            names += [f"land{i}.owner={h}" for h in HOUSES]
            names += [f"land{i}.building_owner=rel{k}" for k in range(MAX_SEATS)]
            names += [f"land{i}.side={s}" for s in SIDES]
            names.append(f"site={i}")
        for k in range(MAX_SEATS):
            names.append(f"seat{k}.present")
            names += [f"seat{k}.allegiance={h}" for h in HOUSES]
            names += [f"seat{k}.vp", f"seat{k}.hand_size", f"seat{k}.unbuilt"]
            names += [f"seat{k}.known={v}" for v in self.values]
            names += [f"seat{k}.committed={v}" for v in self.values]
            names += [f"seat{k}.role={r}" for r in ROLES]
        names += ["draw_pile", "face_down_discards"]
        names += [f"discard={v}" for v in self.values]
        names += ["conflict.present", "conflict.eagle", "conflict.rose", "conflict.vp_each"]
        names += [f"conflict.winner={h}" for h in HOUSES]
        names += [f"hand={v}" for v in self.values]
        names += [f"role={r}" for r in ROLES]
        names += [f"received={r}" for r in ROLES]
        names += [f"packet={r}" for r in ROLES]
        names += [f"own_face_down={v}" for v in self.values]
        assert (
            len(names)
            == 2
            + 4
            + len(STEPS)
            + 3 * MAX_SEATS
            + RING_SIZE * (nt + 2 + MAX_SEATS + 3)
            + (MAX_SEATS * (1 + 2 + 3 + 2 * nv + nr))
            + 2
            + nv
            + 6
            + nv
            + 3 * nr
            + nv
        )
        return names

    def encode(self, obs: VerraterObservation) -> npt.NDArray[np.float32]:
        """The observation vector for ``obs.viewer`` (a spectator sees seat 0 first)."""
        nv, nt, nr = len(self.values), len(self.types), len(ROLES)
        x = np.zeros(self.size, dtype=np.float32)
        n = obs.players
        me = obs.viewer if obs.viewer is not None else 0

        def rel(seat: int) -> int:
            return (seat - me) % n

        vs, ts, rs = self._value_slot, self._type_slot, self._role_slot
        i = 0
        x[i + (0 if n == 3 else 1)] = 1.0
        i += 2
        x[i] = obs.round / ROUND_SCALE
        x[i + 1] = obs.total_rounds / ROUND_SCALE
        x[i + 2] = float(obs.final_round)
        x[i + 3] = float(obs.roles_revealed)
        i += 4
        x[i + self._step_slot[obs.step]] = 1.0
        i += len(STEPS)
        for p in obs.to_act:
            x[i + rel(p)] = 1.0
        i += MAX_SEATS
        x[i + rel(obs.start_player)] = 1.0
        i += MAX_SEATS
        x[i + rel(obs.strategist)] = 1.0
        i += MAX_SEATS
        for land in range(RING_SIZE):
            x[i + ts[obs.types[land]]] = 1.0
            i += nt
            x[i + HOUSES.index(obs.owners[land])] = 1.0
            i += 2
            card = obs.buildings[land]
            if card is not None:
                x[i + rel(card.owner)] = 1.0
                x[i + MAX_SEATS + SIDES.index(card.side)] = 1.0
            i += MAX_SEATS + 2
            x[i] = float(obs.site == land)
            i += 1
        for k in range(MAX_SEATS):
            if k < n:
                view = obs.seats[(me + k) % n]
                x[i] = 1.0
                x[i + 1 + HOUSES.index(view.allegiance)] = 1.0
                x[i + 3] = min(1.0, view.victory_points / VP_SCALE)
                x[i + 4] = min(1.0, view.hand_size / HAND_SCALE)
                x[i + 5] = view.unbuilt / self.buildings_per_player
                for v in view.known_cards:
                    x[i + 6 + vs[v]] += 1.0 / HAND_SCALE
                for v in view.committed:
                    x[i + 6 + nv + vs[v]] += 1.0 / HAND_SCALE
                if view.role is not None:
                    x[i + 6 + 2 * nv + rs[view.role]] = 1.0
            i += 6 + 2 * nv + nr
        x[i] = obs.draw_pile_size / self.deck_size
        x[i + 1] = obs.face_down_discards / self.deck_size
        i += 2
        for v in obs.discard:
            x[i + vs[v]] += 1.0 / self.deck_size
        i += nv
        conflict = obs.last_conflict
        if conflict is not None:
            x[i] = 1.0
            x[i + 1] = min(1.0, conflict.strength[0] / STRENGTH_SCALE)
            x[i + 2] = min(1.0, conflict.strength[1] / STRENGTH_SCALE)
            x[i + 3] = min(1.0, conflict.vp_each / VP_SCALE)
            if conflict.winner is not None:
                x[i + 4 + HOUSES.index(conflict.winner)] = 1.0
        i += 6
        for v in obs.hand or ():
            x[i + vs[v]] += 1.0 / HAND_SCALE
        i += nv
        if obs.role is not None:
            x[i + rs[obs.role]] = 1.0
        i += nr
        for r in obs.received or ():
            x[i + rs[r]] = 1.0
        i += nr
        for r in obs.packet or ():
            x[i + rs[r]] = 1.0
        i += nr
        for v in obs.own_face_down_discards:
            x[i + vs[v]] += 1.0 / HAND_SCALE
        i += nv
        assert i == self.size
        np.minimum(x, 1.0, out=x)
        return x
