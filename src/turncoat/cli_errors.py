"""How every ``turncoat`` command reports bad input: one line on stderr, ``error: <sentence>``,
and exit status 2.  Never a traceback, never a machine code such as ``unknown_game:``.

Every command module (``cli``, ``sim``, ``tui``, ``server``) uses this module, so it imports
nothing from turncoat but the error types of ``turncoat.core``.  ``CommandGroup`` applies the
same convention to the errors Click finds while parsing (a bad integer, an unknown option).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click
import typer
from click.exceptions import NoArgsIsHelpError
from typer.core import TyperGroup

from turncoat.core.errors import RulesError

EXIT_BAD_INPUT = 2

# Seeds are stored in records as signed 64-bit integers; every command accepts the same range.
MAX_SEED = 2**63 - 1


def one_line(message: object) -> str:
    """``message`` with every run of whitespace (newlines included) made a single space."""
    return " ".join(str(message).split())


def error_line(message: object) -> str:
    return f"error: {one_line(message)}"


def say_error(message: object) -> None:
    """Print ``error: <message>`` as one line on stderr."""
    click.echo(error_line(message), err=True)


def fail(message: object, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Report ``message`` and end the command with ``code`` (2, bad input, unless documented)."""
    say_error(message)
    raise typer.Exit(code=code)


def plain(exc: RulesError) -> str:
    """A rules error as a sentence: its message and the rule it enforces, without its code."""
    return f"{exc.message} ({exc.rule})" if exc.rule else exc.message


def int_in_range(option: str, value: int, low: int, high: int | None = None) -> int:
    """``value`` if ``low <= value <= high``; otherwise fail with a sentence naming ``option``."""
    if value < low or (high is not None and value > high):
        wanted = f"from {low} to {high}" if high is not None else f"at least {low}"
        fail(f"{option} must be an integer {wanted} (got {value})")
    return value


def float_in_range(option: str, value: float, low: float, high: float, *, unit: str = "") -> float:
    """``value`` if it is a finite number from ``low`` to ``high``; otherwise fail."""
    if not (math.isfinite(value) and low <= value <= high):
        fail(f"{option} must be a number from {low:g} to {high:g}{unit} (got {value:g})")
    return value


def seed_in_range(value: int, option: str = "--seed") -> int:
    return int_in_range(option, value, 0, MAX_SEED)


def _usage_sentence(exc: click.ClickException) -> str:
    message = one_line(exc.format_message()).rstrip(".")
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click.UsageError) and ctx is not None:
        message += f" (see '{ctx.command_path} --help')"
    return message


class CommandGroup(TyperGroup):
    """The ``turncoat`` group: Click's own errors (a bad integer, a missing argument, an unknown
    option) follow the same one-line convention as the commands' errors."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        code: Any
        try:
            code = super().main(
                args,
                prog_name,
                complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
        except NoArgsIsHelpError as exc:
            exc.show()  # `turncoat` alone: the help, as Click would show it
            code = EXIT_BAD_INPUT
        except click.ClickException as exc:
            say_error(_usage_sentence(exc))
            code = EXIT_BAD_INPUT
        except click.Abort:
            say_error("aborted")
            code = 1
        except OSError as exc:  # a file the command reads or writes (e.g. --save into a missing folder)
            where = f" {exc.filename}" if exc.filename else ""
            say_error(f"cannot use{where}: {exc.strerror or exc}")
            code = EXIT_BAD_INPUT
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)
