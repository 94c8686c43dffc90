"""A whole Fishing Party Poker session from the menu, through the setup form, to the standings.

Two humans and a computer seat, small stakes and a hand limit so the session
is short. The humans bet as hard as the rules let them (a raise war in every
round) and swap at every swap; every screen on the way is checked: privacy
screens show no card, private screens nothing hidden from their seat, the
public table nothing hidden from anyone.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from .driver import Table, app_for

MAX_STEPS = 400


async def open_poker_setup(t: Table) -> None:
    await t.look()
    menu = t.screen.query_one("#menu-list", OptionList)
    for _ in range(menu.option_count):
        if menu.get_option_at_index(menu.highlighted).id == "game:fishing-party-poker":
            break
        await t.press("down")
    assert "Fishing Party Poker" in t.flat and "Fishing Party Poker (2-8 players) — coming soon" not in t.flat
    await t.press("enter")
    assert t.kind == "SetupScreen", t.flat
    assert "Starting chips" in t.flat  # the game's own options, below the seats


async def fill_setup(t: Table) -> None:
    """Names, a seed, 10 chips each and a limit of 2 hands, typed into the shell's form."""
    await t.press(*["backspace"] * 8, *"Elena", "tab", "tab")
    await t.press(*["backspace"] * 8, *"Tomás", "tab", "tab")
    await t.press(*["backspace"] * 8, *"Ernesto", "tab", "tab", *"7")
    await t.press("tab", "tab", *["backspace"] * 3, *"10")
    await t.press("tab", "tab", "tab", "tab", "tab", "backspace", "2")
    await t.press("ctrl+s")


async def play_one(t: Table) -> None:
    """One step by keys: the strongest bet allowed, a swap at every swap, Enter elsewhere."""
    kind = t.kind
    if kind == "BetScreen":
        kinds = [a.kind for a in t.screen.legal]
        key = "r" if "raise" in kinds else "b" if "bet" in kinds else "c"
        await t.act(key)
    elif kind == "SwapScreen":
        await t.press("1")  # your first card...
        assert "a community card to take" in t.flat or "take the community card" in t.flat, t.flat
        await t.press("1")  # ...for the community card at place 1
        assert "Your hand would then be:" in t.flat, t.flat
        await t.act("enter")
    else:
        assert kind in {"PrivacyScreen", "TableScreen"}, t.flat
        await t.press("enter")


@pytest.mark.slow
async def test_a_whole_session_from_the_menu(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        t = Table(pilot)
        await open_poker_setup(t)
        await fill_setup(t)
        match = app.flow.match
        assert [s.name for s in match.seats] == ["Elena", "Tomás", "Ernesto"]
        assert [s.bot is None for s in match.seats] == [True, True, False]
        assert match.seed == 7
        assert (match.options.starting_chips, match.options.max_hands) == (10, 2)
        for _ in range(MAX_STEPS):
            if t.kind == "ResultsScreen":
                break
            await play_one(t)
        assert t.kind == "ResultsScreen", t.flat
        kinds = {s.kind for s in t.shots}
        assert {"BetScreen", "SwapScreen", "TableScreen"} <= kinds, kinds
        # The keyboard was passed, each time on the table showing the news (the die rolls and the
        # deal first, then each bet) or on the opaque privacy screen.
        passes = [s for s in t.shots if s.kind == "PrivacyScreen"
                  or (s.kind == "TableScreen" and "only you can see the screen" in " ".join(s.text.split()))]
        assert len(passes) >= 4, kinds
        assert {s.seat for s in t.shots if s.kind == "BetScreen"} == {0, 1}
        view = match.view(None)
        assert sum(p.chips for p in view.seats) == 30  # every chip is behind a player again
        # The standings: chips and hands won, from the shell's result table.
        assert "Final scores" in t.flat and "chips" in t.flat and "hands won" in t.flat, t.flat
        for panel in view.seats:
            assert panel.name in t.flat
        assert app.flow.bot_errors == []
        # The table said whose action it was, in words, on the way.
        assert any("to act:" in " ".join(s.text.split()) for s in t.public())
