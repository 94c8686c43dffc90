"""Crazy Fishing: the rules engine behind the game protocol."""

from __future__ import annotations

from fishtable.engine.card_game import CardGame
from fishtable.engine.digest import state_digest
from fishtable.engine.protocol import Event
from fishtable.games.crazy_fishing import dispatch, sampler, scoring, setup, views
from fishtable.games.crazy_fishing.actions import ACTIONS
from fishtable.games.crazy_fishing.common import event
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from fishtable.games.crazy_fishing.state import CFState


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
    first_to_act = staticmethod(dispatch.first_to_act)  # pending's first seat, without its prompts
    legal_actions = staticmethod(dispatch.legal_actions)
    apply = staticmethod(dispatch.apply)
    view = staticmethod(views.build_view)
    result = staticmethod(scoring.result)
    parse_action = staticmethod(ACTIONS.parse)
    is_action = staticmethod(ACTIONS.is_action)  # an action object of this game (any kind, legal now or not)

    def state_hash(self, state: CFState) -> str:
        return state_digest(state.canonical())

    def legacy_state_hash(self, state: CFState, version: int) -> str | None:
        """The hash a version-1 save recorded: the state without the fields added since."""
        return state_digest(state.canonical_v1()) if version == 1 else None

    # -- for the bots and the search (SearchableGame) ----------------------------------------------
    # random_action: `legal_actions(state, seat)[int(rng.random() * n)]`, the only action built;
    # rollout: random legal moves to the end (or `max_steps`), as `simulate` with random bots
    # sharing `rng` would play them, without actions, prompts or logs: (state, steps) (see dispatch);
    # evaluate: a heuristic value in [0, 1] of a position for a seat (see scoring.evaluate);
    # rollout_done: a playout has played out the round it began in (see scoring.round_played);
    # sample_world: a full state as `view.seat` may imagine it, every card hidden from it dealt at
    # random among the places it could be (see sampler.py); its view equals `view`.
    random_action = staticmethod(dispatch.random_action)
    rollout = staticmethod(dispatch.rollout)
    evaluate = staticmethod(scoring.evaluate)
    rollout_done = staticmethod(scoring.round_played)
    sample_world = staticmethod(sampler.sample_world)


GAME = CrazyFishing()
