"""The shell's list of choices: every choice shows the key that picks it at once."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList

from fishtable.tui.widgets.options import CHOICE_KEYS, LETTERS, ChoiceList


class OneList(App[None]):
    # A command of the screen's own on a letter no choice may take (LETTERS leaves it out).
    BINDINGS: ClassVar[list[BindingType]] = [Binding("r", "ruled", "Rules")]

    def __init__(self) -> None:
        super().__init__()
        self.picked: list[str | None] = []
        self.ruled = 0

    def compose(self) -> ComposeResult:
        yield ChoiceList(id="choices")

    def on_mount(self) -> None:
        choices = self.query_one(ChoiceList)
        choices.set_choices(["Cast a line", "Shuffle", "End the turn"], {1: ("s", "shuffle now"), 2: ("e", "end turn")})
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.picked.append(event.option.id)

    def action_ruled(self) -> None:
        self.ruled += 1


def prompts(choices: ChoiceList) -> list[str]:
    return [str(choices.get_option_at_index(i).prompt) for i in range(choices.option_count)]


async def test_each_choice_shows_its_key_the_games_own_or_the_next_free_letter() -> None:
    app = OneList()
    async with app.run_test():
        choices = app.query_one(ChoiceList)
        assert prompts(choices) == ["a Cast a line", "s Shuffle", "e End the turn"]
        # A letter the game names for one choice is not given to another.
        choices.set_choices(["Call", "Fold", "Raise"], {1: ("a", "fold")})
        assert prompts(choices) == ["c Call", "a Fold", "g Raise"]


async def test_a_key_picks_its_choice_at_once_and_other_keys_go_on_to_the_screen() -> None:
    app = OneList()
    async with app.run_test() as pilot:
        await pilot.press("x", "s")  # x: no choice's key
        await pilot.pause()
        assert app.picked == ["1"]
        await pilot.press("a", "e")
        await pilot.pause()
        assert app.picked == ["1", "0", "2"]
        await pilot.press("r")  # not a choice's key: the app's own binding gets it
        await pilot.pause()
        assert app.ruled == 1 and app.picked == ["1", "0", "2"]


async def test_new_choices_replace_the_keys() -> None:
    app = OneList()
    async with app.run_test() as pilot:
        choices = app.query_one(ChoiceList)
        choices.set_choices(["Pass", "Draw"], {1: ("d", "draw")})
        # A key belongs to its choice: "a" (Cast a line's, just gone) is not handed on at once.
        assert prompts(choices) == ["c Pass", "d Draw"]
        await pilot.press("a", "s", "e", "d")  # the old keys pick nothing now
        await pilot.pause()
        assert app.picked == ["1"]
        assert choices.key_for(0) == "c" and choices.key_for(1) == "d"


async def test_a_long_list_has_keys_past_the_letters() -> None:
    app = OneList()
    async with app.run_test():
        choices = app.query_one(ChoiceList)
        choices.set_choices([f"Choice {n}" for n in range(len(LETTERS) + 2)])
        keys = [choices.key_for(i) for i in range(choices.option_count)]
        # Every choice has a key (the letters, then Shift and the letters), none shared.
        assert None not in keys and len(set(keys)) == len(keys) and set(keys) <= set(CHOICE_KEYS)
