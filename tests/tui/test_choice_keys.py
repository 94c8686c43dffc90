"""Keys that belong to the choice, not its place (issue 40, item 4).

A choice keeps its key while the list changes around it (another choice taken, new ones
added); no two choices on screen share a key; a key freed by a taken choice is not handed
at once to another one (so `a` pressed twice never takes two different cards); every
choice has a key or the list says how to reach it; two choices in the same words are
offered once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fishtable.games.fishing_party.state import NONE
from fishtable.tui.app import FishtableApp
from fishtable.tui.widgets.options import CHOICE_KEYS, NO_KEY_HINT, ChoiceList, KeyBook, choice_keys, key_label
from tests.games.fishing_party.builder import Builder

from .big_fish.driver import fast_forward
from .big_fish.driver import make_match as big_fish_match
from .fishing_party.helpers import Driver, match_of
from .helpers import settle, until
from .screen_text import screen_text

# -- the key book, alone ---------------------------------------------------------------------


def test_a_choice_keeps_its_key_when_another_is_taken_and_a_freed_key_waits() -> None:
    book = KeyBook()
    first = book.assign(["trout", "perch", "pike", "deck"], {3: "d"})
    assert first[3] == "d" and len(set(first)) == 4
    # The perch is taken; a new card (a carp) comes into the row.
    second = book.assign(["trout", "pike", "carp", "deck"], {3: "d"})
    assert second[0] == first[0] and second[1] == first[2] and second[3] == "d"
    assert second[2] != first[1], "the perch's key went at once to the carp: pressed twice, it takes two cards"
    assert len(set(second)) == 4


def test_past_the_letters_shift_letters_then_the_list_says_how_to_reach_the_rest() -> None:
    keys = choice_keys(30, {}, [f"choice {n}" for n in range(30)], KeyBook())
    given = [k for k in keys if k is not None]
    assert len(given) == len(CHOICE_KEYS) == len(set(given))
    assert key_label("shift+a") == "A"
    choices = ChoiceList()
    choices.set_choices([f"choice {n}" for n in range(30)])
    assert len(choices.keys) == len(CHOICE_KEYS)
    last = choices.get_option_at_index(choices.option_count - 1)
    assert last.disabled and NO_KEY_HINT in str(last.prompt)


def test_two_choices_in_the_same_words_are_offered_once() -> None:
    choices = ChoiceList()
    choices.set_choices(["1st fish: ∞ bait   2nd fish: ∞ bait", "1st fish: ∞ bait   2nd fish: ∞ bait", "Keep"])
    assert choices.option_count == 2
    assert sorted(choices.keys.values()) == [0, 2]


# -- Big Fish: the Draw step ------------------------------------------------------------------


def listed_keys(screen: Any) -> dict[str, str]:
    """A choice's words -> its key, on a screen with the shell's choice list."""
    choices = screen.query_one(ChoiceList)
    return {screen.ui.describe(screen.legal[i], screen.view, screen.decision.kind): key
            for key, i in choices.keys.items()}


def two_draws(match: Any) -> bool:
    """A person's Draw step with more cards to draw after this one."""
    pending = match.pending()
    seat = min(pending)
    if pending[seat].kind != "draw" or len(match.legal_actions(seat)) < 4:
        return False
    after, _ = match.game.apply(match._state, seat, match.legal_actions(seat)[0])
    nxt = match.game.pending(after)
    return seat in nxt and nxt[seat].kind == "draw"


async def test_big_fish_draw_choices_keep_their_keys(tmp_path: Path) -> None:
    match = fast_forward(big_fish_match(seed=7, humans=3, players=3), two_draws, seed=1)
    seat = min(match.pending())
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(4):
            await settle(pilot)
            if type(app.screen).__name__ == "BigFishDecisionScreen":
                break
            await pilot.press("enter")
        screen = app.screen
        assert type(screen).__name__ == "BigFishDecisionScreen" and screen.seat == seat
        before = listed_keys(screen)
        assert len(set(before.values())) == len(before)
        # Take the first face-up card by its key.
        taken = next(words for words in before if words.startswith("Take "))
        key = before[taken]
        steps = match.step_count
        await pilot.press(key)
        assert await until(pilot, lambda: match.step_count == steps + 1 and app.screen is not screen)
        await settle(pilot)
        after_screen = app.screen
        assert type(after_screen).__name__ == "BigFishDecisionScreen" and after_screen.decision.kind == "draw"
        after = listed_keys(after_screen)
        assert len(set(after.values())) == len(after)
        kept = {words: k for words, k in before.items() if words in after and words != taken}
        assert kept, (before, after)
        for words, k in kept.items():
            assert after[words] == k, f"{words!r} was {k}, is now {after[words]}"
        if taken not in after:  # the card is gone: its key names no other card yet
            assert key not in after.values(), after
        text = screen_text(app)
        for words, k in after.items():
            assert f"{key_label(k)} {words[:20]}" in " ".join(text.split()) or k == "d", (k, words)


# -- Fishing Party: the turn list --------------------------------------------------------------


def turn_keys(screen: Any) -> dict[str, str]:
    """A line's words -> its letter, on Fishing Party's turn screen."""
    return {screen.entries[i].text: letter for letter, i in screen.letters.items()}


async def test_fishing_party_turn_choices_keep_their_keys_after_a_free_action(tmp_path: Path) -> None:
    """Ben's "c Put on the M. Lure" became "a" after he laid the GPS: the lure lines keep theirs."""
    b = Builder()
    jig, wobbler, magic = b.cards_of("Jig:3/5", "Wobbler:2/4", "Magic")
    gps, glove = b.cards_of("gps", "glove")
    fish = b.cards_of("Brook:2", "Rainbow:4", "Walleye:6")
    state = b.state([[gps, glove, wobbler, magic, *fish], b.cards_of(*(f"Pike:{w}" for w in range(5, 12)))],
                    lures=[jig, NONE])
    match = match_of(state)
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        t = Driver(pilot)
        await t.look()
        await t.unlock("Ann")
        screen = app.screen
        assert type(screen).__name__ == "TurnScreen"
        before = turn_keys(screen)
        assert len(set(before.values())) == len(before)
        gps_line = next(words for words in before if "GPS" in words)
        steps = match.step_count
        await pilot.press(before[gps_line])
        assert await until(pilot, lambda: match.step_count == steps + 1)
        await settle(pilot)
        assert type(app.screen).__name__ == "TurnScreen" and app.screen.seat == screen.seat
        after = turn_keys(app.screen)
        assert gps_line not in after
        kept = {words: k for words, k in before.items() if words in after}
        assert any("Swap to" in words for words in kept), (before, after)
        for words, k in kept.items():
            assert after[words] == k, f"{words!r} was {k}, is now {after[words]}"
        assert before[gps_line] not in after.values(), "the GPS's key went at once to another line"
