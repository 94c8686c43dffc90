"""Replays: a recorded game replayed reaches its recorded end, the same state at every step
as playing forward; an unfinished game is never replayed."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fishtable.cli import main
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from fishtable.history import store
from fishtable.history.record import record_of
from fishtable.history.replay import from_file, from_record, open_replay
from fishtable.history.schema import HISTORY_NAME, HistoryError

from .games import GAMES, played


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(1, 10_000), walk=st.integers(0, 10_000))
def test_recorded_games_replay_to_their_end_and_every_step_matches_forward_play(
        tmp_path_factory: pytest.TempPathFactory, game: str, seed: int, walk: int) -> None:
    engine = load_game(game)
    match = Match.start(engine, engine.options_model()(), [SeatInfo(name=n) for n in ("Ana", "Bo", "Cy")], seed)
    rng = random.Random(seed)
    forward = [match.state_hash()]
    while not match.is_over:
        seat = min(match.pending())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        forward.append(match.state_hash())
    path = tmp_path_factory.mktemp("h") / HISTORY_NAME
    game_id = store.record_game(path, record_of(match, seconds=1))
    replay = from_record(store.load_game(path, game_id))
    assert replay.result == match.result()
    assert replay.state_hash(len(replay)) == match.state_hash()
    # Back and forth in any order: each step is the position forward play had there.
    wander = random.Random(walk)
    for _ in range(30):
        step = wander.randrange(len(replay) + 1)
        assert replay.state_hash(step) == forward[step]


def test_an_unfinished_save_is_never_replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "autosave.json"
    played("big-fish", 3, steps=8).save(path)
    with pytest.raises(HistoryError, match="not finished"):
        from_file(path)
    assert main(["replay", str(path)]) == 2
    assert "not finished" in capsys.readouterr().err


def test_a_finished_save_file_and_a_game_number_open(tmp_path: Path) -> None:
    match = played("crazy-fishing", 3)
    match.save(tmp_path / "game.json")
    assert len(from_file(tmp_path / "game.json")) == match.step_count
    game_id = store.record_game(tmp_path / HISTORY_NAME, record_of(match, seconds=1))
    assert len(open_replay(tmp_path / HISTORY_NAME, str(game_id))) == match.step_count
    with pytest.raises(HistoryError, match="no game 99"):
        open_replay(tmp_path / HISTORY_NAME, "99")


def test_a_changed_record_is_refused(tmp_path: Path) -> None:
    match = played("big-fish", 3)
    record = record_of(match, seconds=1)
    with pytest.raises(HistoryError, match="checksum"):
        from_record(replace(record, state_hash="0" * 16))


# What each game declares (`capabilities.round_of`) as a new round on its public table.
ROUND_FIELD = {"crazy-fishing": "round", "fishing-party": "turn", "big-fish": "round",
               "fishing-party-poker": "hand_number"}


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_s_rounds_start_where_the_game_s_declared_round_changes(tmp_path: Path, game: str) -> None:
    match = played(game)
    path = tmp_path / HISTORY_NAME
    replay = from_record(store.load_game(path, store.record_game(path, record_of(match, seconds=1))))
    field = ROUND_FIELD[game]
    marks = [getattr(replay.view(step, None), field) for step in range(len(replay))]
    expected = [0] + [step for step in range(1, len(replay)) if marks[step] != marks[step - 1]]
    starts = replay.round_starts()
    assert starts == expected and len(starts) > 2
