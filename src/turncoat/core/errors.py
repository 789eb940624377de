"""Error types every game raises for bad input.

Each error carries a stable machine-readable ``code`` and the rulebook ``rule`` it enforces, so a
UI can explain a refusal in plain words and a test can check the exact reason.  Raising any of them
guarantees that nothing was changed: engines validate before they build the next state.
"""

from __future__ import annotations

from typing import Any


class RulesError(Exception):
    """Base class: an action or record was refused.  Nothing changed."""

    kind = "rules_error"

    def __init__(self, message: str, *, code: str, rule: str = "") -> None:
        self.message = message
        self.code = code
        self.rule = rule
        where = f" [{rule}]" if rule else ""
        super().__init__(f"{code}: {message}{where}")

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "code": self.code, "rule": self.rule, "message": self.message}

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross process boundaries (a bot's move is chosen in a worker process).  The
        # default pickling calls __init__ with the message alone, which fails on the keyword-only
        # code, and a result that cannot be unpickled breaks the whole worker pool.
        return (_restore_error, (type(self), self.args, dict(self.__dict__)))


def _restore_error(cls: type[RulesError], args: tuple[Any, ...], fields: dict[str, Any]) -> RulesError:
    """A pickled error, rebuilt without calling its ``__init__`` (subclasses take other arguments)."""
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(fields)
    return error


class MalformedAction(RulesError):
    """The input could not be read as an action of this game at all."""

    kind = "malformed"


class NotYourDecision(RulesError):
    """The seat is not among those who must decide now (or the game is over)."""

    kind = "not_your_decision"


class IllegalAction(RulesError):
    """A well-formed action that the rules forbid in this position."""

    kind = "illegal"


class InvalidContent(RulesError):
    """A content pack or override file failed validation."""

    kind = "invalid_content"


class InvalidConfig(RulesError):
    """A game configuration (or scenario pin) is not acceptable."""

    kind = "invalid_config"


class ReplayDivergence(RulesError):
    """A record did not replay: the first step where it went wrong, and how."""

    kind = "replay_divergence"

    def __init__(self, message: str, *, step: int, expected: str, actual: str) -> None:
        self.step = step
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"step {step}: {message} (expected {expected}, got {actual})",
            code="replay_divergence",
        )
