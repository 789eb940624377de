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
    return _word(_stream(seed), counter)


def _stream(seed: int) -> blake2b:
    """The hash of ``"{seed}:"``, the start every word of the stream hashes: a shuffle draws many
    words of one stream, and writing a 62-bit seed out in decimal and hashing it cost more than
    copying this state and adding the counter (the same bytes hashed, so the same words)."""
    return blake2b(f"{seed}:".encode(), digest_size=8)


def _word(stream: blake2b, counter: int) -> int:
    """``random_word`` given the stream's ``_stream``."""
    h = stream.copy()
    h.update(b"%d" % counter)
    return int.from_bytes(h.digest(), "little")


def randbelow(seed: int, counter: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``[0, n)`` and the next counter (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError(f"randbelow needs n >= 1, got {n}")
    return _below(_stream(seed), counter, n)


def _below(stream: blake2b, counter: int, n: int) -> tuple[int, int]:
    """``randbelow`` given the stream's ``_stream`` (``n`` at least 1)."""
    limit = _WORD - (_WORD % n)
    while True:
        word = _word(stream, counter)
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
    stream = _stream(seed)
    from_bytes = int.from_bytes
    # ``_below`` and ``_word`` written out: a deck of dozens of cards draws a word per card, and in
    # a search every sampled world shuffles several decks.
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _WORD - (_WORD % n)
        while True:
            h = stream.copy()
            h.update(b"%d" % counter)
            word = from_bytes(h.digest(), "little")
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
