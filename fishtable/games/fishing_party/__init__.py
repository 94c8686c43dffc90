"""Fishing Party: the rules engine behind the game protocol."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fishtable.engine.protocol import Event, Prompt, Result, SeatInfo
from fishtable.games.fishing_party import dispatch, playouts, sampler, scoring, setup, views
from fishtable.games.fishing_party.actions import Action, TimeUp, parse_action
from fishtable.games.fishing_party.cards import MAX_PLAYERS, MIN_PLAYERS, load_card_file
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.state import FPState
from fishtable.games.fishing_party.views import FishingPartyView


class FishingParty:
    name = "fishing-party"
    title = "Fishing Party"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def options_model(self) -> type[FishingPartyOptions]:
        return FishingPartyOptions

    def prepare_options(self, options: FishingPartyOptions) -> FishingPartyOptions:
        """Copy the card data in (once), from `card_file` or the shipped file; CardFileError if bad."""
        if options.cards is not None:
            return options
        path = Path(options.card_file).expanduser() if options.card_file else None
        return options.model_copy(update={"cards": load_card_file(path)})

    def time_limit_seconds(self, options: FishingPartyOptions) -> float | None:
        """The agreed time limit (FP-END-2); the app keeps the clock and applies `time_up_action`."""
        return None if options.time_limit_minutes is None else options.time_limit_minutes * 60.0

    def time_up_action(self) -> TimeUp:
        return TimeUp()

    def new_game(self, options: FishingPartyOptions, seats: Sequence[SeatInfo], seed: int) -> FPState:
        return setup.new_game(options, seats, seed)

    def opening_events(self, state: FPState) -> list[Event]:
        return setup.opening_lines(state)

    def pending(self, state: FPState) -> dict[int, Prompt]:
        return dispatch.pending(state)

    def legal_actions(self, state: FPState, seat: int) -> list[Action]:
        return dispatch.legal_actions(state, seat)

    def apply(self, state: FPState, seat: int, action: Action) -> tuple[FPState, list[Event]]:
        return dispatch.apply(state, seat, action)

    def view(self, state: FPState, seat: int | None) -> FishingPartyView:
        return views.build_view(state, seat)

    def result(self, state: FPState) -> Result | None:
        return scoring.result(state)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def state_hash(self, state: FPState) -> str:
        return hashlib.sha256(repr(state.canonical()).encode()).hexdigest()

    # -- For the search bots (SearchableGame) ----------------------------------------------------

    def sample_world(self, view: FishingPartyView, rng: random.Random) -> FPState:
        """A full state as `view.seat` may imagine it: every card hidden from it dealt at random."""
        return sampler.sample_world(view, rng)

    def evaluate(self, state: FPState, seat: int) -> float:
        """A heuristic chance in [0, 1] that `seat` wins from here (kinds in the pond, points, readiness)."""
        return playouts.evaluate(state, seat)

    def rollout_action(self, state: FPState, seat: int, rng: random.Random) -> Action:
        """A cheap, sensible playout move (the greedy bot's choice, read off a sampled world)."""
        return playouts.rollout_action(state, seat, rng)


GAME = FishingParty()
