"""Load on one server worker: many live tables at once, over real websockets on loopback.

Run:  uv run --group dev python bench/server_load.py [--tables 100] [--rex-tables 20] [--seconds 40]
          [--bot-delay 0.6] [--think 0.6] [--database-url postgresql://...]

The defaults pace bots as the server does out of the box (0.6 s before a bot move) and let the
client think about as long; ``--bot-delay 0.1 --think 0.1`` is a stress run that saturates one
worker.

What runs: the server is started as its own process (``python -m uvicorn --factory
turncoat.server:create_app``, one worker, 127.0.0.1, a temp TURNCOAT_DATA_DIR, SQLite unless
``--database-url``).  ``--tables`` Verräter tables are created through the JSON API, each with
three server-side random bots (``TURNCOAT_BOT_DELAY`` = ``--bot-delay``) and one human seat
played from this process by a scripted random client over the table's websocket, which waits
``--think`` seconds before each of its moves.  Next to them, on the same server at the same
time, ``--rex-tables`` Rex tables of six seats: five server-side random bots and one such
client.  Every figure is reported per game.

Bots only ever act inside the server, so the client's own moves are what can be timed from the
outside: latency is from sending an action to receiving the update that holds it (the action
decoded, applied, stored in one transaction and broadcast).  The client sends a ping right after
each action: the server handles a connection's messages in order and sends its update before its
replies, so the pong comes right after that update (in a sealed choice a bot's answer may reach
the client first; the pong is not fooled by it).  A refused move is not timed.  Throughput
counts every action (bots' too) from the tables' versions.  A table whose game ends is replaced
by a new one, so the number of live tables stays constant.

Baseline, in the same run and per game: the engine's own apply + one-transaction store of an
action on the same kind of database, with no server and no network (one table, one thread).  The
report prints each server figure beside it as a ratio.

Bounded: a warm-up of ``--warmup`` s, then ``--seconds`` s measured, then everything stops; the
server is killed if it does not stop by itself; the temp dir is removed.  Nothing here asserts a
time: this is a measurement, printed and saved to bench/results/ (gitignored).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from turncoat.core.record import encode_action
from turncoat.core.registry import load_game
from turncoat.server.storage import ActionRow, SeatRow, Store, TableRow

RESULTS_DIR = Path(__file__).resolve().parent / "results"
PLAYERS = {"verrater": 4, "rex": 6}  # the tables each game is measured at: one person, bots


def table_body(game: str) -> dict[str, Any]:
    """A new table of ``game`` for the API: seat 0 for the scripted client, random bots after."""
    players = PLAYERS[game]
    return {
        "game": game,
        "players": players,
        "name": "load",
        "listed": False,
        "seats": [{"kind": "human", "name": "Load"}] + [{"kind": "bot", "agent": "random"}] * (players - 1),
    }


@dataclass
class Stats:
    """One game's tables in the run (the measuring flag is shared by all games)."""

    clock: Measuring
    latencies: list[float] = field(default_factory=list)  # seconds, only while measuring
    errors: list[str] = field(default_factory=list)
    games_finished: int = 0
    tables: set[str] = field(default_factory=set)

    @property
    def measuring(self) -> bool:
        return self.clock.on


