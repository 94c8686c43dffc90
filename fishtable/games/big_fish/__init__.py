"""Big Fish: the rules engine behind the game protocol."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fishtable.engine.protocol import Event, Prompt, Result, SeatInfo
from fishtable.games.big_fish import dispatch, sampler, scoring, setup, views
from fishtable.games.big_fish.actions import Action, parse_action
from fishtable.games.big_fish.cards import MAX_PLAYERS, load_card_file
from fishtable.games.big_fish.options import BigFishOptions
from fishtable.games.big_fish.state import BFState
from fishtable.games.big_fish.views import BigFishView


class BigFish:
    name = "big-fish"
    title = "Big Fish"
    min_players = setup.MIN_PLAYERS
    max_players = MAX_PLAYERS

    def __init__(self) -> None:
        # The hot protocol calls go straight to the engine functions: a playout makes
        # them at every step, and a method would add a call around each.
        self.pending = dispatch.pending  # type: ignore[method-assign]
        self.legal_actions = dispatch.legal_actions  # type: ignore[method-assign]
        self.apply = dispatch.apply  # type: ignore[method-assign]

    def options_model(self) -> type[BigFishOptions]:
        return BigFishOptions

    def prepare_options(self, options: BigFishOptions) -> BigFishOptions:
        """Copy the card data in (once), from `card_file` or the shipped file; CardFileError if bad."""
        if options.cards is not None:
            return options
        path = Path(options.card_file).expanduser() if options.card_file else None
        return options.model_copy(update={"cards": load_card_file(path)})

    def new_game(self, options: BigFishOptions, seats: Sequence[SeatInfo], seed: int) -> BFState:
        return setup.new_game(options, seats, seed)

    def opening_events(self, state: BFState) -> list[Event]:
        return setup.opening_lines(state)

    def pending(self, state: BFState) -> dict[int, Prompt]:
        return dispatch.pending(state)

    def legal_actions(self, state: BFState, seat: int) -> list[Action]:
        return dispatch.legal_actions(state, seat)

    def apply(self, state: BFState, seat: int, action: Action) -> tuple[BFState, list[Event]]:
        return dispatch.apply(state, seat, action)

    def view(self, state: BFState, seat: int | None) -> BigFishView:
        return views.build_view(state, seat)

    def result(self, state: BFState) -> Result | None:
        return scoring.result(state)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def state_hash(self, state: BFState) -> str:
        return hashlib.sha256(repr(state.canonical()).encode()).hexdigest()

    # -- for the search bots (SearchableGame) ------------------------------------------------------

    def sample_world(self, view: BigFishView, rng: random.Random) -> BFState:
        """A full state dealt from one seat's view: see sampler.py."""
        return sampler.sample_world(view, rng)

    def evaluate(self, state: BFState, seat: int) -> float:
        """A heuristic value in [0, 1] of a position for a seat: see scoring.evaluate."""
        return scoring.evaluate(state, seat)


GAME = BigFish()
