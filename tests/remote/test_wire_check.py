"""Issue 45.2: a remote seat's screens check its answers as the hot seat's do, without a refusal
the hot seat would not give: Crazy Fishing's Super-Fast Reel takes its two fish in either order."""

from __future__ import annotations

from fishtable.games.crazy_fishing.actions import Attempt, Cast
from fishtable.remote.wire_feed import GENERIC_REFUSAL, legal_match, wire_check

LEGAL = [Attempt(labels=(15, 22)), Attempt(labels=(15,)), Attempt(labels=(22,)), Cast(rods=("r1",), baits=("b1",))]


def test_the_reels_two_fish_may_be_marked_in_either_order() -> None:
    check = wire_check(LEGAL, [])
    assert check(Attempt(labels=(15, 22))) is None
    assert check(Attempt(labels=(22, 15))) is None  # #22 marked first: the same attempt
    assert legal_match(Attempt(labels=(22, 15)), LEGAL) == Attempt(labels=(15, 22))  # the legal one (sent as marked)


def test_a_fish_typed_as_its_first_digit_and_a_second_fish_is_checked_in_either_order() -> None:
    """The sea screen asks about fish #21 with the first other fish it could pair with: (21, 4)."""
    legal = [Attempt(labels=(4, 21)), Attempt(labels=(4,)), Attempt(labels=(21,))]
    assert wire_check(legal, [])(Attempt(labels=(21, 4))) is None


def test_what_is_not_a_choice_is_still_refused() -> None:
    check = wire_check(LEGAL, [])
    assert check(Attempt(labels=(15, 23))) == GENERIC_REFUSAL
    assert check(Attempt(labels=(15, 15, 22))) == GENERIC_REFUSAL  # not the same fish
    assert check(Cast(rods=("r1",), baits=("b2",))) == GENERIC_REFUSAL
    assert legal_match(Attempt(labels=(23,)), LEGAL) is None


def test_a_table_command_the_table_offers_passes() -> None:
    stop = Cast(rods=(), baits=())  # any action the table lists as a command
    assert wire_check(LEGAL, [stop])(stop) is None
    assert wire_check(LEGAL, [])(stop) == GENERIC_REFUSAL
