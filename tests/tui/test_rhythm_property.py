"""The table's rhythm (CONTRIBUTING.md), checked on random games of every game with every seat human.

The games are driven by the planner alone, no screen. What the test tracks is
its own reading of the steps, not the planner's marks:

- a private step only follows the pass screen naming its seat (or that seat's
  own private step): so every private screen is hidden, by a pass screen or
  the public table, before any other seat's private screen;
- when a private step comes, every public news event so far has been on a
  public screen (a pass screen shows the news), except the news of the seat's
  own private steps since it took the keyboard, in a phase that is not
  simultaneous and of no kind the game marks as a new round;
- every step is a handoff, a decision, a reveal to study, or no press at all;
  a pass screen is never shown to the seat that already has the keyboard with
  nothing new to show, a public question with one answer is never asked, and a
  reveal is studied only when there is one;
- a secret the rules gave a seat (a kind of the plug-in's `private_hold_kinds`:
  Fishing Party's draw at the end of a turn) is on that seat's own screen (its
  study, or its next private step) before any other screen but the pass screen
  naming it; a seat studies its cards only when it was given one, and only
  while it has the keyboard.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fishtable.engine.protocol import Event
from fishtable.engine.registry import load_game
from fishtable.tui import planner
from tests import tinygame

from .rhythm import GAME_IDS, table_for

STEP_LIMIT = 600  # steps of a game checked (a whole game for the short ones)


@pytest.fixture(scope="module", autouse=True)
def high_card() -> None:
    tinygame.install()
    yield
    tinygame.uninstall()


def public_news(match, start: int) -> list[int]:
    return [start + i for i, e in enumerate(match.events_since(start)) if e.news and e.visible_to is None]


def check_game(game_id: str, seed: int, players: int, claim_rate: float, remote: int = 0,
               interleave: float = 0.0) -> None:
    """`remote`: how many of the last seats play at keyboards of their own (a host's table), each
    acting between this keyboard's steps at the rate `interleave` when it is asked."""
    here = frozenset(range(players - remote)) if remote else None
    table = table_for(game_id, seed, bots=(None,) * players, rng=random.Random(seed), here=here)
    match = table.match
    rng = random.Random(seed + 1)
    table_seen = 0  # events before this index were on a public screen
    keyboard: int | None = None  # the seat a pass screen last named, while no public screen came since
    own: set[int] = set()  # events the seat with the keyboard made on its private steps since
    claimant: int | None = None
    secrets: dict[int, list[str]] = {}  # seat -> what the rules gave it that it has not seen yet

    def note_secrets(events: list[Event]) -> None:
        """A secret for a seat here (a remote seat sees its own on its own screen)."""
        for event in events:
            if event.kind in table.secrets and event.visible_to is not None and len(event.visible_to) == 1 \
                    and (here is None or event.visible_to[0] in here):
                secrets.setdefault(event.visible_to[0], []).append(event.text)
    for _ in range(STEP_LIMIT):
        if here is not None and rng.random() < interleave and not match.is_over:
            away = [s for s in match.pending() if s not in here]
            if away:  # a remote seat acts while this table is somewhere in its rhythm
                before = match.event_count
                table.elsewhere(rng.choice(away))
                keyboard = None  # another seat's move: whoever had the keyboard takes it again
                note_secrets(match.events_since(before))
        step = table.next()
        assert step.press in ("handoff", "decision", "study", "none"), step
        if isinstance(step, planner.Results):
            assert not public_news(match, table_seen), "the last news never reached the table"
            return
        for seat, unseen in secrets.items():
            own_screen = isinstance(step, (planner.PrivatePrompt, planner.StudyPrivate, planner.PassKeyboard)) \
                and step.seat == seat
            assert own_screen or not unseen or match.is_over, f"{unseen} never seen by seat {seat} before {step}"
        if isinstance(step, planner.StudyPrivate):
            assert secrets.get(step.seat), f"{step} with nothing to study"
            assert keyboard == step.seat, f"{step} without the pass screen naming that seat first"
        if isinstance(step, (planner.PrivatePrompt, planner.StudyPrivate)):
            secrets.pop(step.seat, None)
        assert not isinstance(step, planner.Wait), "a game with nobody to ask"
        if here is not None and isinstance(step, planner.PrivatePrompt | planner.PublicPrompt
                                            | planner.PassKeyboard | planner.AskTable):
            seats = step.seats if isinstance(step, planner.AskTable) else (step.seat,)
            assert set(seats) <= here, f"{step} asks a seat at another keyboard here"
        if isinstance(step, planner.Elsewhere):
            assert not set(step.seats) & here if here is not None else False, f"{step} at the hot seat"
            keyboard = None
        if isinstance(step, planner.PrivatePrompt):
            assert keyboard == step.seat, f"{step} without the pass screen naming that seat first"
            unseen = public_news(match, table_seen)
            if unseen:
                prompt = match.pending()[step.seat]
                assert set(unseen) <= own and not prompt.simultaneous, f"news {unseen} not shown before {step}"
                kinds = {match.events_since(i)[0].kind for i in unseen}
                assert not kinds & table.rounds, f"a new round {kinds} not shown before {step}"
        elif isinstance(step, planner.PassKeyboard):
            assert keyboard != step.seat or public_news(match, table_seen), f"{step} hands over nothing"
            assert step.news_from <= (public_news(match, table_seen) or [match.event_count])[0]
            keyboard, table_seen, own = step.seat, match.event_count, set()
        elif isinstance(step, planner.StudyNews):
            assert public_news(match, table_seen), "nothing to study"
            keyboard, table_seen = None, match.event_count
        elif isinstance(step, (planner.PublicPrompt, planner.AskTable, planner.ComputerMove)):
            keyboard, table_seen = None, match.event_count
        if isinstance(step, planner.PublicPrompt):
            assert len(match.legal_actions(step.seat)) > 1, "a public question with one answer"
        claim = None
        if isinstance(step, planner.AskTable) and rng.random() < claim_rate:
            claim = rng.choice(step.seats)
            if len(match.legal_actions(claim)) < 2:
                claim = None
        before = match.event_count
        table.take(step, claim=claim)
        note_secrets(match.events_since(before))
        if isinstance(step, planner.PrivatePrompt):
            own |= set(range(before, match.event_count))
            if claimant == step.seat:  # a claim settled: the keyboard is back with the table
                keyboard, claimant = None, None
        elif isinstance(step, planner.AutoAnswer) and step.seat != keyboard:
            keyboard = None
        if claim is not None:
            claimant = claim


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(1, 10_000), players=st.integers(2, 3), claim_rate=st.floats(0.0, 1.0))
def test_the_rhythm_holds_in_random_games(game_id: str, seed: int, players: int, claim_rate: float) -> None:
    check_game(game_id, seed, players, claim_rate)


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(1, 10_000), remote=st.integers(1, 2), claim_rate=st.floats(0.0, 1.0),
       interleave=st.floats(0.0, 0.5))
