"""Content packs: component data as validated files, with provenance for every value.

A pack is JSON.  Any value whose origin matters is written as a *sourced value*::

    {"value": 4, "provenance": "printed", "source": "tk_diary"}

``provenance`` is ``printed`` (from the published game), ``rules`` (stated by the rule text) or
``estimated`` (our placeholder where the printed value is not public).  A user who owns the game
can load an override file that replaces sourced values by dotted path, e.g.::

    {"pack": "verrater-base", "overrides": {
        "landscape_types.city.victory_points.1": {"value": 20, "provenance": "printed",
                                                    "source": "my copy"}}}

The merged pack is validated against the game's typed schema before use, and its digest (which
every game record stores) changes with any override.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

import msgspec

from turncoat.core.errors import InvalidContent
from turncoat.core.serialize import digest

T = TypeVar("T")
Provenance = Literal["printed", "rules", "estimated"]
PROVENANCES: tuple[str, ...] = ("printed", "rules", "estimated")


class Sourced(msgspec.Struct, Generic[T], frozen=True, forbid_unknown_fields=True):
    """A value with where it comes from."""

    value: T
    provenance: Provenance
    source: str = ""

    @property
    def estimated(self) -> bool:
        return self.provenance == "estimated"


class ContentPack(msgspec.Struct, Generic[T], frozen=True):
    """A validated pack: its id, digest, typed data and the paths of estimated values."""

    id: str
    digest: str
    data: T
    estimated_paths: tuple[str, ...]
    overridden_paths: tuple[str, ...] = ()


def _is_sourced(node: Any) -> bool:
    return isinstance(node, dict) and "value" in node and "provenance" in node


def iter_sourced(node: Any, prefix: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every sourced value in a raw pack, with its dotted path (list items by their ``id``)."""
    if _is_sourced(node):
        yield prefix, node
        return
    if isinstance(node, dict):
        for key, child in node.items():
            yield from iter_sourced(child, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            key = child.get("id", index) if isinstance(child, dict) else index
            yield from iter_sourced(child, f"{prefix}.{key}" if prefix else str(key))


def _locate(raw: Any, path: str) -> tuple[Any, str | int]:
    """The container holding ``path``'s last element, and that element's key."""
    parts = path.split(".")
    node = raw
    for part in parts[:-1]:
        node = _child(node, part, path)
    last = parts[-1]
    if isinstance(node, list):
        return node, _list_index(node, last, path)
    if not isinstance(node, dict) or last not in node:
        raise InvalidContent(f"override path {path!r} does not exist in the pack", code="bad_path")
    return node, last


def _list_index(node: list[Any], part: str, path: str) -> int:
    for index, child in enumerate(node):
        if isinstance(child, dict) and str(child.get("id")) == part:
            return index
    if part.isdigit() and int(part) < len(node):
        return int(part)
    raise InvalidContent(f"override path {path!r} does not exist in the pack", code="bad_path")


def _child(node: Any, part: str, path: str) -> Any:
    if isinstance(node, list):
        return node[_list_index(node, part, path)]
    if isinstance(node, dict) and part in node:
        return node[part]
    raise InvalidContent(f"override path {path!r} does not exist in the pack", code="bad_path")


def apply_overrides(raw: dict[str, Any], overrides: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A copy of ``raw`` with sourced values replaced.  Only sourced values may be overridden."""
    merged = copy.deepcopy(raw)
    changed: list[str] = []
    for path, new in sorted(overrides.items()):
        container, key = _locate(merged, path)
        old = container[key]
        if not _is_sourced(old):
            raise InvalidContent(
                f"{path!r} is not a sourced value and cannot be overridden", code="not_overridable"
            )
        if not _is_sourced(new):
            new = {"value": new, "provenance": "printed", "source": "user override"}
        if new.get("provenance") not in PROVENANCES:
            raise InvalidContent(
                f"{path!r}: provenance must be one of {', '.join(PROVENANCES)}",
                code="bad_provenance",
            )
        container[key] = new
        changed.append(path)
    return merged, tuple(changed)


def load_pack(
    raw: dict[str, Any],
    schema: type[T],
    *,
    overrides: dict[str, Any] | None = None,
    override_pack_id: str | None = None,
) -> ContentPack[T]:
    """Validate ``raw`` (plus optional overrides) against ``schema`` and build a pack."""
    pack_id = raw.get("id")
    if not isinstance(pack_id, str):
        raise InvalidContent("a content pack needs a string 'id'", code="missing_id")
    changed: tuple[str, ...] = ()
    if overrides:
        raw, changed = apply_overrides(raw, overrides)
        pack_id = override_pack_id or f"{pack_id}+override"
    for path, node in iter_sourced(raw):
        if node.get("provenance") not in PROVENANCES:
            raise InvalidContent(
                f"{path}: unknown provenance {node.get('provenance')!r}", code="bad_provenance"
            )
    try:
        data = msgspec.convert(raw, schema, strict=True)
    except msgspec.ValidationError as exc:
        raise InvalidContent(f"content pack {pack_id!r} is invalid: {exc}", code="schema") from exc
    estimated = tuple(p for p, node in iter_sourced(raw) if node["provenance"] == "estimated")
    return ContentPack(
        id=pack_id,
        digest=digest(raw),
        data=data,
        estimated_paths=estimated,
        overridden_paths=changed,
    )


def read_override_file(path: str | Path, expected_pack: str) -> dict[str, Any]:
    """Read a user override file and check that it targets ``expected_pack``."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InvalidContent(f"cannot read override file {path}: {exc}", code="unreadable") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("overrides"), dict):
        raise InvalidContent(
            f"{path}: an override file is an object with an 'overrides' mapping", code="schema"
        )
    if doc.get("pack") != expected_pack:
        raise InvalidContent(
            f"{path}: overrides pack {doc.get('pack')!r}, not {expected_pack!r}", code="wrong_pack"
        )
    overrides: dict[str, Any] = doc["overrides"]
    return overrides
