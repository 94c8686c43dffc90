"""The app's finer points: card files, the Reel/Turbulent "between" prompt, turned-over fish,
public outcomes before the keyboard moves on, the short log (CF-Q-16), the advanced setup,
active effects at Cast, the Prawn in the results, and the table header in words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fishtable.engine.assets import asset_path
from fishtable.tui.app import FishtableApp

from .helpers import (
    assert_private_screen_clean,
    fast_forward,
    human_prompt,
    make_match,
    private_seat,
    settle,
)
from .screen_text import screen_text

HUMANS3 = (("Elena", None), ("Tomás", None), ("Ana", None))


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def app_for(tmp_path: Path, match=None, **kwargs) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False, **kwargs)


# -- 1. card files ------------------------------------------------------------------------------

def test_cli_card_file_reaches_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fishtable import cli
    from fishtable.tui import app as app_module

    cards = tmp_path / "cards.json"
    shutil.copy(asset_path("crazy_fishing", "cards.json"), cards)
    seen: list[tuple[str | None, Path]] = []
    monkeypatch.setattr(
        app_module.FishtableApp, "run", lambda self: seen.append((self.card_files.get("crazy-fishing"), self.data_dir))
    )
    assert cli.main(["--card-file", str(cards), "--data-dir", str(tmp_path)]) == 0
    assert seen == [(str(cards), tmp_path)]


def test_cli_malformed_card_file_is_refused_in_words(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from fishtable import cli

    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert cli.main(["--card-file", str(bad), "--data-dir", str(tmp_path)]) == 2
    assert "bad.json" in capsys.readouterr().err


async def test_setup_uses_the_apps_card_file(tmp_path: Path) -> None:
    cards = tmp_path / "my-cards.json"
    shutil.copy(asset_path("crazy_fishing", "cards.json"), cards)
    app = app_for(tmp_path, card_files={"crazy-fishing": cards})
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "my-cards.json" in flat(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None
        assert app.flow.match.options.card_file == str(cards.resolve())


async def test_malformed_card_file_shows_a_message_and_never_crashes(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "fishtable-crazy-fishing-cards", "version": 1, "fish": []}', encoding="utf-8")
    app = app_for(tmp_path, card_files={"crazy-fishing": bad})
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "card file cannot be used" in flat(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is None and type(app.screen).__name__ == "SetupScreen"
        assert "choose another or leave Cards empty" in flat(app)
        # Clearing the field goes back to the built-in cards, and the game starts.
        app.screen.query_one("#card-file").value = ""
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None and app.flow.match.options.card_file is None


# -- 2, 3. the "between" prompt and turned-over fish ----------------------------------------------

async def test_between_prompt_offers_shuffle_or_go_on_and_shows_the_flipped_fish(tmp_path: Path) -> None:
    match = fast_forward(make_match(seed=12), human_prompt("between"))  # a seed that reaches it
    turn = match.view(None).turn
    assert turn.stage == "between" and len(turn.flipped_labels) == len(turn.flipped) >= 1
    app = app_for(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert type(screen).__name__ == "TableScreen" and screen.kind == "between"
        text = flat(app)
        assert "Shuffle the sea now" in text and "Go on to the second fish" in text
        for label, card in zip(turn.flipped_labels, turn.flipped, strict=True):
            assert f"#{label} {card.name} ({card.value})" in text  # "#7 Hake (5)"
            assert f"{label}↑up" in text  # its tile in the sea is face up
        steps = match.step_count
        await pilot.press("c")
        await settle(pilot)
        assert match.step_count == steps + 1
        assert match.events_since(0)[-1].kind != "shuffle"
        assert "between" not in {p.kind for p in match.pending().values()}


def test_between_actions_in_player_words() -> None:
    from fishtable.games.crazy_fishing.actions import Continue, EndTurn, Shuffle
    from fishtable.plugins.crazy_fishing.describe import describe

    assert describe(Shuffle(), {}, stage="between").startswith("Shuffle the sea now")
    assert describe(Continue(), {}, stage="between").startswith("Go on to the second fish")
    assert describe(EndTurn(), {}, stage="finish").startswith("End my turn")


# -- 5. public outcomes stay on the table until the keyboard is passed ----------------------------

def _last_public_catch_before_private(match) -> bool:
    """A human's plain public catch as the last of the round; the next prompt is a private one."""
    if not human_prompt("catch", private=False)(match):
        return False
    view = match.view(None)
    seat = view.turn.seat
    legal = match.legal_actions(seat)
    return (
        view.catch_order[-1] == seat
        and all(a.kind == "attempt" and len(a.labels) == 1 for a in legal)
        and not view.turn.shuffles_left
    )


async def test_outcome_is_shown_on_the_table_before_the_keyboard_is_passed(tmp_path: Path) -> None:
    match = fast_forward(make_match(seed=5), _last_public_catch_before_private)
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert type(table).__name__ == "TableScreen" and table.kind == "catch"
        before = match.event_count
        await pilot.press("enter")
        await settle(pilot)
        outcome = [e.text for e in match.events_since(before) if e.kind in ("catch", "escape")]
        assert outcome and any(p.private for p in match.pending().values())
        assert app.screen is table and table.kind == "ack"  # not yet the privacy screen
        text = flat(app)
        assert "NEW:" in text and outcome[-1] in text
        assert "pass the keyboard to" in text
        name = table.waiting_for
        assert f"{name}, press Enter when only you can see the screen" in text
        assert not list(app.screen.query("CardTile"))
        # The table showing the news is the pass screen itself: one Enter, the next player's.
        await pilot.press("enter")
        await settle(pilot)
        seat = private_seat(app.screen)
        assert seat is not None and match.seats[seat].name == name, type(app.screen).__name__
        assert_private_screen_clean(app, match, seat)


