"""Verräter's colours for people with a colour-vision deficiency, and what the board says
besides colour.

Each colour is passed through the Machado, Oliveira and Fernandes (2009) simulation of
protanopia, deuteranopia and tritanopia (severity 1, in linear RGB) and compared in CIELAB
(CIE76 ΔE): every two seats, and the two houses, must stay at least ``MIN_DELTA_E`` apart as
each deficiency sees them (about seven just-noticeable differences).  And a building's owner is
written on the board, not only shown by its seat's colour.
"""

from __future__ import annotations

import html
import itertools
import math
import re

from tests.server.test_web_views import page_text, played_table, seen_by
from turncoat.games.verrater.present import SEAT_STYLES
from turncoat.skins.verrater import web

MIN_DELTA_E = 15.0

SIMULATIONS = {
    "normal vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
Matrix = tuple[tuple[float, float, float], ...]


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb: list[float]) -> tuple[float, float, float]:
    """Linear sRGB (D65) to CIELAB."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen_as(colour: str, matrix: Matrix) -> tuple[float, float, float]:
    rgb = [linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5)]
    out = [min(1.0, max(0.0, sum(row[k] * rgb[k] for k in range(3)))) for row in matrix]
    return lab(out)


def closest_pair(colours: list[str]) -> tuple[float, str, str, str]:
    """The two colours that look most alike under any simulation: (ΔE, vision, a, b)."""
    return min(
        (math.dist(seen_as(a, m), seen_as(b, m)), vision, a, b)
        for vision, m in SIMULATIONS.items()
        for a, b in itertools.combinations(colours, 2)
    )


def test_the_measure_tells_apart_what_deuteranopes_confuse() -> None:
    """The check can fail: red and green, the classic pair, look alike to a deuteranope, and the
    blue and purple the seats wore before are nearly one colour to them."""
    assert closest_pair(["#d62728", "#2ca02c"])[0] < MIN_DELTA_E
    assert closest_pair(["#2f6db5", "#8a4fb0"])[0] < MIN_DELTA_E


def test_seat_colours_stay_apart_for_every_common_colour_vision_deficiency() -> None:
    colours = [s.colour for s in SEAT_STYLES]
    delta, vision, a, b = closest_pair(colours)
    assert delta >= MIN_DELTA_E, f"{a} and {b} look alike ({delta:.1f} ΔE) with {vision}"


def test_the_two_houses_stay_apart_for_every_common_colour_vision_deficiency() -> None:
    delta, vision, a, b = closest_pair(list(web.HOUSE_COLOURS.values()))
    assert delta >= MIN_DELTA_E, f"{a} and {b} look alike ({delta:.1f} ΔE) with {vision}"


def test_a_buildings_owner_is_written_on_the_board_not_only_coloured() -> None:
    table = played_table(lambda play: sum(b is not None for b in seen_by(play).buildings) >= 5)
    obs = seen_by(table.play)
    page = html.unescape(page_text(table, None))
    names = {s.seat: s.name for s in table.seats}
    labels = dict(
        re.findall(r'<g class="building" data-owner="(\d)".*?<text[^>]*>([^<]+)</text>', page, re.S)
    )
    owners = [b.owner for b in obs.buildings if b is not None]
    assert len(labels) == len(set(owners)) > 1
    for seat, text in labels.items():
        assert text.startswith(web.short_name(names[int(seat)]) + " · "), text
    # and the writing reads on its colour: black or white, whichever contrasts more
    assert web.text_on("#2f6db5") == "#ffffff" and web.text_on("#cc79a7") == "#1b1b1b"
