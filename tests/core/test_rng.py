"""Known-answer and distribution tests for the counter-based RNG (ARCHITECTURE §1.4).

The pinned numbers were computed once from ``turncoat.core.rng``.  If one of them changes, every
stored game record replays differently: that is a breaking change, never a test to update lightly.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from turncoat.core import rng


def test_random_word_known_answers() -> None:
    assert [rng.random_word(0, c) for c in range(3)] == [
        7120306904099482837,
        5509842535781378034,
        5520597761125668815,
    ]
    assert rng.random_word(42, 7) == 10390205107787427779
    assert rng.random_word(-5, 10**12) == 13276374869839885792


def test_random_word_is_a_64_bit_pure_function() -> None:
    words = [rng.random_word(s, c) for s in range(20) for c in range(20)]
    assert all(0 <= w < 1 << 64 for w in words)
    assert len(set(words)) == len(words)
    assert rng.random_word(3, 4) == rng.random_word(3, 4)
    assert rng.random_word(3, 4) != rng.random_word(4, 3)


def test_randbelow_known_answers() -> None:
    assert rng.randbelow(0, 0, 10) == (7, 1)
    assert rng.randbelow(42, 3, 1) == (0, 4)
    assert rng.randbelow(7, 0, 6) == (5, 1)
    assert [rng.randbelow(5, c, 3)[0] for c in range(12)] == [1, 0, 1, 0, 2, 1, 0, 2, 1, 0, 1, 0]


def test_randbelow_rejects_words_above_the_limit() -> None:
    """n = 2**63 + 1 accepts only words below 2**63 + 1: word 3 of seed 0 is rejected, word 4 used."""
    n = (1 << 63) + 1
    assert rng.random_word(0, 3) >= n
    assert rng.randbelow(0, 3, n) == (rng.random_word(0, 4) % n, 5)
    assert rng.randbelow(0, 3, n) == (4046999754903416975, 5)


@pytest.mark.parametrize("n", [0, -1, -100])
def test_randbelow_refuses_empty_ranges(n: int) -> None:
    with pytest.raises(ValueError, match="n >= 1"):
        rng.randbelow(1, 0, n)


def test_choice_known_answers() -> None:
    assert rng.choice(1, 0, "abcdef") == ("a", 1)
    assert rng.choice(99, 10, ["x", "y", "z"]) == ("y", 11)
    with pytest.raises(ValueError):
        rng.choice(1, 0, [])


def test_shuffle_known_answers() -> None:
    assert rng.shuffle(0, 0, range(10)) == ((4, 0, 3, 8, 2, 5, 1, 9, 6, 7), 9)
    assert rng.shuffle(2024, 5, "abcdefgh") == (("f", "g", "e", "a", "c", "d", "b", "h"), 12)
    assert rng.shuffle(1, 0, []) == ((), 0)
    assert rng.shuffle(1, 0, [7]) == ((7,), 0)


def test_shuffle_is_a_permutation_and_leaves_its_input_alone() -> None:
    items = [3, 1, 4, 1, 5, 9, 2, 6]
    out, counter = rng.shuffle(11, 0, items)
    assert sorted(out) == sorted(items)
    assert items == [3, 1, 4, 1, 5, 9, 2, 6]
    assert counter >= len(items) - 1


def test_derive_seed_known_answers() -> None:
    assert rng.derive_seed(0) == 4246866556266386882
    assert rng.derive_seed(0, "game", 3) == 303451716081189738
    assert rng.derive_seed(12345, "policy", 0, "x") == 1394477800995106257


def test_derive_seed_separates_paths_and_fits_63_bits() -> None:
    seeds = {rng.derive_seed(7, "game", i) for i in range(500)}
    assert len(seeds) == 500
    assert all(0 <= s < 1 << 63 for s in seeds)
    assert rng.derive_seed(7, 1, 2) == rng.derive_seed(7, "1", "2")  # path parts are joined as text


def test_randbelow_is_uniform() -> None:
    """Chi-square over 6 bins, 6000 draws: 5 degrees of freedom, p = 0.001 critical value 20.5."""
    counts: Counter[int] = Counter()
    counter = 0
    for _ in range(6000):
        value, counter = rng.randbelow(2024, counter, 6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    chi2 = sum((counts[v] - 1000) ** 2 / 1000 for v in range(6))
    assert chi2 < 20.5


def test_shuffle_positions_are_uniform() -> None:
    """Every item lands in every position about equally often (chi-square per item, 4 dof)."""
    n, trials = 5, 4000
    positions = [Counter[int]() for _ in range(n)]
    counter = 0
    for _ in range(trials):
        out, counter = rng.shuffle(77, counter, range(n))
        for pos, item in enumerate(out):
            positions[item][pos] += 1
    expected = trials / n
    for item in range(n):
        chi2 = sum((positions[item][p] - expected) ** 2 / expected for p in range(n))
        assert chi2 < 18.5, (item, positions[item])  # p = 0.001 critical value for 4 dof


def test_shuffle_reaches_every_permutation() -> None:
    """All 24 orders of 4 items appear, none wildly over-represented (Fisher-Yates, no bias)."""
    seen = Counter[tuple[int, ...]]()
    counter = 0
    for _ in range(2400):
        out, counter = rng.shuffle(5, counter, range(4))
        seen[out] += 1
    assert set(seen) == set(itertools.permutations(range(4)))
    chi2 = sum((c - 100) ** 2 / 100 for c in seen.values())
    assert chi2 < 49.7  # p = 0.001 critical value for 23 dof
