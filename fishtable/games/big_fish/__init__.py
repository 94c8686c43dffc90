"""Big Fish: the rules engine behind the game protocol."""

from __future__ import annotations

from fishtable.engine.card_game import CardGame
from fishtable.engine.digest import state_digest
from fishtable.engine.protocol import Capabilities
from fishtable.games.big_fish import dispatch, sampler, scoring, setup, views
from fishtable.games.big_fish.actions import Action, parse_action
from fishtable.games.big_fish.cards import MAX_PLAYERS
from fishtable.games.big_fish.options import BigFishOptions
from fishtable.games.big_fish.state import BFState
from fishtable.games.big_fish.views import BigFishView


class BigFish(CardGame[BigFishOptions]):
    name = "big-fish"
    title = "Big Fish"
    min_players = setup.MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = BigFishOptions
    read_cards = staticmethod(setup.card_data)

    # The protocol, played by the modules that keep the rules (no forwarding methods:
    # a playout calls these at every step).
    new_game = staticmethod(setup.new_game)
    opening_events = staticmethod(setup.opening_lines)
    pending = staticmethod(dispatch.pending)
    legal_actions = staticmethod(dispatch.legal_actions)
    apply = staticmethod(dispatch.apply)
    view = staticmethod(views.build_view)
    result = staticmethod(scoring.result)
    parse_action = staticmethod(parse_action)

    def state_hash(self, state: BFState) -> str:
        return state_digest(state.canonical())

    capabilities: Capabilities[BFState, BigFishView, Action] = Capabilities(
        first_to_act=dispatch.first_to_act,
        sample_world=sampler.sample_world,
        evaluate=scoring.evaluate,
        round_of=lambda view: view.round,
    )


GAME = BigFish()
