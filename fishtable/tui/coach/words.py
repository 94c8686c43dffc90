"""The coach's lines, in the game's own words (its plug-in's `describe` and `hint_goal`).

- the suggestion: the normal computer player's move for the learner's seat, from the
  learner's own view and legal moves (a one-ply heuristic: milliseconds, not F2's search);
- the consequence: what the learner's own move goes for, when it is not the suggestion;
- a computer's move: its words and its reason, read from the public table only. A move made
  in secret (a private or simultaneous prompt) is told by the public log lines it made, and
  never by the move itself, which names cards from that computer's hidden hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pydantic import BaseModel

from fishtable.bots import get_bot
from fishtable.engine.protocol import TableView
from fishtable.tui.plugin import SomeUI

LINE = 200  # at most this many characters per line (the panel wraps them)


def suggest(game: str, view: TableView, legal: Sequence[BaseModel], rng: random.Random) -> BaseModel | None:
    """The normal computer player's move for the learner's own view, or None with no choice."""
    if not legal:
        return None
    bot = get_bot(game, "normal")
    choice = bot.choose(view if bot.needs_view else None, list(legal), rng)
    return choice if choice in legal else legal[0]


def move_words(ui: SomeUI, action: BaseModel, view: TableView, kind: str) -> tuple[str, str | None]:
    """A move in the game's words, and what it goes for (None: its words say it)."""
    return ui.describe(action, view, kind), ui.hint_goal(action, view)


def try_line(ui: SomeUI, action: BaseModel, view: TableView, kind: str) -> str:
    """"Try: <move> — <why>"."""
    words, goal = move_words(ui, action, view, kind)
    if words.lower().startswith("try"):  # "Try for fish #3": the move's words say "try" already
        return _cut(f"{words}{' — ' + goal if goal else ''}.")
    if goal is None:
        return _cut(f"Try: {words}.")
    if words.split(" ", 1)[0].lower() == goal.split(" ", 1)[0].lower():
        return _cut(f"Try to {goal}.")  # the goal names the move itself ("draw 1 rod(s) … for …")
    return _cut(f"Try: {words} — {goal}.")


def consequence_line(ui: SomeUI, chosen: BaseModel, suggested: BaseModel, view: TableView, kind: str) -> str:
    """One line on a move other than the suggestion: what it does instead; play goes on from it."""
    words, goal = move_words(ui, chosen, view, kind)
    instead, _ = move_words(ui, suggested, view, kind)
    does = f": it goes for {goal}" if goal else ""
    return _cut(f"You chose {words}{does}, instead of {instead}. Fine — play on from here.")


def computer_line(ui: SomeUI, name: str, action: BaseModel, kind: str, secret: bool,
                  public_view: TableView, public_news: Sequence[str]) -> str:
    """One line on a computer seat's move, from what the public table shows (`public_view`, as it
    stood before the move, and the public log lines the move made)."""
    if secret:
        said = " ".join(line.rstrip(".") + "." for line in public_news)
        return _cut(said or f"{name} decided in secret: nothing of it shows until the reveal.")
    words, goal = move_words(ui, action, public_view, kind)
    return _cut(f"{name}: {words}{' — why: ' + goal if goal else ''}.")


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= LINE else text[: LINE - 1] + "…"
