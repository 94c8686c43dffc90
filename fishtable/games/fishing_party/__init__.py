"""Fishing Party: the rules engine behind the game protocol."""

from __future__ import annotations

from fishtable.engine.card_game import CardGame
from fishtable.engine.digest import state_digest
from fishtable.engine.protocol import Capabilities, TimeLimit
from fishtable.games.fishing_party import dispatch, playouts, sampler, scoring, setup, views
from fishtable.games.fishing_party.actions import ACTIONS, Action, TimeUp
from fishtable.games.fishing_party.cards import MAX_PLAYERS, MIN_PLAYERS
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.state import FPState
from fishtable.games.fishing_party.views import FishingPartyView


class FishingParty(CardGame[FishingPartyOptions]):
    name = "fishing-party"
    title = "Fishing Party"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = FishingPartyOptions
    read_cards = staticmethod(setup.card_data)

    # The protocol, played by the modules that keep the rules (no forwarding methods:
    # a playout calls these a hundred thousand times a second).
    new_game = staticmethod(setup.new_game)
    opening_events = staticmethod(setup.opening_lines)
    pending = staticmethod(dispatch.pending)
    legal_actions = staticmethod(dispatch.legal_actions)
    apply = staticmethod(dispatch.apply)
    view = staticmethod(views.build_view)
    result = staticmethod(scoring.result)
    parse_action = staticmethod(ACTIONS.parse)

    def state_hash(self, state: FPState) -> str:
        return state_digest(state.canonical())

    # evaluate: kinds in the pond, points, readiness; rollout_action: the greedy bot's choice, read
    # off a sampled world. The agreed time limit (FP-END-2): the app keeps the clock.
    capabilities: Capabilities[FPState, FishingPartyView, Action] = Capabilities(
        is_action=ACTIONS.is_action,
        first_to_act=dispatch.first_to_act,
        sample_world=sampler.sample_world,
        evaluate=playouts.evaluate,
        rollout_action=playouts.rollout_action,
        round_of=lambda view: view.turn,  # whose turn: each turn is a chapter of the replay
        time_limit=TimeLimit(
            seconds=lambda options: None if options.time_limit_minutes is None else options.time_limit_minutes * 60.0,
            up_action=TimeUp(),
            is_up=lambda view: bool(view.time_up),
        ),
    )


GAME = FishingParty()
