"""Fishing Party Poker: the rules engine behind the game protocol."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from fishtable.engine.protocol import Event, Prompt, Result, SeatInfo
from fishtable.games.fishing_party_poker import dispatch, sampler, scoring, setup, views
from fishtable.games.fishing_party_poker.actions import Action, parse_action
from fishtable.games.fishing_party_poker.cards import load_card_file
from fishtable.games.fishing_party_poker.common import event
from fishtable.games.fishing_party_poker.options import PokerOptions
from fishtable.games.fishing_party_poker.state import PokerState
from fishtable.games.fishing_party_poker.views import PokerView


class FishingPartyPoker:
    name = "fishing-party-poker"
    title = "Fishing Party Poker"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS

    def options_model(self) -> type[PokerOptions]:
        return PokerOptions

    def prepare_options(self, options: PokerOptions) -> PokerOptions:
        """Read the card file the options name (or the shipped one) into the options (once)."""
        if options.cards is not None:
            return options
        return options.model_copy(update={"cards": load_card_file(options.card_file)})

    def new_game(self, options: PokerOptions, seats: Sequence[SeatInfo], seed: int) -> PokerState:
        return setup.new_game(options, seats, seed)

    def opening_events(self, state: PokerState) -> list[Event]:
        return [
            event(kind, text, None if seat < 0 else (seat,), news)
            for kind, text, seat, news in state.opening
        ]

    def pending(self, state: PokerState) -> dict[int, Prompt]:
        return dispatch.pending(state)

    def legal_actions(self, state: PokerState, seat: int) -> list[Action]:
        return dispatch.legal_actions(state, seat)

    def apply(self, state: PokerState, seat: int, action: Action) -> tuple[PokerState, list[Event]]:
        return dispatch.apply(state, seat, action)

    def view(self, state: PokerState, seat: int | None) -> PokerView:
        return views.build_view(state, seat)

    def result(self, state: PokerState) -> Result | None:
        return scoring.result(state)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def state_hash(self, state: PokerState) -> str:
        return hashlib.sha256(repr(state.canonical()).encode()).hexdigest()

    # -- for the search bots (SearchableGame) ------------------------------------------------------

    def sample_world(self, view: PokerView, rng: random.Random) -> PokerState:
        """A full state dealt from one seat's view: see sampler.py."""
        return sampler.sample_world(view, rng)

    def evaluate(self, state: PokerState, seat: int) -> float:
        """The seat's share of the chips once the hand under way is shown down as it stands, in [0, 1]."""
        return sampler.evaluate(state, seat)

    def rollout_done(self, start: PokerState, state: PokerState) -> bool:
        """A playout from `start` may stop at `state` (its hand is settled) and be scored by `evaluate`."""
        return sampler.rollout_done(start, state)


GAME = FishingPartyPoker()
