"""Crazy Fishing: the rules engine behind the game protocol."""

from __future__ import annotations

from fishtable.engine.card_game import CardGame
from fishtable.engine.digest import state_digest
from fishtable.engine.protocol import Capabilities, Event
from fishtable.games.crazy_fishing import dispatch, sampler, scoring, setup, views
from fishtable.games.crazy_fishing.actions import ACTIONS, Action
from fishtable.games.crazy_fishing.common import event
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from fishtable.games.crazy_fishing.state import CFState
from fishtable.games.crazy_fishing.views import CrazyFishingView


class CrazyFishing(CardGame[CrazyFishingOptions]):
    name = "crazy-fishing"
    title = "Crazy Fishing"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options = CrazyFishingOptions
    read_cards = staticmethod(setup.card_file_for)  # CardFileError naming the file, the card and the field

    def opening_events(self, state: CFState) -> list[Event]:
        return [
            event("setup", f"The sea holds {len(state.sea)} fish. Everyone is dealt 3 rods and 3 baits."),
            event("round", "Round 1 begins: everyone casts in secret."),
        ]

    # The protocol, played by the modules that keep the rules (no forwarding methods:
    # a playout calls these at every step).
    new_game = staticmethod(setup.new_game)
    pending = staticmethod(dispatch.pending)
    legal_actions = staticmethod(dispatch.legal_actions)
    apply = staticmethod(dispatch.apply)
    view = staticmethod(views.build_view)
    result = staticmethod(scoring.result)
    parse_action = staticmethod(ACTIONS.parse)

    def state_hash(self, state: CFState) -> str:
        return state_digest(state.canonical())

    # rollout: random legal moves to the end (or `max_steps`), as `simulate` with random bots
    # sharing `rng` would play them (see dispatch); rollout_done: a playout has played out the
    # round it began in; sample_world: every card hidden from `view.seat` dealt at random among
    # the places it could be (see sampler.py).
    capabilities: Capabilities[CFState, CrazyFishingView, Action] = Capabilities(
        is_action=ACTIONS.is_action,
        legacy_state_hash=lambda state, version: (
            state_digest(state.canonical_v1()) if version == 1 else None  # a version-1 save's hash
        ),
        first_to_act=dispatch.first_to_act,
        random_action=dispatch.random_action,
        rollout=dispatch.rollout,
        sample_world=sampler.sample_world,
        evaluate=scoring.evaluate,
        rollout_done=scoring.round_played,
        round_of=lambda view: view.round,
    )


GAME = CrazyFishing()
