"""Crazy Fishing: the rules engine behind the game protocol."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from fishtable.engine.protocol import Event, Prompt, Result, SeatInfo
from fishtable.games.crazy_fishing import dispatch, sampler, scoring, setup, views
from fishtable.games.crazy_fishing.actions import ACTION_TYPES, Action, parse_action
from fishtable.games.crazy_fishing.common import event
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from fishtable.games.crazy_fishing.state import CFState
from fishtable.games.crazy_fishing.views import CrazyFishingView


class CrazyFishing:
    name = "crazy-fishing"
    title = "Crazy Fishing"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS

    def __init__(self) -> None:
        # The hot protocol calls go straight to the engine functions: a playout makes
        # them at every step, and a method would add a call around each.
        self.pending = dispatch.pending  # type: ignore[method-assign]
        self.legal_actions = dispatch.legal_actions  # type: ignore[method-assign]
        self.apply = dispatch.apply  # type: ignore[method-assign]

    def options_model(self) -> type[CrazyFishingOptions]:
        return CrazyFishingOptions

    def prepare_options(self, options: CrazyFishingOptions) -> CrazyFishingOptions:
        """The options with the card data copied in (from `card_file`, or the shipped file).

        Raises CardFileError naming the file, the card and the field.
        """
        if options.cards is not None:
            return options
        return options.model_copy(update={"cards": setup.card_file_for(options)})

    def new_game(
        self, options: CrazyFishingOptions, seats: Sequence[SeatInfo], seed: int
    ) -> CFState:
        return setup.new_game(options, seats, seed)

    def opening_events(self, state: CFState) -> list[Event]:
        return [
            event("setup", f"The sea holds {len(state.sea)} fish. Everyone is dealt 3 rods and 3 baits."),
            event("round", "Round 1 begins: everyone casts in secret."),
        ]

    def pending(self, state: CFState) -> dict[int, Prompt]:
        return dispatch.pending(state)

    def legal_actions(self, state: CFState, seat: int) -> list[Action]:
        return dispatch.legal_actions(state, seat)

    def apply(self, state: CFState, seat: int, action: Action) -> tuple[CFState, list[Event]]:
        return dispatch.apply(state, seat, action)

    def view(self, state: CFState, seat: int | None) -> CrazyFishingView:
        return views.build_view(state, seat)

    def random_action(self, state: CFState, seat: int, rng: random.Random) -> Action:
        """`legal_actions(state, seat)[int(rng.random() * n)]`, the only action built (see dispatch)."""
        return dispatch.random_action(state, seat, rng)

    def rollout(self, state: CFState, rng: random.Random, max_steps: int | None = None) -> tuple[CFState, int]:
        """Random legal moves to the end (or `max_steps`), as `simulate` with random bots
        sharing `rng` would play them, without actions, prompts or logs: (state, steps)."""
        return dispatch.rollout(state, rng, max_steps)

    def evaluate(self, state: CFState, seat: int) -> float:
        """A heuristic value in [0, 1] of a position for `seat` (see scoring.evaluate)."""
        return scoring.evaluate(state, seat)

    def sample_world(self, view: CrazyFishingView, rng: random.Random) -> CFState:
        """A full state as `view.seat` may imagine it: every card hidden from it dealt at
        random among the places it could be (see sampler.py). Its view equals `view`."""
        return sampler.sample_world(view, rng)

    def result(self, state: CFState) -> Result | None:
        return scoring.result(state)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def is_action(self, action: Any) -> bool:
        """Is this an action object of this game (any kind, legal now or not)?"""
        return isinstance(action, ACTION_TYPES)

    def state_hash(self, state: CFState) -> str:
        return hashlib.sha256(repr(state.canonical()).encode()).hexdigest()

    def legacy_state_hash(self, state: CFState, version: int) -> str | None:
        """The hash a version-1 save recorded: the state without the fields added since."""
        if version == 1:
            return hashlib.sha256(repr(state.canonical_v1()).encode()).hexdigest()
        return None


GAME = CrazyFishing()
