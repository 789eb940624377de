"""Fixed-size encodings of Sealed Bids for learning environments (``SealedBidsGame.rl_encoding()``).

Actions, in this fixed order: ``bid`` of 0 up to the most coins a seat can ever hold (every
seat's starting coins and every prize sold: coins only change hands by bids and sales), then
``keep_prize`` and ``sell_prize``.  The parley (§6) is not encoded: its answers name offers by the
number they were made under, which no fixed enumeration can hold, so a game with ``parley`` on has
no encoding.

Observations: a float32 vector in [0, 1] built from a ``SealedBidsObservation`` only, so it cannot
carry what the seat may not see.  Seats are listed relative to the viewer (the viewer first),
padded to four.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from turncoat.core.errors import InvalidConfig
from turncoat.core.testing.toy import (
    BID,
    OVER,
    SELL,
    Bid,
    KeepPrize,
    SealedBidsAction,
    SealedBidsObservation,
    SellPrize,
)
from turncoat.core.testing.toy_parley import RULE_PARLEY

if TYPE_CHECKING:
    from turncoat.core.testing.toy import SealedBidsGame

MAX_SEATS = 4
PHASES = (BID, SELL, OVER)


class SealedBidsEncoding:
    """Action indices and observation vectors for one configured Sealed Bids game."""

    def __init__(self, game: SealedBidsGame) -> None:
        if game.config.parley:
            raise InvalidConfig(
                "Sealed Bids with the parley has no fixed encoding for learning environments "
                "(its offers are answered by number)",
                code="no_encoding",
                rule=RULE_PARLEY,
            )
        self.prizes = len(game.points)
        self.max_coins = game.config.players * game.starting_coins + sum(game.points)
        self.actions: tuple[SealedBidsAction, ...] = (
            *(Bid(amount) for amount in range(self.max_coins + 1)),
            KeepPrize(),
            SellPrize(),
        )
        self.num_actions = len(self.actions)
        self._index = {action: i for i, action in enumerate(self.actions)}
        self.size = len(self.layout())
        self.observation_space = spaces.Box(low=0.0, high=1.0, shape=(self.size,), dtype=np.float32)

    # -- actions --------------------------------------------------------------------------------
    def action_index(self, action: SealedBidsAction) -> int:
        return self._index[action]

    def action_at(self, index: int) -> SealedBidsAction:
        return self.actions[index]

    # -- observations ---------------------------------------------------------------------------
    def layout(self) -> list[str]:
        """Feature names, in vector order (this also documents the encoding)."""
        names = ["round", "rounds_left", "prizes_left", "my_bid"]
        names += [f"phase={p}" for p in PHASES]
        names += [f"prize={i}" for i in range(self.prizes)]
        names += [f"favourite={i}" for i in range(self.prizes)]
        for k in range(MAX_SEATS):
            names += [f"seat{k}.present", f"seat{k}.coins", f"seat{k}.committed", f"seat{k}.to_act"]
            names += [f"seat{k}.seller"]
            names += [f"seat{k}.kept={i}" for i in range(self.prizes)]
        return names

    def encode(self, obs: SealedBidsObservation) -> npt.NDArray[np.float32]:
        """The vector for ``obs.viewer`` (a spectator sees seat 0 first)."""
        x = np.zeros(self.size, dtype=np.float32)
        me = obs.viewer if obs.viewer is not None else 0
        x[0] = obs.round / obs.total_rounds
        x[1] = (obs.total_rounds - obs.round) / obs.total_rounds
        x[2] = obs.prizes_left / self.prizes
        x[3] = 0.0 if obs.my_bid is None else obs.my_bid / self.max_coins
        i = 4
        x[i + PHASES.index(obs.phase)] = 1.0
        i += len(PHASES)
        if obs.prize is not None:
            x[i + obs.prize] = 1.0
        i += self.prizes
        mine = obs.seats[me].favourite if obs.viewer is not None else None
        if mine is not None:
            x[i + mine] = 1.0
        i += self.prizes
        for k in range(MAX_SEATS):
            if k < obs.players:
                seat = obs.seats[(me + k) % obs.players]
                x[i] = 1.0
                x[i + 1] = seat.coins / self.max_coins
                x[i + 2] = float(seat.committed)
                x[i + 3] = float(seat.seat in obs.to_act)
                x[i + 4] = float(seat.seat == obs.seller)
                for prize in seat.kept:
                    x[i + 5 + prize] = 1.0
            i += 5 + self.prizes
        return x
