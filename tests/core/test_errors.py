"""Refusals travel between processes: a bot's move is chosen in a worker process, and an error
that cannot be unpickled there breaks the whole worker pool."""

from __future__ import annotations

import pickle

import pytest

from turncoat.core import errors
from turncoat.core.errors import InvalidConfig, ReplayDivergence, RulesError
from turncoat.play.match import SubmissionRefused


def every_rules_error() -> list[RulesError]:
    made: list[RulesError] = [
        cls("a refusal", code="some_code", rule="§1.2")
        for cls in vars(errors).values()
        if isinstance(cls, type) and issubclass(cls, RulesError) and cls is not ReplayDivergence
    ]
    made.append(ReplayDivergence("step 3 differs", step=3, expected="ab12", actual="cd34"))
    made.append(SubmissionRefused(1, InvalidConfig("bad", code="bad_players")))
    return made


@pytest.mark.parametrize("error", every_rules_error(), ids=lambda e: type(e).__name__)
def test_every_refusal_survives_pickling(error: RulesError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert (copy.message, copy.code, copy.rule, str(copy)) == (
        error.message,
        error.code,
        error.rule,
        str(error),
    )
    assert copy.to_dict() == error.to_dict()
