"""Counter-based deterministic randomness owned by the game state.

A draw is a pure function of ``(seed, counter)``: ``blake2b(f"{seed}:{counter}")``.  States store
the seed and the counter, so every chance event is reproducible from a record, independent of
Python's ``random`` module, hash seeds or set order.  The algorithms (rejection sampling and
Fisher-Yates) are pinned by known-answer tests: changing them changes every record.
"""

from __future__ import annotations

from collections.abc import Sequence
from hashlib import blake2b
from typing import TypeVar

T = TypeVar("T")

_WORD_BITS = 64
_WORD = 1 << _WORD_BITS


def random_word(seed: int, counter: int) -> int:
    """The 64-bit word number ``counter`` of the stream named by ``seed``."""
    return _word(_prefix(seed), counter)


def _prefix(seed: int) -> bytes:
    """The bytes every word of the stream starts its hash input with (``"{seed}:"``)."""
    return f"{seed}:".encode()


def _word(prefix: bytes, counter: int) -> int:
    """``random_word`` given the stream's ``_prefix``: a shuffle draws many words of one stream,
    and writing a 62-bit seed out in decimal costs more than the hash, so it is done once."""
    return int.from_bytes(blake2b(prefix + str(counter).encode(), digest_size=8).digest(), "little")


def randbelow(seed: int, counter: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``[0, n)`` and the next counter (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError(f"randbelow needs n >= 1, got {n}")
    return _below(_prefix(seed), counter, n)


def _below(prefix: bytes, counter: int, n: int) -> tuple[int, int]:
    """``randbelow`` given the stream's ``_prefix`` (``n`` at least 1)."""
    limit = _WORD - (_WORD % n)
    while True:
        word = _word(prefix, counter)
        counter += 1
        if word < limit:
            return word % n, counter


def choice(seed: int, counter: int, items: Sequence[T]) -> tuple[T, int]:
    """One uniformly chosen item and the next counter."""
    index, counter = randbelow(seed, counter, len(items))
    return items[index], counter


def shuffle(seed: int, counter: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """A uniformly shuffled copy (Fisher-Yates from the end) and the next counter."""
    out = list(items)
    prefix = _prefix(seed)
    # ``_below`` written out: a deck of dozens of cards draws a word per card, and in a search
    # every sampled world shuffles several decks.
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _WORD - (_WORD % n)
        while True:
            word = int.from_bytes(blake2b(prefix + str(counter).encode(), digest_size=8).digest(), "little")
            counter += 1
            if word < limit:
                break
        j = word % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), counter


def derive_seed(master: int, *path: int | str) -> int:
    """A child seed for a sub-stream (a game in a tournament, a search rollout, ...)."""
    text = ":".join([str(master), *(str(p) for p in path)])
    return int.from_bytes(blake2b(text.encode(), digest_size=8).digest(), "little") >> 1