@dataclass
class Measuring:
    on: bool = False


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# -- baseline: apply + store, no server -----------------------------------------------------------
def baseline(url: str, seconds: float, game_name: str) -> tuple[list[float], float]:
    """Per-action seconds of ``apply`` + ``append_actions`` for random games, one thread."""
    store = Store(url)
    players = PLAYERS[game_name]
    game = load_game(game_name, players=players)
    rng = random.Random(1)
    times: list[float] = []
    began = time.perf_counter()
    n = 0
    while time.perf_counter() - began < seconds:
        n += 1
        table_id = f"base-{game_name}-{n}"
        seats = [SeatRow(i, "bot", "random", f"Bot {i}", None, True) for i in range(players)]
        store.create_table(
            TableRow(table_id, "base", game.name, game.config_json(), n, game.rules_version,
                     game.content.digest, "playing", 0, None, False, "-" * 64, time.time(), seats)
        )  # fmt: skip
        state, version = game.start(n).state, 0
        while game.outcome(state) is None and time.perf_counter() - began < seconds:
            seat = min(game.to_act(state))  # several at a sealed choice: one after the other
            action = rng.choice(game.legal_actions(state, seat))
            t0 = time.perf_counter()
            state = game.apply(state, seat, action).state
            row = ActionRow(version + 1, seat, encode_action(action), "bot")
            over = game.outcome(state) is not None
            store.append_actions(table_id, version, [row], "over" if over else "playing")
            times.append(time.perf_counter() - t0)
            version += 1
    store.close()
    return times, len(times) / (time.perf_counter() - began)


