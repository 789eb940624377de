"""Rex in Chromium: a person builds a battle plan through both sealed stages and reads the reveal
stage by stage; two people and the bots negotiate in a Temporary Ceasefire.

Each table starts from a prepared record: a seeded game played at random up to the wanted
decision, stored as a table's action log (the same record a server keeps), which the server
replays on start.  From there the bots are the server's own, and every step asserts what changed
in the game (the seat's state and the log), not only that a button was pressed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.browser_support import CHROMIUM, comes_before
from tests.server.test_web_browser import shot, version_of, wait_for_news
from tests.server.test_web_rex_skin import NAMES, pick_number, play_without_the_map
from tests.server.web_support import prepared_table, served_in_process
from turncoat.core import deals
from turncoat.games.rex import actions as A
from turncoat.games.rex.game import RexGame
from turncoat.games.rex.log import Names
from turncoat.play import GameInProgress
from turncoat.server import views

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}")

# Records, as a page sees them: every stage of a reveal the first time it shows.
RECORD_REVEALS = """
window.revealsShown = [];
new MutationObserver(() => {
  document.querySelectorAll('[data-reveal-step]').forEach(el => {
    const key = el.getAttribute('data-reveal-step');
    if (!el.hidden && !window.revealsShown.includes(key)) window.revealsShown.push(key);
  });
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
"""


def contested_areas(play: GameInProgress) -> list[set[int]]:
    """Seats per area outside the Galactic Council holding units of two or more (§10.1)."""
    game = play.game
    assert isinstance(game, RexGame)
    area_of = {p.id: p.area for p in game.content.data.board.pieces}
    seats: dict[str, set[int]] = {}
    for st in play.view(None).observation.stacks:
        seats.setdefault(area_of[st.piece], set()).add(st.seat)
    return [s for a, s in seats.items() if a != "galactic_council" and len(s) > 1]


def last_battle_of_the_phase(play: GameInProgress) -> bool:
    """Seat 0 is to set its dial in the only battle left this phase (so no later battle's
    reveal takes the place of this one while the person reads it)."""
    if 0 not in play.to_act() or not any(isinstance(a, A.SetDial) for a in play.legal_actions(0)):
        return False
    return [len(s) for s in contested_areas(play)] == [2]


def state(base: str, table: str, token: str | None) -> dict[str, Any]:
    cookies = {f"tc_seat_{table}": token} if token else {}
    response = httpx.get(f"{base}/api/tables/{table}/state", cookies=cookies, timeout=10)
    response.raise_for_status()
    body: dict[str, Any] = response.json()
    return body


def decision_title(page: Page) -> str:
    return page.locator("#controls h3, #controls form.pick-one label, #controls legend").first.inner_text()


DECIDED = r"wins the battle in|Nobody wins the battle"


def decided_count(page: Page) -> int:
    return int(
        page.evaluate(
            "r => [...document.querySelectorAll('#log li')]"
            ".filter(li => new RegExp(r).test(li.innerText)).length",
            DECIDED,
        )
    )


def turn_or_decided(page: Page, before: int) -> bool:
    """Until seat 0 may act, or the log tells of one more battle decided; True: its turn."""
    handle = page.wait_for_function(
        "([r, n]) => [...document.querySelectorAll('#log li')].filter(li => new RegExp(r).test(li.innerText))"
        ".length > n ? 'decided' : (document.getElementById('status').dataset.toAct.split(' ').includes('0')"
        " && document.querySelector('#controls button:not([disabled])') ? 'turn' : null)",
        arg=[DECIDED, before],
        timeout=60_000,
    )
    return bool(handle.json_value() == "turn")


def first_choice(page: Page) -> str:
    """Make the first choice of the first decision (a button, or a list box entry when there are
    many) and wait for the position it makes; its label."""
    before = version_of(page)
    first = page.locator("#controls form.one, #controls form.pick-one").first
    if first.get_attribute("class") == "one":
        label = first.locator("button").inner_text()
        first.locator("button").click()
    else:
        option = first.locator("option").first
        label = option.inner_text()
        first.locator("select").select_option(option.get_attribute("value") or "")
        first.locator("button").click()
    wait_for_news(page, before)
    return label


def side_text(page: Page, seat: int, part: str) -> str:
    return page.locator(f'#battle article[data-seat="{seat}"] dd[data-part="{part}"]').inner_text()


@pytest.mark.timeout(300)
def test_a_person_builds_a_battle_plan_and_reads_the_reveal_stage_by_stage(
    tmp_path: Path, browser: Browser
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    table, tokens, play = prepared_table(data, "rex", 3, (0,), last_battle_of_the_phase)
    assert isinstance(play.game, RexGame)
    names = Names(play.game.content.data)
    battle = play.view(0).observation.battle
    assert battle is not None
    side = 0 if battle.aggressor == 0 else 1
    opponent = battle.defender if side == 0 else battle.aggressor
    errors: list[str] = []
    with served_in_process(data) as base:
        context = browser.new_context(viewport={"width": 1300, "height": 1000})
        context.add_init_script(RECORD_REVEALS)
        ann = context.new_page()
        ann.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto(f"{base}/join/{table}/{tokens[0]}")
        ann.wait_for_selector("#table[data-ws='open']", timeout=15_000)
        watcher = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
        watcher.goto(f"{base}/t/{table}")
        watcher.wait_for_selector("#table[data-ws='open']", timeout=15_000)

        decided = decided_count(ann)  # battles of earlier rounds

        # Stage 1: the dial, sealed.
        assert ann.locator("#battle h2").first.inner_text().startswith("Battle in")
        assert (
            ann.locator('#battle .plan-stages li[aria-current="step"]').inner_text()
            == "Set your dial (sealed)"
        )
        shot(ann, "rex-battle-01-dial")
        dial = pick_number(ann, r"Dial (\d+)", last=True)
        assert side_text(ann, 0, "Dial") == str(dial)
        assert (
            ann.locator('#battle .plan-stages li[aria-current="step"]')
            .inner_text()
            .startswith("Choose your leader")
        )
        # Nobody else learns it: the spectator's state and page say only that it is set.
        seen = state(base, table, None)["observation"]["battle"]["plans"][side]
        assert seen["dial"] is None and "dial" in seen["parts_set"]
        watcher.wait_for_function(
            "s => { const d = document.querySelector(s); return d && d.innerText === 'set, sealed'; }",
            arg='#battle article[data-seat="0"] dd[data-part="Dial"]',
        )
        assert side_text(watcher, 0, "Leader and card slot") == "not chosen yet"

        # Stage 2: the leader and card slot, sealed; then the first reveal.
        assert decision_title(ann) == "Battle plan: your leader and card slot (sealed)"
        leader_label = first_choice(ann)
        shot(ann, "rex-battle-02-plan-set")

        # Every later decision until the battle is decided: cards, traitor, keep, card windows.
        while turn_or_decided(ann, decided):
            title = decision_title(ann)
            if title == "Traitor":
                reveal = ann.locator("#controls button", has_text="Reveal your traitor card")
                button = reveal.first if reveal.count() else ann.locator("#controls form.one button").first
                before = version_of(ann)
                button.click()
                wait_for_news(ann, before)
            elif title.startswith(("Play your battle cards", "Keep the cards", "Choose the units")):
                first_choice(ann)
            else:
                play_without_the_map(ann)
        fought_line = ann.locator("#log li", has_text=re.compile(DECIDED)).last.inner_text()

        # The reveal: the stages came one at a time, the last ones behind Next, read by keyboard.
        box = ann.locator("#battle [data-reveal]")
        key = box.get_attribute("data-reveal") or ""
        # A redraw (Ann opens the table in a second tab) keeps the keyboard on the Next button.
        ann.locator("#battle [data-reveal-next]").focus()
        ann.evaluate("() => { document.querySelector('[data-reveal-next]').dataset.old = 'yes'; }")
        another = context.new_page()
        another.goto(f"{base}/t/{table}")
        ann.wait_for_function("() => document.querySelector('[data-reveal-next]').dataset.old !== 'yes'")
        assert ann.evaluate("() => document.activeElement.matches('[data-reveal-next]')")
        another.close()
        pressed = 0
        while ann.locator("#battle [data-reveal-next]:visible").count():
            ann.locator("#battle [data-reveal-next]").focus()
            ann.keyboard.press("Enter")
            pressed += 1
            assert pressed < 5
        assert pressed >= 1  # traitor and result come together: the result waited for Next
        shown = [
            k.removeprefix(key + "-") for k in ann.evaluate("() => window.revealsShown") if k.startswith(key)
        ]
        assert shown == ["plans", "cards", "traitor", "result"]
        shot(ann, "rex-battle-03-reveal")
        # On a phone the panel fits the screen, and the decision still comes first.
        ann.set_viewport_size({"width": 390, "height": 844})
        ann.wait_for_function("() => document.getElementById('battle').getBoundingClientRect().width <= 390")
        assert comes_before(ann, "#me", "#battle")
        shot(ann, "rex-battle-04-phone")
        ann.set_viewport_size({"width": 1300, "height": 1000})

        # What the reveal says is what the game recorded.
        events = state(base, table, tokens[0])["events"]
        plans = [e for e in events if e["type"] == "battle_plans_revealed"][-1]
        cards = [e for e in events if e["type"] == "battle_cards_revealed"][-1]
        assert plans["dials"][side] == dial
        chosen = names.leader_name(plans["leaders"][side], strength=True)
        assert leader_label.startswith(chosen[:1].upper() + chosen[1:])
        stage = {
            s: ann.locator(f'#battle [data-reveal-step="{key}-{s}"]').inner_text()
            for s in ("plans", "cards", "result")
        }
        for i, seat in enumerate((battle.aggressor, battle.defender)):
            assert f"{NAMES[seat]} (" in stage["plans"]
            assert (
                f"dial {plans['dials'][i]}, {names.leader_name(plans['leaders'][i], strength=True)}"
                in stage["plans"]
            )
            attack, defense = names.card_name(cards["attack"][i]), names.card_name(cards["defense"][i])
            played = f"attack {attack}, defense {defense}"
            assert played in stage["cards"]
        assert fought_line in stage["result"]
        assert NAMES[opponent] in stage["plans"]
        # The spectator was shown the same reveal.
        watcher.wait_for_function('k => document.querySelector(`#battle [data-reveal="${k}"]`)', arg=key)
        assert watcher.locator(f'#battle [data-reveal-step="{key}-plans"]').inner_text() == stage["plans"]
        context.close()
    assert errors == []


def alliance_window(play: GameInProgress) -> bool:
    """A Temporary Ceasefire where seats 0 and 1 are both still negotiating and unallied."""
    obs = play.view(None).observation
    return (
        obs.step == "ceasefire"
        and {0, 1} <= set(play.to_act())
        and not obs.deals.alliances
        and not obs.deals.open
        and any(isinstance(a, deals.Propose) and a.to == (1,) for a in play.legal_actions(0))
    )


def click_button(page: Page, text: str) -> None:
    before = version_of(page)
    page.locator("#controls button", has_text=text).first.click()
    wait_for_news(page, before)


@pytest.mark.timeout(300)
def test_people_form_an_alliance_in_a_ceasefire_and_a_bot_answers_its_proposal(
    tmp_path: Path, browser: Browser
) -> None:
    """Ann proposes an alliance to a bot, which answers at once (the log says how); if it
    declined, she proposes one to Bea, who accepts in her own browser.  The alliance then stands
    in the public state and in every window; the window's clocks run for who is to act; a gift
    of influence to the ally moves it from one to the other."""
    data = tmp_path / "data"
    data.mkdir()
    table, tokens, _ = prepared_table(data, "rex", 4, (0, 1), alliance_window, turn_seconds=600)
    errors: list[str] = []
    with served_in_process(data) as base:
        pages = {}
        for seat in (0, 1):
            page = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{base}/join/{table}/{tokens[seat]}")
            page.wait_for_selector("#table[data-ws='open']", timeout=15_000)
            pages[seat] = page
        ann, bea = pages[0], pages[1]
        ann.wait_for_selector("#controls .ceasefire")
        assert ann.locator("#controls .ceasefire .timer").count() >= 2  # both people's clocks
        assert "No alliances." in ann.inner_text("#controls .ceasefire")
        bot = 2
        click_button(ann, f"Propose an alliance with {NAMES[bot]}")
        answered = ann.wait_for_function(
            "n => [...document.querySelectorAll('#log li')].map(li => li.innerText)"
            ".find(t => t.startsWith(n + ' accepts') || t.startsWith(n + ' declines'))",
            arg=NAMES[bot],
            timeout=60_000,
        ).json_value()
        partner = bot
        if "declines" in str(answered):
            click_button(ann, f"Propose an alliance with {NAMES[1]}")
            bea.wait_for_selector("#controls .ceasefire .proposal button")
            proposal = bea.locator("#controls .ceasefire .proposal").first.inner_text()
            assert proposal.startswith(f"{NAMES[0]} proposes to {NAMES[1]}")
            shot(bea, "rex-ceasefire-01-proposal")
            click_button(bea, f"Accept the alliance with {NAMES[0]}")
            partner = 1
        public = state(base, table, None)["observation"]["deals"]["alliances"]
        assert sorted([0, partner]) in [sorted(g) for g in public]
        ann.wait_for_function(
            "n => [...document.querySelectorAll('#controls .alliance')].some(li => li.innerText.includes(n))",
            arg=NAMES[partner],
        )
        shot(ann, "rex-ceasefire-02-alliance")

        # Ann gives her ally one influence: it leaves her and reaches the ally, for all to see.
        before_gift = {v["seat"]: v["influence"] for v in state(base, table, None)["observation"]["seats"]}
        click_button(ann, f"Give influence to {NAMES[partner]}")
        amount = pick_number(ann, rf"Give (\d+) influence to {NAMES[partner]}")
        ann.wait_for_function(
            "t => [...document.querySelectorAll('#log li')].some(li => li.innerText === t)",
            arg=f"{NAMES[0]} gives {amount} influence to {NAMES[partner]}.",
        )
        after_gift = {v["seat"]: v["influence"] for v in state(base, table, None)["observation"]["seats"]}
        assert after_gift[0] == before_gift[0] - amount
        assert after_gift[partner] >= before_gift[partner] + amount
    assert errors == []


REVEAL_BOX = (
    '<div data-reveal="r1"><ol>{steps}</ol><button type="button" data-reveal-next hidden>Next</button></div>'
)


def steps_html(keys: list[str]) -> str:
    return "".join(f'<li data-reveal-step="{k}" data-reveal-label="Step {k}">{k}</li>' for k in keys)


def test_the_page_script_stages_a_reveal_one_step_at_a_time(browser: Browser) -> None:
    """The generic staged reveal (any skin, by data attributes): steps on the page when it loads
    all show; of the steps one update brings, the first shows and the others wait for Next, by
    mouse or keyboard; a redraw keeps what was shown and what waits."""
    page = browser.new_page()
    try:
        first = REVEAL_BOX.format(steps=steps_html(["a"]))
        page.set_content(f"<!doctype html><html><body><div id='box'>{first}</div></body></html>")
        page.add_script_tag(path=str(views.STATIC / "turncoat.js"))
        page.evaluate("() => document.dispatchEvent(new Event('DOMContentLoaded'))")

        def update(keys: list[str]) -> None:  # what an update's swap and its event do
            page.evaluate(
                "html => { document.getElementById('box').innerHTML = html;"
                " document.dispatchEvent(new Event('htmx:wsAfterMessage')); }",
                REVEAL_BOX.format(steps=steps_html(keys)),
            )

        def shown() -> list[str]:
            visible = "[data-reveal-step]:not([hidden])"
            return list(
                page.evaluate("s => [...document.querySelectorAll(s)].map(e => e.textContent)", visible)
            )

        assert shown() == ["a"]
        update(["a", "b", "c", "d"])  # three steps at once: one shows, two wait
        assert shown() == ["a", "b"]
        assert page.inner_text("[data-reveal-next]") == "Next: Step c"
        update(["a", "b", "c", "d"])  # a redraw (another seat joined): nothing more shows
        assert shown() == ["a", "b"]
        page.click("[data-reveal-next]")
        assert shown() == ["a", "b", "c"]
        page.focus("[data-reveal-next]")
        page.keyboard.press("Enter")
        assert shown() == ["a", "b", "c", "d"]
        assert page.locator("[data-reveal-next]").is_hidden()
        assert page.evaluate("() => document.activeElement.textContent") == "d"  # read on from the last
    finally:
        page.close()
