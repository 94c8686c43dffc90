"""A search's playout: a sampled world played on by a policy, shared by both searches."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fishtable.bots.protocol import Bot


def play_on(game: Any, model: Bot[Any, Any] | None, policy: Callable[[Any, int, random.Random], Any],
            rollout_done: Callable[[Any, Any], bool] | None, limit: int, world: Any, state: Any, steps: int,
            rng: random.Random) -> Any:
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
