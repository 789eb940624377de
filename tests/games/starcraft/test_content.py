"""The StarCraft content packs (RULES §3-§4, §10.1.4-§10.1.5, §18; GAPS §3): two packs loaded
separately, merged value by value with provenance, an owner's pack replacing placeholders."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from tests.games.starcraft.helpers import game, random_setup
from turncoat.core.errors import InvalidContent
from turncoat.games.starcraft.abilities import (
    COMBAT_ABILITY_RULES,
    END_DRAWS_NEAR_BENEFIT,
    INVENTED_EVENT_RULES,
    RACE_ABILITY_RULES,
    EffectHook,
    combat_card_hook,
    effect_hooks,
    event_hook,
    hook_label,
    race_abilities,
    technology_hook,
    unknown_abilities,
)
from turncoat.games.starcraft.components import (
    builtin_pack,
    check_pack,
    check_references,
    invented_values,
    iter_values,
    load_content,
    merge_packs,
    read_pack_file,
)
from turncoat.games.starcraft.game import StarcraftGame
from turncoat.games.starcraft.phases.combat_cards import KNOWN_ABILITIES

OWNER_PACK: dict[str, Any] = {
    "id": "my-copy",
    "kind": "owner",
    "planets": [
        {
            "id": "antiga_prime",
            "route_slots": {"value": ["N", "S"], "provenance": "printed", "source": "my copy"},
            "areas": {
                "value": [
                    {"id": "antiga_prime_1", "resource": "minerals", "amount": 4, "unit_limit": 2},
                    {"id": "antiga_prime_2", "resource": "cp", "amount": 3, "unit_limit": 5},
                ],
                "provenance": "printed",
                "source": "my copy",
            },
        }
    ],
    "combat_cards": [
        {
            "id": "terran_combat_01",
            "race": "terran",
            "number": 1,
            "major": {"value": {"attack": 9, "health": 1}, "provenance": "printed", "source": "my copy"},
        }
    ],
}


def _values(pack: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for records in pack.values():
        if isinstance(records, list):
            for r in records:
                out += [v for k, v in r.items() if isinstance(v, dict) and "provenance" in v]
                out += [a["summary"] for a in r.get("abilities", [])]
    out += list(pack.get("rules", {}).values())
    return out


def test_builtin_pack_sourced_invents_nothing() -> None:
    values = _values(builtin_pack("sourced"))
    assert values and not [v for v in values if v.get("invented")]
    assert {v["source"] for v in values} - {"INVENTED"} and all(v["source"] != "INVENTED" for v in values)


def test_builtin_pack_placeholders_marks_every_value_invented() -> None:
    values = _values(builtin_pack("placeholders"))
    assert values and all(v.get("invented") and v["provenance"] == "estimated" for v in values)


def test_check_pack_refuses_a_bare_value_and_a_bad_provenance() -> None:
    bare = {"id": "x", "kind": "owner", "planets": [{"id": "torus", "areas": []}]}
    with pytest.raises(InvalidContent) as err:
        check_pack(bare)
    assert err.value.code == "not_sourced"
    bad = {
        "id": "x",
        "kind": "owner",
        "rules": {"bases": {"value": 7, "provenance": "rumour", "source": "?"}},
    }
    with pytest.raises(InvalidContent) as err:
        check_pack(bad)
    assert err.value.code == "bad_provenance"
    with pytest.raises(InvalidContent):
        check_pack({"id": "x", "kind": "fan"})


def test_merge_packs_sourced_beats_placeholders_and_owner_beats_both() -> None:
    raw, origin = merge_packs([builtin_pack("sourced"), builtin_pack("placeholders")])
    scourge = next(c for c in raw["combat_cards"] if c["id"] == "zerg_combat_10")
    assert scourge["ability"]["value"] == "scourge_self_destruct"  # the FAQ's text, not a placeholder
    assert origin["combat_cards.zerg_combat_10.ability"] == "starcraft-sourced"
    assert origin["combat_cards.zerg_combat_10.major"] == "starcraft-placeholders"
    raw, origin = merge_packs([builtin_pack("placeholders"), OWNER_PACK, builtin_pack("sourced")])
    assert origin["planets.antiga_prime.areas"] == "my-copy"
    assert origin["planets.antiga_prime.name"] == "starcraft-sourced"


def test_load_content_records_both_packs_and_every_value_source() -> None:
    content = load_content()
    assert [(p.id, p.kind) for p in content.packs] == [
        ("starcraft-sourced", "sourced"),
        ("starcraft-placeholders", "placeholders"),
    ]
    pridewater = next(p for p in content.data.planets if p.id == "pridewater")
    assert pridewater.areas.source == "WW" and not pridewater.areas.invented
    torus = next(p for p in content.data.planets if p.id == "torus")
    assert torus.areas.invented and torus.name.source.startswith("CZ")
    # GAPS §2.2: the 12 planets carry exactly the box's 26 resource cards
    cards = sum(a.resource != "cp" for p in content.data.planets for a in p.areas.value)
    assert cards == content.data.rules.resource_cards.value == 26
    assert len(content.data.planets) == content.data.rules.planets.value == 12


def test_load_content_without_placeholders_names_what_is_missing() -> None:
    with pytest.raises(InvalidContent) as err:
        load_content(placeholders=False)
    assert err.value.code == "incomplete" and "planets.antiga_prime.areas" in str(err.value)


def test_load_content_with_an_owner_pack_replaces_a_planet_and_a_combat_card() -> None:
    before = load_content()
    after = load_content(owner_packs=[OWNER_PACK])
    antiga = next(p for p in after.data.planets if p.id == "antiga_prime")
    assert [a.amount for a in antiga.areas.value] == [4, 3] and antiga.areas.provenance == "printed"
    card = next(c for c in after.data.combat_cards if c.id == "terran_combat_01")
    assert (card.major.value.attack, card.major.value.health) == (9, 1)
    assert card.minor.invented  # the fields the owner did not give stay placeholders
    gone = {v.path for v in invented_values(before)} - {v.path for v in invented_values(after)}
    assert gone == {
        "planets.antiga_prime.route_slots",
        "planets.antiga_prime.areas",
        "combat_cards.terran_combat_01.major",
    }
    assert after.pack().overridden_paths == (
        "combat_cards.terran_combat_01.major",
        "planets.antiga_prime.areas",
        "planets.antiga_prime.route_slots",
    )
    assert before.digest != after.digest


def test_load_content_game_plays_on_an_owner_pack_without_code_changes() -> None:
    scenario = {"planet_draws": [["antiga_prime", "torus"], ["helios", "braken"]]}
    g = game(players=2, owner_packs=[OWNER_PACK], scenario=scenario)
    assert g.packs_used()[-1].startswith("my-copy@")
    state, _ = random_setup(g, 3)
    assert state.packs == g.packs_used() and state.placed("antiga_prime") is not None
    assert {a.id for a in state.areas if g.ctx.t.area_planet[a.id] == "antiga_prime"} == {
        "antiga_prime_1",
        "antiga_prime_2",
    }
    assert g.ctx.t.area["antiga_prime_1"].unit_limit == 2  # the owner's printed value is played
    assert g.ctx.t.planet_sides["antiga_prime"] == ("N", "S")


def test_read_pack_file_takes_an_owners_file_and_refuses_other_kinds(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(OWNER_PACK))
    assert read_pack_file(str(path))["id"] == "my-copy"
    path.write_text(json.dumps({**OWNER_PACK, "kind": "placeholders"}))
    with pytest.raises(InvalidContent):
        read_pack_file(str(path))
    path.write_text("{not json")
    with pytest.raises(InvalidContent) as err:
        read_pack_file(str(path))
    assert err.value.code == "unreadable"


def test_check_references_refuses_an_unknown_starting_unit() -> None:
    broken = copy.deepcopy(OWNER_PACK)
    broken["factions"] = [
        {
            "id": "overmind",
            "race": "zerg",
            "starting_units": {"value": {"marine": 2}, "provenance": "printed", "source": "x"},
        }
    ]
    with pytest.raises(InvalidContent) as err:
        load_content(owner_packs=[broken])
    assert err.value.code == "bad_reference"
    check_references(load_content().data)  # the shipped content passes


def test_invented_values_lists_every_invented_value_and_filters_by_record() -> None:
    content = load_content()
    every = invented_values(content)
    assert every and all(v.invented and v.pack == "starcraft-placeholders" for v in every)
    assert "factions.tassadar.special_victory" in {v.path for v in every}
    only = invented_values(content, ["planets.torus"])
    assert {v.path for v in only} == {"planets.torus.areas", "planets.torus.route_slots"}
    assert list(iter_values(content, "estimated"))


def test_invented_values_in_play_follow_the_table() -> None:
    g = pinned_game()
    state, _ = random_setup(g, 0)
    in_play = {v.path for v in g.invented_in_play(state)}
    assert "planets.torus.areas" not in in_play  # Torus was not drawn
    assert "factions.tassadar.special_victory" not in in_play  # Tassadar is not playing
    assert "combat_cards.zerg_combat_01.major" in in_play  # the Overmind's deck is invented
    assert "combat_cards.terran_combat_01.major" in in_play
    assert "rules.partially_depleted_offset" in in_play


def pinned_game(**options: Any) -> StarcraftGame:
    scenario = {
        "first_player": 0,
        "factions": ["jim_raynor", "overmind"],
        "planet_draws": [["pridewater", "braken"], ["tarsonis", "chau_sara"]],
    }
    return game(players=2, faction_selection="random", scenario=scenario, **options)


def test_race_abilities_with_unknown_effects_are_hooks_without_effect() -> None:
    races = {r.id: r for r in load_content().data.races}
    unknown = {a.id for r in races.values() for a in r.abilities if not a.effect_known}
    assert unknown == {"protoss_race_ability", "zerg_creep", "zerg_healing"}
    assert all(not a.summary.invented for r in races.values() for a in r.abilities)
    g = pinned_game()
    hooks = [h for r in races for h in race_abilities(g.ctx, r)]
    assert {h.id for h in hooks if not h.applied} == unknown


def test_race_abilities_list_known_and_unknown_with_their_sections() -> None:
    g = pinned_game()
    hooks = {h.id: h for h in race_abilities(g.ctx, "terran")}
    assert hooks["lift_off"] == EffectHook("race_ability", "lift_off", "lift_off", "sourced", "RULES §10.2")
    assert hooks["lift_off"].applied
    creep = {h.id: h for h in race_abilities(g.ctx, "zerg")}["zerg_creep"]
    assert (creep.provenance, creep.rule, creep.applied) == ("unknown", "", False)


def test_race_abilities_of_an_owner_pack_apply_only_a_written_rule() -> None:
    # an owner's pack that prints the Zerg creep rule makes its hook sourced, but no rule is written
    # for it: the hook says so rather than passing for an applied effect
    printed = {"value": "Creep: as printed", "provenance": "printed", "source": "my copy"}
    zerg = next(r for r in builtin_pack("sourced")["races"] if r["id"] == "zerg")
    abilities = [
        {**a, "effect_known": True, "summary": printed} if a["id"] == "zerg_creep" else a
        for a in zerg["abilities"]
    ]
    pack = {"id": "my-copy", "kind": "owner", "races": [{"id": "zerg", "abilities": abilities}]}
    g = game(players=2, owner_packs=[pack])
    creep = {h.id: h for h in race_abilities(g.ctx, "zerg")}["zerg_creep"]
    assert (creep.provenance, creep.applied) == ("sourced", False)
    assert hook_label(creep) == "its effect as printed is not in the engine yet and not applied"
    assert [h.id for h in unknown_abilities(g.ctx, "zerg")] == ["zerg_creep", "zerg_healing"]


def test_unknown_abilities_of_each_race() -> None:
    g = pinned_game()
    assert [h.id for h in unknown_abilities(g.ctx, "zerg")] == ["zerg_creep", "zerg_healing"]
    assert [h.id for h in unknown_abilities(g.ctx, "protoss")] == ["protoss_race_ability"]
    assert unknown_abilities(g.ctx, "terran") == ()
    assert all(h.provenance == "unknown" for r in ("zerg", "protoss") for h in unknown_abilities(g.ctx, r))


@pytest.mark.parametrize("invented_event_effects", [True, False])
def test_effect_hooks_name_every_card_and_ability_of_the_content(invented_event_effects: bool) -> None:
    g = pinned_game(invented_event_effects=invented_event_effects)
    data = g.ctx.content.data
    hooks = effect_hooks(g.ctx)
    named = {(h.kind, h.id) for h in hooks}
    assert named >= {("race_ability", a.id) for r in data.races for a in r.abilities}
    assert named >= {("technology", t.id) for t in data.technologies}
    assert named >= {("event_card", e.id) for e in data.event_cards}
    with_ability = {c.id for c in data.combat_cards if c.ability.value is not None}
    assert {i for k, i in named if k == "combat_card"} == with_ability and with_ability
    # one hook per card or ability, and The End Draws Near's unknown extra benefit besides
    assert len(hooks) == len(named) + 1 and END_DRAWS_NEAR_BENEFIT in hooks
    # nothing invented or unknown is applied, except the rulebook's own combat keywords, the
    # placeholder technologies (option invented_technologies) and, with their option, the
    # placeholder event cards' written readings, each labelled placeholder content
    for h in hooks:
        assert h.applied == bool(h.rule)
        invented_event = h.kind == "event_card" and h.provenance == "invented"
        if invented_event and invented_event_effects and h.effect in INVENTED_EVENT_RULES:
            assert h.applied and hook_label(h) == "placeholder content: its effect is invented", h
        elif h.provenance == "unknown" or (
            h.provenance == "invented" and h.kind not in ("combat_card", "technology")
        ):
            assert not h.applied and hook_label(h), h
        if h.kind == "technology":
            assert h.applied and hook_label(h) == "placeholder content: its effect is invented", h
    applied = {(h.kind, h.effect) for h in hooks if h.applied}
    deck = {e.effect.value for e in data.event_cards}
    assert {e for k, e in applied if k == "event_card"} == {"the_end_draws_near"} | (
        deck & set(INVENTED_EVENT_RULES) if invented_event_effects else set()
    )
    assert {e for k, e in applied if k == "race_ability"} == set(RACE_ABILITY_RULES)


def test_event_hook_of_a_placeholder_and_of_the_end_draws_near() -> None:
    # GAPS §3: with invented_event_effects off, a placeholder card is an inert hook
    g = pinned_game(invented_event_effects=False)
    tedn = event_hook(g.ctx, "the_end_draws_near")
    assert (tedn.provenance, tedn.rule, hook_label(tedn)) == ("sourced", "RULES §17, §16.3", "")
    invented = event_hook(g.ctx, "stage1_draw_2_combat_cards")
    assert (invented.effect, invented.provenance, invented.applied) == (
        "draw_2_combat_cards",
        "invented",
        False,
    )
    assert hook_label(invented) == "placeholder content: its effect is invented and not applied"


def test_event_hook_of_a_placeholder_with_invented_event_effects() -> None:
    # GAPS §3 item 4: on (the default), the invented reading is applied and labelled as such
    g = pinned_game()
    hook = event_hook(g.ctx, "stage1_draw_2_combat_cards")
    assert (hook.provenance, hook.rule, hook.applied) == ("invented", "RULES §17, §13.10", True)
    assert hook_label(hook) == "placeholder content: its effect is invented"
    # every effect class of the placeholder deck has a written reading (none is left a hook)
    assert {e.effect.value for e in g.ctx.content.data.event_cards if e.effect.invented} <= set(
        INVENTED_EVENT_RULES
    )
    text = g.ctx.t.event_card["stage1_draw_2_combat_cards"].text
    assert text is not None and text.invented and text.note and "Draw 2 combat cards" in text.value


def test_event_hook_of_an_owners_printed_card() -> None:
    # an owner's pack prints one event card in place of a placeholder: no code changes, the hook
    # turns sourced, and the engine says it does not apply the printed effect yet
    printed = {"provenance": "printed", "source": "my copy"}
    card = {
        "id": "stage1_draw_2_combat_cards",
        "name": {"value": "Reinforcements", **printed},
        "effect": {"value": "reinforcements", **printed},
    }
    g = game(players=2, owner_packs=[{"id": "my-copy", "kind": "owner", "event_cards": [card]}])
    hook = event_hook(g.ctx, "stage1_draw_2_combat_cards")
    assert (hook.effect, hook.provenance, hook.applied) == ("reinforcements", "sourced", False)
    assert "event_cards.stage1_draw_2_combat_cards.effect" not in {
        v.path for v in invented_values(g.ctx.content)
    }
    assert g.ctx.t.event_card["stage1_draw_2_combat_cards"].name.value == "Reinforcements"


def test_technology_hook_of_every_placeholder_technology_is_invented_and_applied_by_option() -> None:
    on, off = pinned_game().ctx, game(players=2, invented_technologies=False).ctx
    assert len(on.content.data.technologies) == 34  # the core game's known technologies (not Brood War's)
    for t in on.content.data.technologies:
        hook = technology_hook(on, t.id)
        rule = "RULES §10.1.2" if t.id in ("summon_archon", "guardian_aspect") else "RULES §10.3, §13.3"
        assert (hook.provenance, hook.rule) == ("invented", rule)
        assert hook_label(hook) == "placeholder content: its effect is invented"
        strict = technology_hook(off, t.id)
        assert (strict.provenance, strict.applied) == ("invented", False)
        assert hook_label(strict) == "placeholder content: its effect is invented and not applied"
    assert technology_hook(on, "summon_archon").effect == "unlocks_archon"


def test_technology_hook_without_a_cost_is_unknown() -> None:
    # the sourced pack alone names technologies but prices none: an unknown hook, never applied
    sourced = {"id": "my-copy", "kind": "owner", "technologies": []}
    g = game(players=2, owner_packs=[sourced])
    bare = msgspec.structs.replace(g.ctx.t.technology["stim_packs"], cost=None, card=None)
    ctx = msgspec.structs.replace(
        g.ctx, t=msgspec.structs.replace(g.ctx.t, technology={**g.ctx.t.technology, "stim_packs": bare})
    )
    assert technology_hook(ctx, "stim_packs") == EffectHook("technology", "stim_packs", "", "unknown", "")


def test_technology_hook_of_an_owners_printed_technology_is_sourced() -> None:
    # an owner's pack prints a technology's cost and card: sourced, applied even with the option off
    printed = {"provenance": "printed", "source": "my copy"}
    tech = {
        "id": "stim_packs",
        "cost": {"value": {"minerals": 0, "gas": 1}, **printed},
        "card": {
            "value": {"placement": "combat", "unit_icons": ["marine"], "major": {"attack": 8, "health": 2}},
            **printed,
        },
    }
    g = game(
        players=2,
        invented_technologies=False,
        owner_packs=[{"id": "mine", "kind": "owner", "technologies": [tech]}],
    )
    hook = technology_hook(g.ctx, "stim_packs")
    assert (hook.provenance, hook.rule, hook_label(hook)) == ("sourced", "RULES §10.3, §13.3", "")


def test_combat_card_hook_applies_only_the_rulebooks_keywords() -> None:
    g = pinned_game()
    assert set(COMBAT_ABILITY_RULES) == KNOWN_ABILITIES  # the combat module applies exactly these
    cards = g.ctx.content.data.combat_cards
    splash = next(c.id for c in cards if c.ability.value == "splash_ground")
    hook = combat_card_hook(g.ctx, splash)
    assert hook is not None and (hook.rule, hook.provenance) == ("RULES §13.6", "invented")
    plain = next(c.id for c in cards if c.ability.value is None)
    assert combat_card_hook(g.ctx, plain) is None
    assert combat_card_hook(g.ctx, "no_such_card") is None


def _reference_data() -> Path | None:
    """The rules reference's data folder, where this checkout has it (``../shared`` of the repo)."""
    root = Path(__file__).resolve().parents[3]
    for base in (root.parent, root.parent.parent):
        folder = base / "shared" / "rules" / "starcraft" / "data"
        if folder.is_dir():
            return folder
    return None


