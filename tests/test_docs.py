"""docs/architecture.md's "Adding a game" says exactly what the code does: the skins' names and
fields, the generic templates a web skin may replace, and how the doors find a game."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from turncoat.core.registry import GAMES_VARIABLE
from turncoat.server.skin import GENERIC_TEMPLATES, WebSkin, web_skin
from turncoat.tui.skin import TerminalSkin, find_skin, skin_module

GUIDE = (Path(__file__).parents[1] / "docs/architecture.md").read_text(encoding="utf-8")
SKINS = GUIDE[GUIDE.index("### 4. Skins") : GUIDE.index("### 5. Games outside")]


def _templates(start: str, end: str) -> set[str]:
    """The template file names the guide lists between two phrases of the skins section."""
    text = SKINS[SKINS.index(start) : SKINS.index(end)]
    return set(re.findall(r"`(\w+\.html)`", text))


def test_the_guide_lists_every_generic_web_template_a_skin_may_replace() -> None:
    listed = _templates("The generic templates are", "A board skin replaces")
    assert listed == {p.name for p in GENERIC_TEMPLATES.glob("*.html")}


def test_the_guide_lists_the_templates_verraters_skin_replaces() -> None:
    listed = _templates("Verräter's `templates/` holds", "and keeps the plumbing")
    templates = web_skin("verrater").templates
    assert templates is not None
    assert listed == {p.name for p in templates.glob("*.html")}
    assert listed <= {p.name for p in GENERIC_TEMPLATES.glob("*.html")}  # each replaces one


def test_the_guide_names_the_skins_fields_and_modules_as_the_frontends_read_them() -> None:
    assert "SKIN = WebSkin(templates=" in SKINS and ", context=context, stylesheet=" in SKINS
    assert [f.name for f in dataclasses.fields(WebSkin)] == [
        "templates",
        "context",
        "stylesheet",
        "featured",
        "story_in_play",
    ]
    assert "- `featured`" in SKINS and "- `story_in_play`" in SKINS
    assert "SKIN = TerminalSkin(open_table=open_table, app=my_app)" in SKINS
    assert [f.name for f in dataclasses.fields(TerminalSkin)] == ["open_table", "app"]
    assert skin_module("<id>") == "turncoat.skins.<id>.terminal" and "`turncoat.skins.<id>.terminal`" in SKINS
    assert "`src/turncoat/skins/<id>/web.py`" in SKINS and "`turncoat.skins.<id>.web`" in SKINS
    assert isinstance(find_skin("verrater"), TerminalSkin)  # the worked example follows the guide
    assert isinstance(web_skin("verrater"), WebSkin)


def test_the_guide_says_how_the_doors_find_a_game() -> None:
    doors = GUIDE[GUIDE.index("**How the doors find a game.**") : GUIDE.index("### 1. The rules engine")]
    for words in ("`registered()`", "`turncoat.games`", f"`{GAMES_VARIABLE}`", "`offered()`", "`load_game`"):
        assert words in doors, words
