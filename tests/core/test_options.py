"""One reading of ``key=value`` options for game options and agent specs."""

from __future__ import annotations

from turncoat.core.options import option_value, parse_options


def test_option_values_become_numbers_flags_or_text() -> None:
    assert [option_value(t) for t in ("3", "1.5", "TRUE", "false", "none", "abc")] == [
        3,
        1.5,
        True,
        False,
        None,
        "abc",
    ]


def test_parse_options_names_the_first_item_that_is_not_key_value() -> None:
    assert parse_options(["rounds=3", "ring_layout=random"]) == {"rounds": 3, "ring_layout": "random"}
    assert parse_options(["rounds=3", "oops", "=5"]) == "oops"
    assert parse_options(["=5"]) == "=5"