# -- the server process ------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    data_dir: Path, database_url: str | None, bot_delay: float, log: Path
) -> tuple[subprocess.Popen[bytes], str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TURNCOAT_")}
    env.update(TURNCOAT_DATA_DIR=str(data_dir), TURNCOAT_BOT_DELAY=str(bot_delay))
    # Every table and websocket comes from this one address: lift the per-client limits.
    env.update(TURNCOAT_TABLES_PER_CLIENT="10000", TURNCOAT_CONNS_PER_ADDRESS="100000")
    if database_url:
        env["TURNCOAT_DATABASE_URL"] = database_url
    port = free_port()
    cmd = [sys.executable, "-m", "uvicorn", "--factory", "turncoat.server:create_app", "--host",
           "127.0.0.1", "--port", str(port), "--workers", "1", "--log-level", "warning"]  # fmt: skip
    with log.open("ab") as out:
        # Its own process group: the bot worker processes go when the bench ends, whatever happens.
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return proc, base
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit(f"the server did not start:\n{log.read_text()[-3000:]}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the clients ---------------------------------------------------------------------------------------
async def create_table(http: httpx.AsyncClient, game: str) -> dict[str, Any]:
    """POST /api/tables, waiting out the per-address rate limit (429) when it bites."""
    while True:
        r = await http.post("/api/tables", json=table_body(game))
        if r.status_code == 201:
            data: dict[str, Any] = r.json()
            return data
        if r.status_code != 429:
            raise SystemExit(f"could not create a table: {r.status_code} {r.text}")
        await asyncio.sleep(0.2)


async def seat_client(
    http: httpx.AsyncClient, ws_base: str, game: str, think: float, stats: Stats, stop: asyncio.Event
) -> None:
    """Play the human seat of one ``game`` table after another until ``stop``."""
    rng = random.Random()
    while not stop.is_set():
        created = await create_table(http, game)
        table, token = created["table"], created["seat_tokens"]["0"]
        stats.tables.add(table)
        async with connect(f"{ws_base}/ws/{table}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            acted = -1  # the version this seat last answered
            sent_at = 0.0  # when its move went, until the pong after it
            refused = False
            latest: dict[str, Any] | None = None  # the newest update
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    continue
                msg = json.loads(raw)
                if msg["type"] == "error":
                    stats.errors.append(msg.get("code", "?"))
                    refused = refused or bool(sent_at)
                    continue
                if msg["type"] == "pong" and sent_at:
                    # The server answers a connection's messages in order and sends its update
                    # before its replies: the update that holds the move came just before this.
                    if stats.measuring and not refused:
                        stats.latencies.append(time.perf_counter() - sent_at)
                    sent_at, refused = 0.0, False
                elif msg["type"] == "update" and msg["seat"] == 0:
                    latest = msg
                    if msg["outcome"] is not None:
                        stats.games_finished += 1
                        break
                else:
                    continue
                if latest is not None and latest["legal"] and latest["version"] > acted and not sent_at:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    action = rng.choice(latest["legal"])["action"]
                    acted, sent_at = latest["version"], time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": action, "version": acted}))
                    await ws.send(json.dumps({"type": "ping"}))


async def total_actions(http: httpx.AsyncClient, tables: set[str]) -> int:
    versions = await asyncio.gather(*(http.get(f"/api/tables/{t}") for t in list(tables)))
    return sum(r.json()["version"] for r in versions if r.status_code == 200)


def table_counts(args: argparse.Namespace) -> dict[str, int]:
    """How many tables of each game run at once (a game asked for none is left out)."""
    return {g: n for g, n in (("verrater", args.tables), ("rex", args.rex_tables)) if n > 0}


async def drive(base: str, args: argparse.Namespace, pid: int) -> dict[str, Any]:
    """Every game's tables at once on the one server; per game what its tables and clients saw,
    and the server's CPU use for all of them together."""
    clock, stop = Measuring(), asyncio.Event()
    counts = table_counts(args)
    stats = {g: Stats(clock) for g in counts}
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        ws_base = base.replace("http://", "ws://")
        clients = []
        # Interleaved and staggered, so no game starts first and tables do not move in lockstep.
        order = [g for i in range(max(counts.values())) for g in counts if i < counts[g]]
        for game in order:
            playing = seat_client(http, ws_base, game, args.think, stats[game], stop)
            clients.append(asyncio.create_task(playing))
            await asyncio.sleep(args.warmup / (2 * len(order)))
        await asyncio.sleep(args.warmup / 2)
        clock.on = True
        first = {g: await total_actions(http, st.tables) for g, st in stats.items()}
        cpu0, t0 = cpu_seconds(pid), time.perf_counter()
        await asyncio.sleep(args.seconds)
        # Tables created during the window started at version 0, so count them whole.
        last = {g: await total_actions(http, st.tables) for g, st in stats.items()}
        elapsed, cpu = time.perf_counter() - t0, cpu_seconds(pid) - cpu0
        clock.on = False
        stop.set()
        await asyncio.wait(clients, timeout=10)
        for task in clients:
            task.cancel()
    return {
        "elapsed_s": elapsed,
        "server_cpu_s": cpu,
        "games": {
            g: {
                "tables": counts[g],
                "actions": last[g] - first[g],
                "latencies": st.latencies,
                "errors": st.errors,
                "games_finished": st.games_finished,
                "tables_created": len(st.tables),
            }
            for g, st in stats.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="Verräter tables (4 seats)")
    parser.add_argument("--rex-tables", type=int, default=20, help="Rex tables (6 seats), at the same time")
    parser.add_argument("--seconds", type=float, default=40.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=8.0)
    parser.add_argument("--bot-delay", type=float, default=0.6, help="server pause before a bot move (s)")
    parser.add_argument("--think", type=float, default=0.6, help="client pause before its move (s, ±50%%)")
    parser.add_argument("--baseline-seconds", type=float, default=5.0)
    parser.add_argument("--database-url", default=None, help="PostgreSQL instead of SQLite")
    args = parser.parse_args()
    tables_ok = 0 <= args.tables <= 500 and 0 <= args.rex_tables <= 500 and args.tables + args.rex_tables > 0
    if not (tables_ok and 0 < args.seconds <= 300 and 0 <= args.warmup <= 60):
        raise SystemExit(
            "--tables and --rex-tables 0..500 (not both 0), --seconds up to 300, --warmup up to 60"
        )

    tmp = Path(tempfile.mkdtemp(prefix="turncoat-load-"))
    try:
        base_url = args.database_url or f"sqlite:///{tmp / 'baseline' / 'turncoat.db'}"
        baselines = {g: baseline(base_url, args.baseline_seconds, g) for g in table_counts(args)}
        proc, base = start_server(tmp / "data", args.database_url, args.bot_delay, tmp / "server.log")
        try:
            run = asyncio.run(asyncio.wait_for(drive(base, args, proc.pid), args.warmup + args.seconds + 60))
        finally:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(15)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
        server_log = (tmp / "server.log").read_text(errors="replace")[-2000:]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    report(args, run, baselines, server_log)


def report(
    args: argparse.Namespace,
    run: dict[str, Any],
    baselines: dict[str, tuple[list[float], float]],
    log: str,
) -> None:
    db = "postgresql" if args.database_url else "sqlite (WAL)"
    tables = ", ".join(f"{n} {g} tables ({PLAYERS[g]} seats)" for g, n in table_counts(args).items())
    print(f"server_load: {tables} at once, {args.seconds:.0f} s measured, db {db}, "
          f"bot delay {args.bot_delay} s, client think {args.think} s")  # fmt: skip
    results: dict[str, Any] = {}
    for game, figures in run["games"].items():
        base_times, base_rate = baselines[game]
        results[game] = report_game(game, figures, run["elapsed_s"], base_times, base_rate)
    cpu = 100 * run["server_cpu_s"] / run["elapsed_s"]
    print(f"  server CPU use, all tables (of one core) {cpu:>9.2f} %")
    load = os.getloadavg()  # other work on the machine moves these numbers a lot
    print(f"  machine: {os.cpu_count()} CPUs, load average {load[0]:.1f} / {load[1]:.1f} (1 / 5 min)")
    if "Traceback" in log or "ERROR" in log:
        print("server log tail:\n" + log)
    RESULTS_DIR.mkdir(exist_ok=True)
    out = RESULTS_DIR / f"server_load-{datetime.now(UTC):%Y%m%dT%H%M%S}.json"
    out.write_text(
        json.dumps(
            {
                "args": vars(args),
                "machine": {
                    "python": platform.python_version(),
                    "cpus": os.cpu_count(),
                    "loadavg": os.getloadavg(),
                },
                "results": results,
                "server_cpu_percent": cpu,
                "errors": {g: f["errors"] for g, f in run["games"].items()},
            },
            indent=2,
        )
    )
    print(f"  saved {out.relative_to(Path.cwd()) if out.is_relative_to(Path.cwd()) else out}")


def report_game(
    game: str, run: dict[str, Any], elapsed: float, base_times: list[float], base_rate: float
) -> dict[str, float]:
    """One game's block of the report; its figures by name."""
    lat = [x * 1000 for x in run["latencies"]]
    base_ms = [x * 1000 for x in base_times]
    rate = run["actions"] / elapsed
    rows = [
        ("actions/s, its tables (bots + clients)", rate, "/s"),
        ("client action -> update, p50", statistics.median(lat) if lat else float("nan"), "ms"),
        ("client action -> update, p95", pct(lat, 0.95), "ms"),
        ("client action -> update, max", max(lat, default=float("nan")), "ms"),
        ("baseline apply+store, p50", statistics.median(base_ms), "ms"),
        ("baseline apply+store, p95", pct(base_ms, 0.95), "ms"),
        ("baseline actions/s (one thread, no server)", base_rate, "/s"),
    ]
    print(f" {game}: {run['tables']} tables of {PLAYERS[game]} seats")
    for name, value, unit in rows:
        print(f"  {name:<44} {value:>9.2f} {unit}")
    print(f"  ratio p50 / baseline p50: {statistics.median(lat) / statistics.median(base_ms):.1f}x   "
          f"ratio p95 / baseline p95: {pct(lat, 0.95) / pct(base_ms, 0.95):.1f}x   "
          f"server actions/s / baseline: {rate / base_rate:.2f}x")  # fmt: skip
    print(f"  timed client actions {len(lat)}, games finished {run['games_finished']}, "
          f"tables created {run['tables_created']}, errors {len(run['errors'])}"
          f" {sorted(set(run['errors']))}")  # fmt: skip
    print(f"  target p95 <= 50 ms on one worker: {'met' if pct(lat, 0.95) <= 50 else 'NOT met'}")
    return {name: value for name, value, _ in rows}


if __name__ == "__main__":
    main()
