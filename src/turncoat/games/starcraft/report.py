"""The StarCraft balance report: wins by seat and faction, how games are won (the victories of
RULES §16: normal, special, end-game by *The End Draws Near*, elimination), eliminations, battles,
the length of games (rounds and decisions), and which invented (placeholder) content was in play.

Per-game facts: each seat's faction (dealt at setup with ``faction_selection="random"``, otherwise
chosen in the record, §5 step 2) always; with ``full``, a replay of the record gives the rest.

Much of StarCraft's content is not public (GAPS §3): the placeholder pack fills it with invented
values, each marked in the data.  Whenever any invented value was in play, the report says so
first, in a "placeholder content" note naming what was invented, because every figure then
measures that invented content, not the printed game.

This module says what the report holds (:mod:`turncoat.core.report`); the simulator writes it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from turncoat.core import stats
from turncoat.core.record import GameRecord, replay
from turncoat.core.report import (
    BalanceReport,
    Block,
    Column,
    Highlight,
    Mean,
    Note,
    Paragraph,
    Section,
    Table,
    counts_table,
    fair_share,
    game_length_figure,
    mean_of,
    measures_table,
    rates_highlight,
    replayed,
    rounds_played,
    share_of,
    win_rate_figure,
    wins_table,
)
from turncoat.games.starcraft import events as E

if TYPE_CHECKING:
    from turncoat.games.starcraft.game import StarcraftGame

FACTION = "faction"
# §16: the victories in the order the rules check them; other kinds (variants) are listed after.
VICTORIES = {
    "normal": "normal victory (conquest points, §16.1)",
    "special": "special victory (faction objective, §16.2)",
    "end_game": "end-game victory (The End Draws Near, §16.3)",
    "elimination": "elimination (last one standing, §16.4)",
}
# §16.4 [RULING]: a game its last players left together, with simultaneous_last_elimination
# "nobody_wins", has no winner: listed only when it happens.
ENDINGS = {**VICTORIES, "no_winner": "nobody (the last players left the board together, §16.4)"}
# Invented records by the content section they belong to, in the words of the report.
SECTIONS = {
    "rules": "game rules",
    "planets": "planets",
    "factions": "factions",
    "races": "races",
    "units": "units",
    "buildings": "buildings",
    "modules": "modules",
    "combat_cards": "combat cards",
    "technologies": "technology cards",
    "event_cards": "event cards",
}


def factions_of(game: StarcraftGame, seed: int, record: GameRecord | None) -> list[str] | None:
    """Each seat's faction leader: dealt at setup (random selection) or chosen in the record."""
    leaders = {f: d.leader.value for f, d in game.ctx.t.faction.items()}
    dealt = game.start(seed).state.seats
    if all(p.faction for p in dealt):
        return [leaders.get(p.faction, p.faction) for p in dealt]
    if record is None:
        return None
    chosen = {p: leaders.get(s.faction, s.faction) for p, s in enumerate(dealt) if s.faction}
    for step in record.actions:
        if step.action.get("type") == "choose_faction":
            faction = str(step.action.get("faction", ""))
            chosen[step.player] = leaders.get(faction, faction)
    if len(chosen) != game.num_players():
        return None
    return [chosen[p] for p in range(game.num_players())]


def section_of(path: str) -> str:
    """The content section an invented value's path belongs to (``planets.char.areas``: planets)."""
    return path.split(".", 1)[0]