def test_the_rhythm_holds_at_a_host_with_remote_seats(game_id: str, seed: int, remote: int, claim_rate: float,
                                                       interleave: float) -> None:
    """`fishtable host`: two people at the host's keyboard, one or two seats playing elsewhere (their
    moves come at any time); this keyboard's rhythm is the hot seat's, and never asks a remote seat."""
    players = min(2 + remote, load_game(game_id).max_players)
    check_game(game_id, seed, players, claim_rate, remote=players - 2, interleave=interleave)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_broken_planner_is_caught(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The property can fail: a planner that lets the holder go on after news breaks it."""
    real = planner.plan

    def careless(*args, **kw):
        step = real(*args, **kw)
        if isinstance(step, planner.PassKeyboard):
            return planner.PrivatePrompt(step.seat)  # no pass screen at all
        return step

    monkeypatch.setattr(planner, "plan", careless)
    with pytest.raises(AssertionError):
        check_game(game_id, 3, 3, 0.5)


def test_a_planner_blind_to_secrets_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fishing Party: the cards drawn as a turn ends must be seen by the drawer before the cover."""
    real = planner.plan
    monkeypatch.setattr(planner, "plan", lambda match, marks, hold, rounds, here=None, private_kinds=frozenset():
                        real(match, marks, hold, rounds, here=here))
    with pytest.raises(AssertionError, match="never seen by seat"):
        check_game("fishing-party", 3, 3, 0.5)


def test_a_planner_blind_to_round_ends_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Big Fish: a seat that ends a round and starts the next must not go on to its hand unseen."""
    real = planner.plan
    monkeypatch.setattr(planner, "plan",
                        lambda match, marks, hold, rounds, here=None, private_kinds=frozenset(): real(
                            match, marks, hold, frozenset(), here=here, private_kinds=private_kinds))
    with pytest.raises(AssertionError, match="a new round"):
        for seed in range(1, 30):
            check_game("big-fish", seed, 3, 0.0)
