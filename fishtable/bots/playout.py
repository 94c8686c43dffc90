"""A search's playout: a sampled world played on by a policy, shared by both searches."""

from __future__ import annotations

import random
from collections.abc import Callable

from fishtable.bots.protocol import Bot
from fishtable.engine.protocol import ActionT, Game, StateT, ViewT


def play_on(game: Game[StateT, ViewT, ActionT], model: Bot[ViewT, ActionT] | None,
            policy: Callable[[StateT, int, random.Random], ActionT],
            rollout_done: Callable[[StateT, StateT], bool] | None, limit: int, world: StateT, state: StateT,
            steps: int, rng: random.Random) -> StateT:
    """Play `state` (`steps` steps into a playout of the sampled `world`) on until the game
    ends, `rollout_done(world, state)` says so, or `limit` steps: every seat by `model` (from
    its view of the world, a forced move at once) when there is one, else by `policy`."""
    pending, legal_actions, apply, view_of = game.pending, game.legal_actions, game.apply, game.view
    while steps < limit:
        waiting = pending(state)
        if not waiting or (rollout_done is not None and rollout_done(world, state)):
            break
        seat = next(iter(waiting))
        if model is not None:
            acts = legal_actions(state, seat)
            action = acts[0] if len(acts) == 1 else model.choose(view_of(state, seat), acts, rng)
        else:
            action = policy(state, seat, rng)
        state, _ = apply(state, seat, action)
        steps += 1
    return state
