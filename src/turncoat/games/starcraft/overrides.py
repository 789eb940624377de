"""The common ``content_overrides`` option (``--content-override FILE`` in every frontend), read as
one more owner's pack (RULES §3, GAPS §3).

Every game takes an owner's values through the same override file, ``{"pack": ..., "overrides":
{...}}`` (``core.content.read_override_file``).  For StarCraft its ``overrides`` is either

* the dotted paths ``turncoat content starcraft`` prints, each to its value (a bare value is taken
  as printed on the owner's copy; a value with provenance is kept as written)::

      {"planets.antiga_prime.route_slots": ["N", "S"], "rules.partially_depleted_offset": 1}

* or a whole owner's pack (an object with ``"kind": "owner"``), for records or fields no pack has.

Either way it becomes one owner's pack, merged after the ``owner_packs`` option, so the owner's
value wins over every other (``components.merge_packs``).  A malformed one is refused with
``InvalidConfig`` (code ``bad_content_overrides``) before any game is built.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from turncoat.core.errors import InvalidConfig, InvalidContent
from turncoat.games.starcraft.components import IDENTITY_FIELDS, Content, check_pack, load_content
from turncoat.games.starcraft.config import StarcraftConfig

OVERRIDE_PACK_ID = "content-override"  # the pack the dotted-path form becomes
OVERRIDE_SOURCE = "owner's override file"  # the source of a bare value: the owner's printed copy
CODE = "bad_content_overrides"
RULE = "RULES §3"
PATHS_HINT = "`turncoat content starcraft` lists the paths"


def _bad(message: str) -> InvalidConfig:
    return InvalidConfig(f"content_overrides: {message}", code=CODE, rule=RULE)


def is_whole_pack(overrides: Mapping[str, Any]) -> bool:
    """A whole owner's pack names its kind; a dotted path never is the bare word ``kind``."""
    return "kind" in overrides


def override_pack(overrides: Any, known_paths: Iterable[str]) -> dict[str, Any]:
    """RULES §3: the owner's pack ``overrides`` stands for, checked.  ``known_paths`` are the value
    paths of the content without it: a dotted path must name one of them (a typo is refused, never
    played as a new record missing its values)."""
    if not isinstance(overrides, Mapping) or not all(isinstance(k, str) for k in overrides):
        raise _bad("an object of dotted paths to values, or an owner's pack")
    if is_whole_pack(overrides):
        try:
            whole = check_pack(copy.deepcopy(dict(overrides)))
        except InvalidContent as exc:
            raise _bad(exc.message) from exc
        if whole["kind"] != "owner":
            raise _bad(f"a pack given as an owner's values has kind 'owner', not {whole['kind']!r}")
        return whole
    known = frozenset(known_paths)
    pack: dict[str, Any] = {"id": OVERRIDE_PACK_ID, "kind": "owner"}
    records: dict[tuple[str, str], dict[str, Any]] = {}
    for path, value in sorted(overrides.items()):
        parts = path.split(".")
        field = parts[-1]
        if field in IDENTITY_FIELDS:
            raise _bad(f"{path} names a record, it is not a value ({PATHS_HINT})")
        if path not in known:
            raise _bad(f"no value at {path} ({PATHS_HINT})")
        node = (
            value
            if _is_value(value)
            else {"value": value, "provenance": "printed", "source": OVERRIDE_SOURCE}
        )
        if parts[0] == "rules":
            pack.setdefault("rules", {})[field] = node
        else:
            records.setdefault((parts[0], parts[1]), {"id": parts[1]})[field] = node
    for (section, _), record in records.items():
        pack.setdefault(section, []).append(record)
    try:
        return check_pack(pack)
    except InvalidContent as exc:  # a value with a bad provenance, say
        raise _bad(exc.message) from exc


def _is_value(node: Any) -> bool:
    return isinstance(node, dict) and "value" in node and "provenance" in node


def load_with_overrides(config: StarcraftConfig) -> Content:
    """RULES §3: the content of a game: the shipped packs and the ``owner_packs`` option, then
    ``content_overrides`` as one more owner's pack (an empty mapping overrides nothing, as in every
    game).  Dotted paths are checked against the content the other packs make; whatever the
    override file breaks (a value of the wrong type, a record it leaves incomplete) is refused as
    the option's fault, with the content's own words."""
    base = load_content(placeholders=config.placeholders, owner_packs=config.owner_packs)
    overrides = config.content_overrides
    if not overrides:
        return base
    pack = override_pack(overrides, (v.path for v in base.values))
    try:
        return load_content(placeholders=config.placeholders, owner_packs=(*config.owner_packs, pack))
    except InvalidContent as exc:
        raise _bad(exc.message) from exc
