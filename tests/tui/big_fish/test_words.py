"""The Big Fish plug-in's words: every size, colour and step readable as text, not as colour alone."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text

from fishtable.games.big_fish import GAME, turn
from fishtable.games.big_fish.actions import PlayWild, TakeFaceUp
from fishtable.plugins.big_fish import UI
from tests.games.big_fish.builder import build, cid


def plain(renderable, width: int = 100) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return " ".join(console.export_text().split())


def table_state():
    state = build(
        [["Cod", "W:extra_spawn"], ["Hake"]],
        spots=[[("Tuna:0/2/4/8", "big"), ("Lar", "larval"), ("Mid:0/1/3/5", "medium"), ("Jack", "juvenile")],
               [("Other", "medium")]],
        # The yellow card was played last turn: it works from Ana's next turn.
        wilds=[["W:extra_grow", "W:protect"], []], fresh=[["W:extra_catch"], []],
        ice=[[("Caught:0/1/3/5", "medium")], []], row=["R1", "W:extra_spawn", "R3", "R4"],
        discard=["Gone"], deck=[f"D{i}" for i in range(5)], start=False,
    )
    turn.begin_step(state, "draw")
    return state


def test_a_seat_panel_says_every_size_colour_and_step_in_words() -> None:
    view = GAME.view(table_state(), None)
    text = " ".join(UI.seat_panel(view, 0, active=True, width=43, wide=True).plain.split())
    # Each fish: a size letter and its points at that size, with its name.
    for mark in ("[B8] Tuna", "[L0] Lar", "[M3] Mid", "[J1] Jack"):
        assert mark in text, text
    assert "Spot (1 Big)" in text and "Ice 3: [M3]" in text and "hand 2" in text
    assert "score 8" in text  # Ice Box 3, Fishing Spot 2 (the Big fish) + 1 + 1 + 1
    # Wild cards: colour and step as words; the one played last turn works from the next.
    assert "Plankton (green · Grow)" in text
    assert "Groper (black · stays)" in text
    assert "Rod (yellow · Catch) from next turn" in text
    assert "★First" in text and text.startswith("▶ Ana")
    assert UI.seat_panel(view, 1, active=False, width=43, wide=True).plain.startswith("  Ben\n")


def test_the_top_bar_and_the_board_say_round_step_first_player_piles_and_event() -> None:
    view = GAME.view(table_state(), None)
    top = UI.topbar(view, 200).plain
    assert "Round 1 · Ana: Draw · ★ First player: Ana" in top
    assert "Deck 5 · Discard 1 · Events 5 left" in top
    from fishtable.plugins.big_fish.board import event_text, row_text
    from fishtable.plugins.big_fish.steps import phase_text

    row = row_text(view).plain
    assert "Face-Up Cards (4 of 4)" in row and "R1 L0 J1 M2 B4" in row and "Seaweed (purple · Spawn)" in row
    phase = phase_text(view).plain
    assert "Ana's turn · step 1 of 5: Draw" in phase and "▶DRAW › Spawn › Grow › Catch › Wild" in phase
    assert "1 Big Fish: draw 1 — 0 taken so far" in phase
    assert "none yet" in event_text(view).plain


def test_choices_name_cards_the_way_the_table_shows_them() -> None:
    state = table_state()
    view = GAME.view(state, 0)
    seaweed = cid(state, "Seaweed", zone="row")
    assert UI.describe(TakeFaceUp(card=seaweed), view, "draw") == \
        "Take Seaweed (purple · Spawn) from the Face-Up Cards"
    assert UI.describe(TakeFaceUp(card=cid(state, "R1", zone="row")), view, "draw") == \
        "Take R1 (L0 J1 M2 B4) from the Face-Up Cards"
    own = cid(state, "Seaweed", seat=0)
    assert UI.describe(PlayWild(card=own), view, "wild") == \
        "Play Seaweed (purple · Spawn): Spawn step: spawn one extra fish. Works from your next turn."
    assert UI.shortcut(TakeFaceUp(card=seaweed), "draw") is None
    done = GAME.parse_action({"kind": "done"})
    assert UI.shortcut(done, "grow") == ("s", "stop this step")
    assert UI.shortcut(done, "event_spawn") == ("p", "pass")
    assert UI.shortcut(GAME.parse_action({"kind": "draw_deck"}), "draw") == ("d", "draw from the deck")


def test_the_results_show_each_ice_box_and_fishing_spot_fish_by_fish() -> None:
    view = GAME.view(table_state(), None)
    text = plain(UI.result_details(view), width=120)
    assert "Ice Boxes and Fishing Spots" in text
    assert "[M3] Caught" in text and "= 3 points" in text
    assert "[B8] Tuna → 2" in text and "[L0] Lar → 1" in text and "= 5 points" in text
    assert "Ben" in text and "[M2] Other → 1" in text


def test_a_narrow_seat_panel_wraps_under_its_own_indentation_and_loses_nothing() -> None:
    from rich.cells import cell_len

    from fishtable.plugins.big_fish.seat_panel import hanging

    view = GAME.view(table_state(), None)
    for width in (28, 42):
        text = UI.seat_panel(view, 0, active=True, width=width + 1, wide=width > 30).plain
        lines = text.split("\n")
        assert all(cell_len(line) <= width for line in lines), lines
        # Continuation lines sit deeper than the line they continue.
        assert all(line.startswith(("▶", "  ")) for line in lines)
        words = " ".join(text.split())
        assert "[B8] Tuna · [L0] Lar · [M3] Mid · [J1] Jack" in words
    assert hanging(Text("  " + "x" * 40), 20).plain == "  " + "x" * 18 + "\n    " + "x" * 16 + "\n    " + "xxxxxx"
    assert hanging(Text("  aa bb cc"), 7).plain == "  aa bb\n    cc"


@pytest.mark.parametrize("hard", [False, True])
def test_the_bag_limit_is_named_only_in_hard_mode(hard: bool) -> None:
    """Without Hard mode a bag limit binds nobody: no tile, row card or choice may mention it."""
    from fishtable.plugins.big_fish.board import row_text
    from fishtable.plugins.big_fish.mine import row_line
    from fishtable.plugins.big_fish.tile import face_lines

    state = build([["Shark:0/2/3/6:bag", "Cod"], ["Hake"]], row=["Whale:0/2/3/6:bag", "R2"], start=False, hard=hard)
    turn.begin_step(state, "spawn")
    view = GAME.view(state, 0)
    shark = next(c for c in view.hand or () if c.name == "Shark")
    whale = next(c for c in view.face_up if c.name == "Whale")
    assert shark.bag and whale.bag
    spawn = next(a for a in GAME.legal_actions(state, 0) if a.kind == "spawn" and a.card == shark.id)
    texts = {
        "tile": " ".join(face_lines(shark, 12, hard)),
        "row": row_text(view).plain,
        "private row": row_line(view).plain + row_line(view, full=True).plain,
        "choice": UI.describe(spawn, view, "spawn"),
    }
    for where, text in texts.items():
        assert ("bag" in text) == hard, (where, text)