# -- 4. CF-Q-16: only recent lines, the same window everywhere ------------------------------------

async def test_log_shows_only_this_round_and_the_previous_one(tmp_path: Path) -> None:
    from fishtable.plugins.crazy_fishing import UI
    from fishtable.tui.plugin import RECENT_LINES
    from fishtable.tui.widgets.log import EventLog

    def recent(match, viewer):
        return UI.log_window([(i, e) for i, e in enumerate(match.events_since(0)) if e.visible_for(viewer)])

    def late(m) -> bool:
        return m.view(None).round >= 4 and human_prompt("catch", private=False)(m)

    match = fast_forward(make_match(seed=5), late)
    app = app_for(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(EventLog)
        window = recent(match, None)
        assert 0 < len(window) <= RECENT_LINES
        assert log._shown[1:] == tuple(i for i, _ in window)
        shown = " ".join(e.text for _, e in window)
        assert "Round 1 begins" not in shown and "Round 2 begins" not in shown
        assert len(match.log_for(None)) > len(window)


# -- 6. the advanced module in the app ------------------------------------------------------------

async def test_setup_picks_both_pairs_of_fish_and_the_rods(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        text = flat(app)
        assert "2 or 3 recommended" in text and "copy 2" in text
        chooser = app.screen.query_one("#oos-fish")
        labels = [str(chooser.get_option_at_index(i).prompt) for i in range(chooser.option_count)]
        first = next(i for i, label in enumerate(labels) if label.startswith("A Pair of Fish") and "copy 1" in label)
        chooser.focus()
        chooser.highlighted = first
        await pilot.press("space", "down", "space")
        app.screen.query_one("#oos-rods").focus()
        await pilot.press("space")
        await pilot.press("ctrl+s")
        await settle(pilot)
        options = app.flow.match.options
        assert options.oos_fish == ("A Pair of Fish", "A Pair of Fish")
        assert options.oos_rods and options.random_oos_fish == 0


async def test_setup_random_three(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        field = app.screen.query_one("#random-oos-fish")
        field.focus()
        await pilot.press("backspace", "3", "ctrl+s")
        await settle(pilot)
        assert app.flow.match.options.random_oos_fish == 3


def _restricted_cast(match) -> bool:
    pending = match.pending()
    view = match.view(None)
    return any(
        p.kind == "cast" and any(e.startswith(("Crab", "Moray Eel")) for e in view.seats[s].effects)
        for s, p in pending.items()
    )


async def test_active_effect_on_panel_and_explained_at_cast(tmp_path: Path) -> None:
    from fishtable.plugins.crazy_fishing.seat_panel import seat_text

    match = fast_forward(make_match(seed=1, seats=HUMANS3, oos_fish=("Crab", "Moray Eel")), _restricted_cast)
    view = match.view(None)
    seat = next(s for s in range(3) if view.seats[s].effects)
    effect = view.seats[seat].effects[0]
    assert "✦ " + effect in seat_text(view.seats[seat], False, True).plain
    app = app_for(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(6):  # pass the keyboard until the restricted seat casts
            await pilot.press("enter")
            await settle(pilot)
            if type(app.screen).__name__ == "CastScreen" and app.screen.seat == seat:
                break
            if type(app.screen).__name__ == "CastScreen":  # another seat: cast its first legal cast
                cast = next(a for a in match.legal_actions(app.screen.seat) if a.kind == "cast")
                hand = [c.id for c in app.screen.hand]
                for cid in (*cast.rods, *cast.baits):
                    await pilot.press(str(hand.index(cid) + 1))
                await pilot.press("enter")
                await settle(pilot)
        screen = app.screen
        assert type(screen).__name__ == "CastScreen" and screen.seat == seat
        text = flat(app)
        assert "Active effect" in text and effect in text and "may not cast a '+'" in text
        kind = "bait" if effect.startswith("Crab") else "rod"
        plus = [n for n, c in enumerate(screen.hand) if c.type == kind and c.plus]
        if plus:  # the engine's refusal is shown before commit
            await pilot.press(str(plus[0] + 1))
            await settle(pilot)
            assert "✗" in flat(app)


async def test_results_include_the_prawn_bonus(tmp_path: Path) -> None:
    def prawn_game(m) -> bool:
        r = m.result()
        return r is not None and any(dict(line.parts).get("prawn bonus") for line in r.scores)

    match = fast_forward(make_match(seed=1, oos_fish=("Prawn",)), prawn_game)
    app = app_for(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "ResultsScreen"
        assert "prawn bonus" in flat(app)


# -- 7. the table header in words -----------------------------------------------------------------

@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_table_header_names_the_decks(tmp_path: Path, size: tuple[int, int]) -> None:
    match = fast_forward(make_match(seed=5), human_prompt("catch", private=False))
    view = match.view(None)
    app = app_for(tmp_path, match)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = flat(app)
        assert f"Rod deck {view.rod_deck} · discard {view.rod_discard}" in text
        assert f"Bait deck {view.bait_deck} · discard {view.bait_discard}" in text
        assert f"{view.sea_count} fish in the sea" in text
