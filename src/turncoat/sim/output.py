"""Writing results safely: every file goes to a temporary name first and is renamed when whole.

While a run is in progress its output folder holds an ``INCOMPLETE`` marker; the marker is
removed only after every result file has been renamed into place, so a folder without it is a
complete run and a folder with it never passes for one.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import shutil
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

INCOMPLETE = "INCOMPLETE"
PARTIAL_RESULTS = "results.partial.jsonl"
RUN_FILES = ("results.jsonl", "results.csv", "summary.json", "summary.md", PARTIAL_RESULTS)
RUN_FOLDERS = ("plots", "records", "failures", "report")


class OutputError(RuntimeError):
    """The output folder cannot be created or written (permissions, full disk, not a folder)."""


def _tmp(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp-{os.getpid()}")


def write_bytes(path: Path, data: bytes) -> None:
    tmp = _tmp(path)
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from exc


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def write_json(path: Path, data: Any) -> None:
    write_text(path, json.dumps(data, indent=2, sort_keys=True, allow_nan=False) + "\n")


def jsonl(rows: Iterable[Mapping[str, Any]]) -> str:
    return "".join(json.dumps(row, sort_keys=True, separators=(",", ":")) + "\n" for row in rows)


CSV_FIELDS = ("index", "seed", "seating", "scores", "winners", "decisions", "error")


def results_csv(rows: Sequence[Mapping[str, Any]]) -> str:
    """One line per game; per-seat lists are joined with ``;`` (seat 0 first)."""

    def cell(value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, list | tuple):
            return ";".join(f"{v:g}" if isinstance(v, float) else str(v) for v in value)
        return str(value)

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for row in rows:
        writer.writerow([cell(row.get(field)) for field in CSV_FIELDS])
    return out.getvalue()


def check_dir(out_dir: Path, *, force: bool) -> None:
    """Refuse an output folder that cannot be used, without creating or changing anything: not a
    folder, holding an earlier run (unless ``force``), or with no writable folder to create it in."""
    if out_dir.exists() and not out_dir.is_dir():
        raise OutputError(f"{out_dir} exists and is not a folder")
    if out_dir.is_dir():
        if not force:
            earlier = [n for n in ("results.jsonl", INCOMPLETE, PARTIAL_RESULTS) if (out_dir / n).exists()]
            if earlier:
                raise OutputError(
                    f"{out_dir} already holds a run ({earlier[0]}); use --force or another --out"
                )
        if not os.access(out_dir, os.W_OK | os.X_OK):
            raise OutputError(f"cannot write in {out_dir}: permission denied")
        return
    parent = out_dir.absolute().parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        raise OutputError(f"cannot create {out_dir}: {parent} is not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"cannot create {out_dir}: {parent} is not writable")


def prepare_dir(out_dir: Path, *, force: bool) -> None:
    """Create the output folder and mark it incomplete; refuse to mix with an earlier run."""
    check_dir(out_dir, force=force)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / INCOMPLETE).write_text(
            "This run has not finished (or was interrupted): the files here are not complete results.\n",
            encoding="utf-8",
        )
        # An earlier run's files (kept only with --force) must not mix with this run's.
        for stale in RUN_FILES:
            (out_dir / stale).unlink(missing_ok=True)
        for folder in RUN_FOLDERS:
            if (out_dir / folder).is_dir():
                shutil.rmtree(out_dir / folder)
    except OSError as exc:
        raise OutputError(f"cannot use {out_dir} as the output folder: {exc.strerror or exc}") from exc


def mark_complete(out_dir: Path) -> None:
    try:
        (out_dir / PARTIAL_RESULTS).unlink(missing_ok=True)
        (out_dir / INCOMPLETE).unlink(missing_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot finish {out_dir}: {exc.strerror or exc}") from exc


def mark_incomplete(out_dir: Path, reason: str) -> None:
    """Best effort: say why the run stopped (the marker already exists from the start)."""
    try:
        with open(out_dir / INCOMPLETE, "a", encoding="utf-8") as fh:
            fh.write(f"Stopped: {reason}\n")
    except OSError:
        pass


class PartialLog:
    """Rows appended as batches finish, so an interrupted run keeps what it played (unsorted)."""

    def __init__(self, out_dir: Path) -> None:
        try:
            self._fh = open(out_dir / PARTIAL_RESULTS, "a", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise OutputError(f"cannot write in {out_dir}: {exc.strerror or exc}") from exc

    def add(self, rows: Iterable[Mapping[str, Any]]) -> None:
        try:
            self._fh.write(jsonl(rows))
            self._fh.flush()
        except OSError as exc:
            raise OutputError(f"cannot write {PARTIAL_RESULTS}: {exc.strerror or exc}") from exc

    def close(self) -> None:
        with contextlib.suppress(OSError):  # closing a partial file must not mask the real error
            self._fh.close()
