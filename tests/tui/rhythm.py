"""Playing a match through the planner alone (no screen), for the planner's tests.

`Table` keeps the match and the marks, takes the planner's next step, and
answers it the way the Textual driver would: a pass screen is dismissed, a
decision gets a legal action, a public question is claimed or let go.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry, load_game
from fishtable.tui import planner
from fishtable.tui.planner import Marks, Step
from tests import tinygame

GAME_IDS = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker", tinygame.NAME)
NAMES = ("Ana", "Ben", "Caro", "Dan")


def table_for(game_id: str, seed: int = 1, bots: tuple[str | None, ...] = (None, None, None),
              **kw: Any) -> Table:
    """A Table for a new match, with the game's plug-in's kinds of news."""
    return Table(new_match(game_id, seed, bots), hold=hold_kinds(game_id), rounds=round_kinds(game_id),
                 secrets=private_hold_kinds(game_id), **kw)


def new_match(game_id: str, seed: int = 1, bots: tuple[str | None, ...] = (None, None, None)) -> Match:
    if game_id == tinygame.NAME:
        tinygame.install()
    game = load_game(game_id)
    options = game.prepare_options(game.options_model()())
    seats = [SeatInfo(name=NAMES[n], bot=b) for n, b in enumerate(bots)]
    return Match.start(game, options, seats, seed)


def hold_kinds(game_id: str) -> frozenset[str]:
    return get_entry(game_id).load_ui().hold_kinds


def round_kinds(game_id: str) -> frozenset[str]:
    return get_entry(game_id).load_ui().round_kinds


def private_hold_kinds(game_id: str) -> frozenset[str]:
    return get_entry(game_id).load_ui().private_hold_kinds


Chooser = Callable[[Match, int, random.Random], Any]


def random_choice(match: Match, seat: int, rng: random.Random) -> Any:
    return rng.choice(match.legal_actions(seat))


@dataclass
class Table:
    match: Match
    hold: frozenset[str] = frozenset()
    rounds: frozenset[str] = frozenset()
    secrets: frozenset[str] = frozenset()  # the plug-in's private_hold_kinds
    marks: Marks = field(default_factory=Marks)
    steps: list[Step] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(5))
    choose: Chooser = random_choice
    # The seats at this keyboard (None: every person's, the hot seat); the others play elsewhere.
    here: frozenset[int] | None = None

    def next(self) -> Step:
        return planner.plan(self.match, self.marks, self.hold, self.rounds, here=self.here, private_kinds=self.secrets)

    def elsewhere(self, seat: int) -> None:
        """A seat at another keyboard acts, whenever it likes (a remote seat, the host's computer)."""
        self.match.apply(seat, self.choose(self.match, seat, self.rng))
        self.marks = planner.elsewhere_acted(self.marks)

    def take(self, step: Step | None = None, claim: int | None = None, action: Any = None) -> Step:
        """Answer the next step (or `step`, which must be it): a claim or an action may be given."""
        planned = self.next()
        assert step is None or step == planned, (step, planned)
        step = planned
        self.steps.append(step)
        match = self.match
        if isinstance(step, planner.AskTable):
            self.marks = planner.shown(step, self.marks, match)
            if claim is None:
                for seat in step.seats:  # nobody: every person's "no"
                    match.apply(seat, match.legal_actions(seat)[0])
            else:
                self.marks = planner.claimed(self.marks, claim)
            return step
        if isinstance(step, (planner.PrivatePrompt, planner.PublicPrompt, planner.ComputerMove)):
            self.marks = planner.shown(step, self.marks, match)
            chosen = action if action is not None else self.choose(match, step.seat, self.rng)
            match.apply(step.seat, chosen)
            self.marks = planner.acted(self.marks, step.seat)
            return step
        if isinstance(step, planner.AutoAnswer):
            match.apply(step.seat, step.action)
            self.marks = planner.acted(self.marks, step.seat)
            return step
        if isinstance(step, planner.Elsewhere):
            self.marks = planner.shown(step, self.marks, match)
            self.elsewhere(step.seats[0])
            return step
        self.marks = planner.shown(step, self.marks, match)
        return step

    def until(self, stop: Callable[[Table], bool], limit: int = 3000) -> Step:
        """Take steps until `stop(table)` holds before a step; returns that next step."""
        for _ in range(limit):
            if stop(self):
                return self.next()
            if isinstance(self.next(), (planner.Results, planner.Wait)):
                break
            self.take()
        raise AssertionError("the condition never held")
