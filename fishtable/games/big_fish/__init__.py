"""Big Fish: the rules engine behind the game protocol."""

from __future__ import annotations

from fishtable.engine.card_game import CardGame
from fishtable.engine.digest import state_digest
from fishtable.games.big_fish import dispatch, sampler, scoring, setup, views
from fishtable.games.big_fish.actions import parse_action
from fishtable.games.big_fish.cards import MAX_PLAYERS
from fishtable.games.big_fish.options import BigFishOptions
from fishtable.games.big_fish.state import BFState


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
    first_to_act = staticmethod(dispatch.first_to_act)  # pending's first seat, without its prompts
    legal_actions = staticmethod(dispatch.legal_actions)
    apply = staticmethod(dispatch.apply)
    view = staticmethod(views.build_view)
    result = staticmethod(scoring.result)
    parse_action = staticmethod(parse_action)

    def state_hash(self, state: BFState) -> str:
        return state_digest(state.canonical())

    # -- for the search bots (SearchableGame): a full state dealt from one seat's view (see
    # sampler.py), and a heuristic value in [0, 1] of a position for a seat (scoring.evaluate).
    sample_world = staticmethod(sampler.sample_world)
    evaluate = staticmethod(scoring.evaluate)


GAME = BigFish()
