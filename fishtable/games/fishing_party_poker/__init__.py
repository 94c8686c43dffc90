"""Fishing Party Poker: the rules engine behind the game protocol."""

from __future__ import annotations

from fishtable.engine.card_game import CardGame
from fishtable.engine.digest import state_digest
from fishtable.engine.protocol import Capabilities, Event
from fishtable.games.fishing_party_poker import dispatch, sampler, scoring, setup, views
from fishtable.games.fishing_party_poker.actions import ACTIONS, Action
from fishtable.games.fishing_party_poker.common import event
from fishtable.games.fishing_party_poker.options import PokerOptions
from fishtable.games.fishing_party_poker.state import PokerState
from fishtable.games.fishing_party_poker.views import PokerView


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
    legal_actions = staticmethod(dispatch.legal_actions)
    apply = staticmethod(dispatch.apply)
    view = staticmethod(views.build_view)
    result = staticmethod(scoring.result)
    parse_action = staticmethod(ACTIONS.parse)

    def opening_events(self, state: PokerState) -> list[Event]:
        return [
            event(kind, text, None if seat < 0 else (seat,), news)
            for kind, text, seat, news in state.opening
        ]

    def state_hash(self, state: PokerState) -> str:
        return state_digest(state.canonical())

    # evaluate: the seat's share of the chips once the hand under way is shown down as it stands;
    # rollout_done: a playout may stop once its hand is settled. A session lasts hundreds of
    # decisions: a tournament may score its first hands instead (hands_settled, standings).
    capabilities: Capabilities[PokerState, PokerView, Action] = Capabilities(
        is_action=ACTIONS.is_action,
        first_to_act=dispatch.first_to_act,
        sample_world=sampler.sample_world,
        evaluate=sampler.evaluate,
        rollout_done=sampler.rollout_done,
        hands_settled=scoring.hands_settled,
        standings=scoring.standings,
        round_of=lambda view: view.hand_number,
    )


GAME = FishingPartyPoker()
