"""The host's refusals as pure checks of the match (`fishtable.remote.checks`): nothing changes,
and each answer is the sentence a player would get."""

from __future__ import annotations

from pathlib import Path

from fishtable.engine.match import Match
from fishtable.engine.series import Series, SeriesRules
from fishtable.remote.checks import link_refusal, next_refusal
from fishtable.remote.record import new_record

from .helpers import make_match, start_table


def finished(kinds: tuple[str, ...] = ("remote", "remote")) -> Match:
    """A poker match of one hand, played to its end by always answering the first legal action."""
    match = make_match("fishing-party-poker", kinds)
    while not match.is_over:
        seat = min(match.pending())
        match.apply(seat, match.legal_actions(seat)[0])
    return match


def test_another_game_may_be_asked_for_after_a_single_game_and_in_a_series_that_goes_on() -> None:
    match = finished()
    single = new_record(match, ("remote", "remote"))
    assert next_refusal(match, single, 0) is None  # play again, on the same links
    assert next_refusal(match, single, None) == "The public table cannot deal; a seat's own link can."
    result = match.result()
    assert result is not None
    rules = SeriesRules(end="target", target=100_000)
    going_on = single.model_copy(update={"series": Series.start(rules, single.names).add(result, 1.0)})
    assert going_on.series_goes_on and next_refusal(match, going_on, 1) is None
    target = SeriesRules(end="target", target=1)
    over = single.model_copy(update={"series": Series.start(target, single.names).add(result, 1.0)})
    assert not over.series_goes_on
    assert next_refusal(match, over, 0) == "The series is over: there is no next game."
    playing = make_match("fishing-party-poker", ("remote", "remote"))
    assert next_refusal(playing, single, 0) == "The game is still being played."


async def test_a_links_page_opens_for_a_remote_seats_key_and_the_public_table_only(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "local"), tmp_path)
    try:
        record = host.record
        remote, local = record.tokens[0], record.tokens[1]
        assert link_refusal(record, None) is None and link_refusal(record, remote) is None
        assert link_refusal(record, local) == link_refusal(record, "x" * 32) == (
            "That link is not a seat of this table (its key is wrong).")
    finally:
        await host.stop()
