"""Fishing Party Poker: the rules engine behind the game protocol."""

from __future__ import annotations

from fishtable.engine.card_game import CardGame
from fishtable.engine.digest import state_digest
from fishtable.engine.protocol import Event
from fishtable.games.fishing_party_poker import dispatch, sampler, scoring, setup, views
from fishtable.games.fishing_party_poker.actions import ACTIONS
from fishtable.games.fishing_party_poker.common import event
from fishtable.games.fishing_party_poker.options import PokerOptions
from fishtable.games.fishing_party_poker.state import PokerState


class FishingPartyPoker(CardGame[PokerOptions]):
    name = "fishing-party-poker"
    title = "Fishing Party Poker"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options = PokerOptions
    read_cards = staticmethod(setup.card_data)

    # The protocol, played by the modules that keep the rules (no forwarding methods:
    # a playout calls these a hundred thousand times a second).
    new_game = staticmethod(setup.new_game)
    pending = staticmethod(dispatch.pending)
    first_to_act = staticmethod(dispatch.first_to_act)  # pending's first seat, without its prompts
    legal_actions = staticmethod(dispatch.legal_actions)
    apply = staticmethod(dispatch.apply)
    view = staticmethod(views.build_view)
    result = staticmethod(scoring.result)
    # A session lasts hundreds of decisions: a tournament may score its first hands instead.
    hands_settled = staticmethod(scoring.hands_settled)
    standings = staticmethod(scoring.standings)
    parse_action = staticmethod(ACTIONS.parse)
    is_action = staticmethod(ACTIONS.is_action)

    def opening_events(self, state: PokerState) -> list[Event]:
        return [
            event(kind, text, None if seat < 0 else (seat,), news)
            for kind, text, seat, news in state.opening
        ]

    def state_hash(self, state: PokerState) -> str:
        return state_digest(state.canonical())

    # -- for the search bots (SearchableGame): a world dealt from one seat's view (sampler.py),
    # the seat's share of the chips once the hand under way is shown down as it stands, in
    # [0, 1], and a playout from `start` may stop once its hand is settled.
    sample_world = staticmethod(sampler.sample_world)
    evaluate = staticmethod(sampler.evaluate)
    rollout_done = staticmethod(sampler.rollout_done)


GAME = FishingPartyPoker()