def test_builtin_pack_values_match_the_reference_data() -> None:
    """The shipped packs carry the reference's values unchanged (only the seed's colour differs)."""
    folder = _reference_data()
    if folder is None:
        pytest.skip("the rules reference (shared/rules/starcraft) is not beside this checkout")
    planets = json.loads((folder / "planets.json").read_text())["planets"]
    factions = json.loads((folder / "factions.json").read_text())["factions"]
    invented = json.loads((folder / "invented" / "placeholders.json").read_text())
    content = load_content()
    ours = {p.id: p for p in content.data.planets}
    for p in planets:
        areas = p["areas"] or invented["planets"][p["id"]]["areas"]
        slots = p["route_slots"] or invented["planets"][p["id"]]["route_slots"]
        assert [msgspec.to_builtins(a) for a in ours[p["id"]].areas.value] == [
            {k: a[k] for k in ("id", "resource", "amount", "unit_limit")} for a in areas
        ]
        assert ours[p["id"]].route_slots.value == slots
    sheets = {f.id: f for f in content.data.factions}
    for f in factions:
        assert sheets[f["id"]].starting_units.value == f["starting_forces"]["units"]
        assert sheets[f["id"]].starting_workers.value == f["starting_forces"]["workers"]
        assert sheets[f["id"]].starting_building.value == f["starting_building"]["building"]
    cards = {c.id: c for c in content.data.combat_cards}
    for race, deck in invented["combat_decks"].items():
        for card in deck:
            mine = cards[f"{race}_combat_{card['number']:02d}"]
            assert msgspec.to_builtins(mine.major.value) == card["major"]
            assert msgspec.to_builtins(mine.minor.value) == card["minor"]


def test_hook_label_says_what_is_not_applied() -> None:
    applied = EffectHook("race_ability", "lift_off", "lift_off", "sourced", "RULES §10.2")
    assert hook_label(applied) == ""
    invented = EffectHook("event_card", "x", "y", "invented", "")
    assert hook_label(invented) == "placeholder content: its effect is invented and not applied"
    assert (
        hook_label(END_DRAWS_NEAR_BENEFIT, "its extra benefit")
        == "its extra benefit is unknown and not applied"
    )
    printed = EffectHook("event_card", "x", "y", "sourced", "")
    assert hook_label(printed) == "its effect as printed is not in the engine yet and not applied"
