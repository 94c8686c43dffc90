"""Crazy Fishing's words and layout: the sea explains itself (a legend, whole numbers, why a
fish cannot be chosen), seat panels for six players at 80×24 and 100×30, lines broken between
cards, the blank cast explained, keys for choice lists, and each player's catch in the results."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.text import Text

from fishtable.plugins.crazy_fishing import UI
from fishtable.plugins.crazy_fishing.seat_panel import seat_text

from .helpers import fast_forward, human_prompt, make_match, settle
from .screen_text import screen_text
from .test_special_paths import app_for, baits, match_of, rods, start

SLOW = ["R1", "B1", "R2", "B2", "B3", "R3"]
SIX = (("Elena", None), ("Tomás", None), ("Ernesto", "random"), ("Ana María", "random"),
       ("Bartholomew-Jones", "random"), ("Zoë", "random"))


def side_column(app, width: int) -> list[str]:
    """The text of the seat panels' column, row by row (right of the table's divider)."""
    rows = []
    for line in screen_text(app).splitlines():
        if "▏" in line:
            rows.append(line.split("▏", 1)[1].rstrip(" ▁▂▃▄▅▆▇█"))
    return rows


# -- the sea ---------------------------------------------------------------------------------


async def test_sea_legend_and_numbers_whole_or_hidden(tmp_path: Path) -> None:
    # Row y=8: #10 (clue 2-4) at x=0, #11 (4-6) at x=4, #12 (5-7) at x=6, later ones on top.
    # #11 covers the "4" of #10's clue; #12 covers the second "1" of "11" and the "4" of "4-6".
    sea = [(f"F{n}", 8 * (n % 5), 4 * (n // 5)) for n in range(1, 10)]
    sea += [("F3:2-4", 0, 8), ("F5:4-6", 4, 8), ("F6:5-7", 6, 8)]
    match = match_of([["R5", "B3", "R1", "B1", "B2", "R2"], SLOW], sea_cards=sea)
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "5"), baits(match, 0, "3"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        assert t.kind == "TableScreen" and t.screen.seat == 0
        assert "╔═╗ can be chosen ┌╌┐ covered" in t.flat
        rows = t.text.splitlines()
        top = next(line for line in rows if "12" in line and "╔" in line)
        assert "┌10╌┌╌╔12═══╗" in top, top  # "11" half hidden: not shown at all, "10" whole
        clues = rows[rows.index(top) + 1]
        assert "5-7" in clues and "2-" not in clues and "4-" not in clues, clues
        for row in rows[2:14]:  # no clue cut in half anywhere in the sea ("2-", "-4")
            assert not re.search(r"(?<![\d])-\d|\d-(?!\d)", row.split("▏")[0]), row


async def test_blank_cast_is_explained(tmp_path: Path) -> None:
    match = match_of([["R5", "R3", "R1", "R2", "R4", "R6"], SLOW])  # Elena holds no bait at all
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        assert t.kind == "CastScreen"
        assert "You hold no bait you may cast: your cast is blank (rods only)." in t.flat
        assert "A blank cast is a cast of only rods or only baits: it is legal, but it catches nothing" in t.flat
        hand = [c.id for c in t.screen.hand]
        await t.press(str(hand.index(rods(match, 0, "5")[0]) + 1))
        assert "✓ A legal blank cast (it catches nothing). Enter puts it face down." in t.flat
        steps = match.step_count
        await t.press("enter")
        assert match.step_count == steps + 1
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        assert "(blank: no catch)" in t.flat


async def test_cast_screen_shows_the_public_sea(tmp_path: Path) -> None:
    match = match_of([["R5", "B3", "R1", "B1", "B2", "R2"], SLOW],
                     sea_cards=[("F2:1-3", 0, 0), ("F7:6-9", 3, 1), ("F4:3-5", 20, 0)])
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        assert t.kind == "CastScreen"
        sea = t.screen.query_one("SeaView")
        assert {f.label for f in sea.fish} == {1, 2, 3}
        assert "6-9" in t.text and "3-5" in t.text  # the clues on the backs
        caption = " ".join(str(t.screen.query_one("#sea-caption").render()).split())
        assert caption.startswith("The sea, 3 fish, as everyone sees it") and "┌╌┐ covered" in caption


# -- seat panels ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_six_seats_fit_every_name_and_status(tmp_path: Path, size) -> None:
    match = fast_forward(make_match(seed=5, seats=SIX), human_prompt("catch", private=False))
    app = app_for(tmp_path, match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if type(app.screen).__name__ == "PrivacyScreen":
            await pilot.press("enter")
            await settle(pilot)
        assert type(app.screen).__name__ == "TableScreen"
        column = side_column(app, size[0])
        view = match.view(None)
        for panel in view.seats:
            line = next((r for r in column if panel.name in r), None)
            assert line is not None, f"{panel.name} is not in view: {column}"
            status = {"fishing": "fishing", "done": "done", "waiting": "waiting"}.get(panel.status, "")
            assert status in line, (panel.name, line)
        # Nothing cut mid-word: every word of the column is a word the panels wrote.
        words = set()
        for panel in view.seats:
            words |= set(seat_text(panel, False, False, 29, 2).plain.split())
            words |= set(seat_text(panel, False, False, 29, 3).plain.split())
        for row in column:
            for word in row.split():
                assert word in words | {"▶"}, (word, row)


def _panel(**over):
    card = SimpleNamespace
    fish = card(id="F1", type="fish", name="Great Barracuda", value=7, plus=False, special="fish")
    cast = SimpleNamespace(
        rods=(card(id="R1", type="rod", name="Rod", value=5, plus=True, special=None),
              card(id="R2", type="rod", name="The Super-Fast Reel", value=1, plus=True, special="super_fast_reel")),
        baits=(card(id="B1", type="bait", name="Bait", value=3, plus=False, special=None),),
        fish_bait=card(id="F2", type="fish", name="Sea Bass", value=3, plus=False, special="fish"),
        speed=6, bait=6, blank=False,
    )
    base = dict(seat=0, name="Bartholomew-Jones Ltd", is_bot=True, hand_size=2, hand_rods=1, hand_baits=1,
                pile_size=4, pile_top=fish, status="fishing", cast=cast, effects=("Golden Fish: bait +2",),
                catch_position=1)
    base.update(over)
    return SimpleNamespace(**base)


@pytest.mark.parametrize("rows", [None, 4, 3, 2])
@pytest.mark.parametrize("width", [29, 43])
def test_panel_lines_fit_and_break_between_cards(width, rows) -> None:
    text = seat_text(_panel(), True, width > 30, width, rows)
    lines = text.plain.splitlines()
    assert all(Text(line).cell_len <= width for line in lines), lines
    assert "Bartholomew-Jones Ltd" in lines[0] and "fishing" in text.plain
    for name in ("Great Barracuda (7)", "Sea Bass (3)"):  # a card is never split over two lines
        if name.split()[0] in text.plain:
            assert any(name in line for line in lines), (name, lines)
    head = 2 if "fishing" not in lines[0] else 1  # this long name takes two lines with its status
    if rows is not None:
        assert len(lines) <= max(rows, head + 1), lines


def test_panel_full_names_never_cut() -> None:
    text = seat_text(_panel(cast=None), False, False, 29, None).plain
    assert "Great Barracuda (7)" in text and "Golden Fish: bait +2" in " ".join(text.split())


# -- keys for choice lists, and words --------------------------------------------------------


def test_choice_keys_and_no_doubled_article() -> None:
    from fishtable.games.crazy_fishing.actions import Continue, EndTurn, FishBait, Shuffle
    from fishtable.plugins.crazy_fishing.describe import describe

    assert UI.shortcut(FishBait(fish=None), "fish_bait") == ("k", "keep my bait cards")
    assert UI.shortcut(Shuffle(), "finish")[0] == "s" and UI.shortcut(EndTurn(), "finish")[0] == "e"
    assert UI.shortcut(Shuffle(), "between")[0] == "s" and UI.shortcut(Continue(), "between")[0] == "c"
    pair = SimpleNamespace(id="F9", type="fish", name="A Pair of Fish", value=1, plus=False, special="oos")
    words = describe(FishBait(fish="F9"), {"F9": pair})
    assert words == "Use A Pair of Fish (1), from my catch, as bait (twice its size)"
    assert "my A " not in words and "the A " not in words


async def test_keep_my_bait_cards_by_key(tmp_path: Path) -> None:
    match = match_of(
        [["R:oos", "B2", "R1", "B1", "B3", "R2"], SLOW],
        sea_cards=["F1", "F2", "F5", "F6", "F7"],
        piles=[["oos:pair_of_fish", "F2:1-3:Hake"], []],
    )
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "Out-of-Series Rod"), baits(match, 0, "2"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.unlock("Elena")
        assert t.kind == "ChoiceScreen" and t.screen.seat == 0
        assert "k Keep my bait cards" in t.flat  # the key shown before its choice
        assert "Use A Pair of Fish (1), from my catch, as bait" in t.flat
        steps = match.step_count
        await t.press("k")
        assert match.step_count == steps + 1
        assert match.view(None).seats[0].cast.fish_bait is None


# -- results ---------------------------------------------------------------------------------


async def test_results_list_each_players_catch(tmp_path: Path) -> None:
    match = fast_forward(make_match(seed=5), lambda m: m.is_over)
    view = match.view(None)
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "ResultsScreen"
        text = " ".join(screen_text(app).split())
        assert "Each player's catch" in text
        for line in view.result.scores:
            panel = view.seats[line.seat]
            assert f"{panel.name} ({line.total} points):" in text
            assert f"{panel.pile_top.name} ({panel.pile_top.value})" in text


def test_result_details_list_every_fish() -> None:
    """At the end every catch pile is in the public view, and each fish is listed."""
    match = fast_forward(make_match(seed=5), lambda m: m.is_over)
    view = match.view(None)
    assert all(panel.pile is not None and len(panel.pile) == panel.pile_size for panel in view.seats)
    details = UI.result_details(view)
    lines = details.plain.splitlines()
    assert all(len(line) <= 76 for line in lines)
    for panel in view.seats:
        for card in panel.pile:
            assert any(f"{card.name} ({card.value})" in line for line in lines), card.name


def test_the_one_bait_of_a_single_reel_attempt_is_named() -> None:
    """CF-Q-9: a Reel that got one attempt with plain baits picks one bait card, in words."""
    from fishtable.games.crazy_fishing.actions import PickBait
    from fishtable.plugins.crazy_fishing.describe import describe

    face = type("Face", (), {"type": "bait", "value": 3, "plus": False, "special": None, "name": "Bait"})()
    assert describe(PickBait(bait="B07"), {"B07": face}, stage="pick_bait") == "Use my bait 3 on this fish"
