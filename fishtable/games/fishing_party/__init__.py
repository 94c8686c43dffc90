"""Fishing Party: the rules engine behind the game protocol."""

from __future__ import annotations

from fishtable.engine.card_game import CardGame
from fishtable.engine.digest import state_digest
from fishtable.games.fishing_party import dispatch, playouts, sampler, scoring, setup, views
from fishtable.games.fishing_party.actions import ACTIONS, TimeUp
from fishtable.games.fishing_party.cards import MAX_PLAYERS, MIN_PLAYERS
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.state import FPState


class FishingParty(CardGame[FishingPartyOptions]):
    name = "fishing-party"
    title = "Fishing Party"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = FishingPartyOptions
    read_cards = staticmethod(setup.card_data)

    def time_limit_seconds(self, options: FishingPartyOptions) -> float | None:
        """The agreed time limit (FP-END-2); the app keeps the clock and applies `time_up_action`."""
        return None if options.time_limit_minutes is None else options.time_limit_minutes * 60.0

    def time_up_action(self) -> TimeUp:
        return TimeUp()

    # The protocol, played by the modules that keep the rules (no forwarding methods:
    # a playout calls these a hundred thousand times a second).
    new_game = staticmethod(setup.new_game)
    opening_events = staticmethod(setup.opening_lines)
    pending = staticmethod(dispatch.pending)
    first_to_act = staticmethod(dispatch.first_to_act)  # pending's first seat, without its prompts
    legal_actions = staticmethod(dispatch.legal_actions)
    apply = staticmethod(dispatch.apply)
    view = staticmethod(views.build_view)
    result = staticmethod(scoring.result)
    parse_action = staticmethod(ACTIONS.parse)
    is_action = staticmethod(ACTIONS.is_action)

    def state_hash(self, state: FPState) -> str:
        return state_digest(state.canonical())

    # -- for the search bots (SearchableGame): a full state as `view.seat` may imagine it (every
    # card hidden from it dealt at random), a heuristic chance in [0, 1] that a seat wins from here
    # (kinds in the pond, points, readiness), and a cheap, sensible playout move (the greedy bot's
    # choice, read off a sampled world).
    sample_world = staticmethod(sampler.sample_world)
    evaluate = staticmethod(playouts.evaluate)
    rollout_action = staticmethod(playouts.rollout_action)


GAME = FishingParty()
