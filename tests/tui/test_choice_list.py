"""The shell's list of choices: letter keys pick choices, and the list names its keys itself."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from fishtable.tui.widgets.options import ChoiceList


class OneList(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.picked: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield ChoiceList(id="choices")

    def on_mount(self) -> None:
        choices = self.query_one(ChoiceList)
        choices.set_choices(["Cast a line", "Shuffle", "End the turn"], {1: ("s", "shuffle now"), 2: ("e", "end turn")})
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.picked.append(event.option.id)


async def test_a_letter_key_picks_its_choice_and_others_do_not() -> None:
    app = OneList()
    async with app.run_test() as pilot:
        await pilot.press("x", "s")
        await pilot.pause()
        assert app.picked == ["1"]
        await pilot.press("e")
        await pilot.pause()
        assert app.picked == ["1", "2"]


async def test_the_keys_are_named_in_a_line_the_cursor_skips() -> None:
    app = OneList()
    async with app.run_test() as pilot:
        choices = app.query_one(ChoiceList)
        last = choices.get_option_at_index(choices.option_count - 1)
        assert last.disabled and str(last.prompt) == "s shuffle now · e end turn"
        await pilot.press("up", "enter")  # from the first choice up and round to the last
        await pilot.pause()
        assert app.picked == ["2"]  # the last real choice, not the line naming the keys


async def test_new_choices_replace_the_keys() -> None:
    app = OneList()
    async with app.run_test() as pilot:
        choices = app.query_one(ChoiceList)
        choices.set_choices(["Pass", "Draw"], {1: ("d", "draw")})
        await pilot.press("s", "d")
        await pilot.pause()
        assert app.picked == ["1"]
        choices.set_choices(["Pass"])
        assert choices.option_count == 1  # no keys, no line naming them


async def test_keys_a_label_begins_with_are_not_named_again() -> None:
    app = OneList()
    async with app.run_test() as pilot:
        choices = app.query_one(ChoiceList)
        choices.set_choices(["c  Check", "b  Bet 4", "Fold"], {0: ("c", "check"), 1: ("b", "bet"), 2: ("f", "fold")})
        last = choices.get_option_at_index(choices.option_count - 1)
        assert last.disabled and str(last.prompt) == "f fold"
        choices.set_choices(["c  Check", "b  Bet 4"], {0: ("c", "check"), 1: ("b", "bet")})
        assert choices.option_count == 2
        await pilot.press("b")
        await pilot.pause()
        assert app.picked == ["1"]
