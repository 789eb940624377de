"""What this server offers to play: every registered game, with its player range and the rule
options a table may choose, all read from the game's presentation (``core.present``), and the
bot levels its bots come in (``adapters``).

The lobby's form and the API's table creation both check a new table against this, so neither
knows any game: a game registered tomorrow is offered the same way.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from turncoat.core.errors import InvalidConfig
from turncoat.core.present import Guide, OptionSpec, guide_of, presentation_of
from turncoat.core.registry import builtin_games, load_game, registered
from turncoat.server import adapters
from turncoat.server.skin import GENERIC, WebSkin, web_skin
from turncoat.server.table import ServerError


@dataclass(frozen=True)
class GameOffer:
    """One game as a table creator may choose it."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]  # each option's values, the rules' default first
    colours: tuple[str, ...]  # the seats' colours at the largest table
    levels: tuple[tuple[str, str], ...]  # the bot levels its bots come in: (name, label), easiest first
    default_level: str  # the level a bot seat starts at in the form

    @property
    def default_players(self) -> int:
        """The largest table the game allows: the full game as its rules describe it."""
        return self.max_players

    def allowed(self) -> dict[str, list[str]]:
        """Each option's values by name, the default first."""
        return {spec.name: list(spec.values) for spec in self.options}


@functools.cache
def _offer(game_id: str) -> GameOffer:
    game = load_game(game_id)
    face = presentation_of(game)
    return GameOffer(
        id=game_id,
        title=face.title,
        min_players=face.min_players,
        max_players=min(face.max_players, 8),  # the seat colours and marks go up to eight
        options=face.options(),
        colours=tuple(style.colour for style in face.seat_styles(face.max_players)),
        levels=tuple(adapters.level_choices(game)),
        default_level=adapters.default_level(game),
    )


@functools.cache
def how_to_play(game_id: str) -> Guide:
    """The game's guide (``core.present.guide_of``): the same words for every table of it."""
    return guide_of(presentation_of(load_game(game_id)))


def offered() -> tuple[GameOffer, ...]:
    """Every game this server plays; the built-in ones first, in their order, then the rest."""
    names = registered()
    first = [g for g in builtin_games() if g in names]
    return tuple(_offer(g) for g in [*first, *sorted(set(names) - set(first))])


def offer(game_id: Any) -> GameOffer:
    """The game a new table asks for (checked: it must be one this server offers)."""
    for game in offered():
        if game.id == game_id:
            return game
    known = ", ".join(g.id for g in offered())
    asked = str(game_id)[:40]
    message = f"this server does not offer the game {asked!r} (it offers {known})"
    raise InvalidConfig(message, code="unknown_game")


def default_game() -> GameOffer:
    """The game the lobby offers first: the first game with a board of its own (a featured web
    skin), else the first game there is.  A game that plays only on the generic table is offered, but a
    visitor is first shown the one that has been given its own face."""
    games = offered()
    if not games:
        raise ServerError("no_games", "this server has no game to offer")
    return next((g for g in games if _featured(web_skin(g.id))), games[0])


def _featured(skin: WebSkin) -> bool:
    """A skin of the game's own that is ready to be the lobby's first offer."""
    return skin is not GENERIC and skin.featured


def checked_players(game: GameOffer, raw: Any) -> int:
    """A table's number of players: a whole number in the game's range."""
    players = int(raw.strip()) if isinstance(raw, str) and raw.strip().isdigit() else raw
    if isinstance(players, bool) or not isinstance(players, int):
        players = None
    if players is None or not game.min_players <= players <= game.max_players:
        raise ServerError(
            "bad_players",
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {str(raw)[:20]}",
        )
    return players


def chosen_options(game: GameOffer, form: Mapping[str, Any]) -> dict[str, str]:
    """The rule options a creation form sets: each option of the game whose value is one of
    its values (an option left out keeps the rules' default)."""
    out: dict[str, str] = {}
    for name, values in game.allowed().items():
        value = form.get(name)
        if value is None or value == "":
            continue
        if value not in values:
            raise ServerError("bad_options", f"option {name!r} cannot be set to {str(value)[:40]!r}")
        out[name] = value
    return out
