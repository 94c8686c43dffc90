"""Prompt flags tell the truth, in every game (see engine/protocol.py, `Prompt`).

Random legal games are played through each engine. Wherever several seats are
asked at once, every pending seat's possible answers are tried, and:

- a seat's pending prompt and its legal actions never depend on a secret
  choice of another seat (one made at a private or simultaneous prompt): they
  are the same whichever answer that seat gave (what the views may show of an
  answer, say from which deck a seat drew, is the view tests' business);
- a prompt marked `simultaneous` is never cut short: whatever another seat
  answers, the seat is still asked, as "every pending seat decides in secret
  before anything is revealed" promises;
- a prompt that another seat's answer can end is a public `reaction`, neither
  private nor simultaneous (Fishing Party's Broken Line: the first claim ends
  it, in public, for the seats still asked).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry

# Fishing Party's case is its Broken Line ruling: asked in public, ended by the first claim.
GAMES = ("crazy-fishing", pytest.param("fishing-party", marks=pytest.mark.rule("FP-Q-16")), "big-fish",
         "fishing-party-poker")
SEEDS = (1, 2)
MAX_STEPS = 3000  # per game: enough to meet every phase in which several seats are asked
TRIED = 4  # answers tried per seat and state


def _tried(game: Any, state: Any, seat: int, rng: random.Random) -> list[Any]:
    legal = game.legal_actions(state, seat)
    return legal if len(legal) <= TRIED else [legal[0], *rng.sample(legal[1:], TRIED - 1)]


def _check_state(game: Any, state: Any, rng: random.Random, flags_seen: set[tuple[bool, bool, bool]]) -> None:
    pending = game.pending(state)
    for prompt in pending.values():
        flags_seen.add((prompt.private, prompt.simultaneous, prompt.reaction))
    for chooser, prompt in pending.items():
        secret = prompt.private or prompt.simultaneous
        outcomes: dict[int, set[str]] = {other: set() for other in pending if other != chooser}
        for action in _tried(game, state, chooser, rng):
            after, _ = game.apply(state, chooser, action)
            now = game.pending(after)
            for other in outcomes:
                if other not in now:  # cut short by another seat's answer
                    asked = pending[other]
                    assert asked.reaction and not asked.simultaneous and not asked.private, (
                        f"seat {other}'s prompt {asked!r} was ended by seat {chooser}'s answer {action!r}, "
                        "but its flags do not say it is a public reaction")
                asked_now = repr((now[other], game.legal_actions(after, other))) if other in now else "not asked"
                outcomes[other].add(asked_now)
        if secret:
            for other, seen in outcomes.items():
                assert len(seen) == 1, (f"seat {other}'s prompt or choices depend on the secret answer "
                                        f"of seat {chooser} ({prompt.kind})")


@pytest.mark.parametrize("name", GAMES)
def test_no_pending_prompt_depends_on_another_seats_secret_choice(name: str) -> None:
    entry = get_entry(name)
    game = entry.load()
    options = game.prepare_options(game.options_model()())
    players = min(4, entry.max_players)
    seats = [SeatInfo(name=f"P{i + 1}") for i in range(players)]
    flags_seen: set[tuple[bool, bool, bool]] = set()
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.new_game(options, seats, seed)
        for _ in range(MAX_STEPS):
            if game.result(state) is not None:
                break
            pending = game.pending(state)
            if len(pending) > 1:
                _check_state(game, state, rng, flags_seen)
            seat = rng.choice(sorted(pending))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    if name == "fishing-party":
        # The Broken Line is asked: a public reaction, neither private nor simultaneous.
        assert (False, False, True) in flags_seen
    if name == "crazy-fishing":
        assert (True, True, False) in flags_seen  # the secret simultaneous cast