class StarcraftReport:
    """The balance report of one configured StarCraft game (``StarcraftGame.balance_report()``)."""

    def __init__(self, game: StarcraftGame) -> None:
        self.game = game

    # -- per game -------------------------------------------------------------------------------
    def facts(self, seed: int, record: GameRecord | None, *, full: bool) -> dict[str, Any]:
        """Factions per seat; with ``full``, the victory, eliminations, battles, length and the
        invented content the game used."""
        game = self.game
        out: dict[str, Any] = {"players": game.num_players()}
        factions = factions_of(game, seed, record)
        if factions is not None:
            out["seat_groups"] = {FACTION: factions}
        if not full or record is None:
            return out
        engine: Any = game  # the registered engine (core.engine.Game)
        result = replay(engine, record, check_digests=False)
        final = result.final_state
        events = [*result.initial_events, *(e for step in result.steps for e in step.events)]
        leaders = {f: d.leader.value for f, d in game.ctx.t.faction.items()}
        eliminated = [e.seat for e in events if isinstance(e, E.Eliminated)]
        invented = game.invented_in_play(final)
        out.update(
            victory=final.victory,
            winners=list(final.winners),
            eliminations=len(eliminated),
            eliminated_factions=[
                leaders.get(final.seat(s).faction, final.seat(s).faction) for s in eliminated
            ],
            battles=sum(1 for e in events if isinstance(e, E.BattleStarted)),
            rounds=final.round,
            actions=len(record.actions),
            packs=list(final.packs),
            invented_values=len(invented),
            invented_by_section=dict(Counter(section_of(v.path) for v in invented)),
        )
        return out

    # -- the whole run --------------------------------------------------------------------------
    def report(self, rows: Sequence[Mapping[str, Any]]) -> BalanceReport:
        """What the report says about the finished games among ``rows``."""
        game = self.game
        done = stats.finished(rows)
        full = [r for r in done if "victory" in r.get("facts", {})]
        players = game.num_players()
        fair = 1.0 / players
        n_games, n_full = len(done), len(full)

        by_seat = stats.rates_by_seat(done)
        by_faction = stats.rates_by_group(done, FACTION)
        wins = wins_table((("seat", by_seat), (FACTION, by_faction)))
        victories = victory_counts(full)
        endings = counts_table(
            "how the game was won", ((ENDINGS.get(k, k), v) for k, v in victories.items()), n_full
        )
        by_faction_victory = faction_victory_counts(full)
        faction_table = Table(
            (Column("faction"), Column("victory"), Column("wins", numeric=True)),
            tuple(
                (faction, VICTORIES.get(kind, kind), count)
                for (faction, kind), count in sorted(by_faction_victory.items())
            ),
        )
        eliminated = Counter(f for r in full for f in r["facts"]["eliminated_factions"])
        eliminations = measures_table(
            (
                (
                    "games with an elimination",
                    share_of(sum(1 for r in full if r["facts"]["eliminations"]), n_full),
                ),
                ("eliminations per game ± 95%", mean_of(full, "eliminations")),
                *((f"{faction} eliminated (games)", n) for faction, n in sorted(eliminated.items())),
            ),
        )
        length = measures_table(
            (
                ("rounds played ± 95%", mean_of(full, "rounds")),
                ("decisions per game ± 95%", mean_of(full, "actions")),
                ("battles per game ± 95%", mean_of(full, "battles")),
            )
        )
        round_counts = rounds_played(full, max((int(r["facts"]["rounds"]) for r in full), default=0))
        content = content_blocks(game, full)
        return BalanceReport(
            title=f"StarCraft balance report ({n_games} games, {players} players)",
            games=n_games,
            intro=(
                *content[:1],
                fair_share(fair),
            ),
            sections=(
                Section("Wins by seat and faction", (wins,)),
                Section(
                    "How games are won",
                    (replayed(n_full), endings, faction_table),
                ),
                Section("Eliminations", (eliminations,)),
                Section("Game length", (length,)),
                Section("Content in play", tuple(content[1:])),
            ),
            figures=(
                win_rate_figure(FACTION, by_faction, fair),
                win_rate_figure("seat", by_seat, fair),
                game_length_figure(round_counts),
            ),
            highlights=(
                *rates_highlight("win rate by faction", by_faction),
                *(
                    [
                        Highlight(
                            "victories",
                            ", ".join(f"{k} {v}" for k, v in victories.items()) + f" (of {n_full})",
                        )
                    ]
                    if full
                    else []
                ),
                *([Highlight("placeholder content", placeholder_line(full))] if invented_games(full) else []),
            ),
        )


def victory_counts(full: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Games per victory, §16's kinds first (each listed, even at 0), then any other kind."""
    counts = Counter(str(r["facts"]["victory"]) for r in full)
    return {
        **{k: counts.get(k, 0) for k in VICTORIES},
        **{k: v for k, v in sorted(counts.items()) if k not in VICTORIES},
    }


def faction_victory_counts(full: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str], int]:
    """Wins per (faction, victory): each winner of a game counts once (a shared win counts for
    every winner)."""
    out: Counter[tuple[str, str]] = Counter()
    for r in full:
        facts = r["facts"]
        factions = facts.get("seat_groups", {}).get(FACTION)
        for seat in facts["winners"]:
            name = str(factions[seat]) if factions is not None else f"seat {seat}"
            out[(name, str(facts["victory"]))] += 1
    return dict(out)


def invented_games(full: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The replayed games in which any invented value was in play."""
    return [r for r in full if r["facts"]["invented_values"]]


def placeholder_line(full: Sequence[Mapping[str, Any]]) -> str:
    """One sentence: in how many games invented content was in play, and of what kinds."""
    games = invented_games(full)
    sections: Counter[str] = Counter()
    for r in games:
        sections.update(r["facts"]["invented_by_section"].keys())
    kinds = ", ".join(SECTIONS.get(s, s) for s in sorted(sections, key=lambda s: (-sections[s], s)))
    return f"invented content was in play in {len(games)} of {len(full)} games ({kinds})"


def content_blocks(game: StarcraftGame, full: Sequence[Mapping[str, Any]]) -> list[Block]:
    """The content statement (first, for the intro) and the content section's table: the packs
    the games used and, per content section, in how many games invented values of it were in
    play and how many such values a game used on average."""
    packs = sorted({p for r in full for p in r["facts"]["packs"]} or set(game.packs_used()))
    games = invented_games(full)
    if games:
        statement: Block = Note(
            "Placeholder content in play.",
            f"In {len(games)} of {len(full)} games, values of the placeholder pack were in play: "
            "they are invented where no public source gives the printed card, planet or number "
            "(GAPS §3), so every figure below measures that invented content, not the printed "
            "game.  `turncoat content starcraft` lists each invented value and why; an owner's "
            "pack with the printed values replaces them.",
        )
    elif full:
        statement = Paragraph("No invented (placeholder) value was in play in these games.")
    else:
        statement = Paragraph(
            "No game was replayed, so which content was in play is not known"
            + (" (the placeholder pack was loaded)." if _placeholders_loaded(game) else ".")
        )
    per_game: dict[str, list[float]] = {}
    for r in games:
        for section, n in r["facts"]["invented_by_section"].items():
            per_game.setdefault(section, []).append(float(n))
    table = Table(
        (
            Column("invented content"),
            Column("games", numeric=True),
            Column("invented values per game", numeric=True),
        ),
        tuple(
            (SECTIONS.get(s, s), len(per_game[s]), Mean(stats.mean_ci(per_game[s]))) for s in sorted(per_game)
        ),
    )
    return [statement, Paragraph("Content packs: " + ", ".join(f"`{p}`" for p in packs) + "."), table]


def _placeholders_loaded(game: StarcraftGame) -> bool:
    return any(p.kind == "placeholders" for p in game.loaded.packs)
