"""The Broken Line: asked of every other seat before each roll, whoever holds one
(FP-SPECIAL-12, FP-SPECIAL-13, FP-Q-16)."""

from __future__ import annotations

import pytest

from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import BreakLine, Fish, LetRoll, Pass, Spray
from fishtable.games.fishing_party.state import NONE
from tests.games.fishing_party.builder import Builder, cid, play, rejected, rig, texts, view_json, where


def table_of(players: int = 4, holders: tuple[int, ...] = (2,), spray: bool = False):
    """Ann about to fish for a Walleye with a Jig; the seats in `holders` hold a Broken Line."""
    b = Builder()
    jig, wal = b.cards_of("Jig:3/5", "Walleye:6")
    bottle = b.card("spray_bottle")
    hands = [[wal, *b.filler(5)]]
    lines = {}
    for s in range(1, players):
        if s in holders:
            lines[s] = b.card("broken_line")
            hands.append([lines[s], *b.filler(5)])
        else:
            hands.append(b.filler(6))
    perms = [[bottle] if spray else []] + [[] for _ in range(players - 1)]
    state = b.state(hands, lures=[jig] + [NONE] * (players - 1), perms=perms,
                    removed=[] if spray else [bottle])
    return state, jig, wal, lines


@pytest.mark.rule("FP-Q-16")
def test_every_other_seat_is_asked_the_same_question_holder_or_not():
    state, _, wal, lines = table_of(4, holders=(2,))
    state, events = play(state, 0, Fish(card=cid(state, wal)))
    prompts = GAME.pending(state)
    assert sorted(prompts) == [1, 2, 3]
    for seat, prompt in prompts.items():
        # A public reaction that the first claim ends: neither a secret nor a simultaneous phase.
        assert prompt.kind == "broken_line" and prompt.reaction
        assert not prompt.simultaneous and not prompt.private
        assert prompt.text == prompts[1].text
        assert prompt.text.startswith("Broken Line, anyone? Ann is about to roll for the Walleye (6 lb)")
        assert GAME.legal_actions(state, seat)[0] == LetRoll()  # the same "no" for everyone
    assert GAME.legal_actions(state, 1) == [LetRoll()]
    assert GAME.legal_actions(state, 2) == [LetRoll(), BreakLine(card=cid(state, lines[2]))]
    # Nothing public tells who holds one.
    public = view_json(state, None)
    assert f'"{cid(state, lines[2])}"' not in public
    holder, other = GAME.view(state, 2).model_dump(), GAME.view(state, 1).model_dump()
    for view in (holder, other):
        view.pop("hand"), view.pop("seat")
        view["prompt"].pop("seat")
    assert holder == other  # apart from the hand itself, a holder sees what anyone else sees
    assert all("Broken Line" not in t or "anyone" in t for t in texts(events, 1))


@pytest.mark.rule("FP-Q-16")
def test_when_all_decline_the_die_is_rolled():
    state, _, wal, _ = table_of(3, holders=(1,))
    state, _ = play(state, 0, Fish(card=cid(state, wal)))
    rig(state, 3)
    state, _ = play(state, 2, LetRoll())
    assert list(GAME.pending(state)) == [1]  # still waiting for Bob
    rejected(state, 2, LetRoll(), "nothing to decide")
    state, events = play(state, 1, LetRoll())
    assert where(state, wal) == "pond 0"
    assert any("No Broken Line" in e.text for e in events)


@pytest.mark.rule("FP-SPECIAL-12", "FP-SPECIAL-13", "FP-Q-16")
def test_the_first_broken_line_discards_fish_and_lure_and_ends_the_question():
    state, jig, wal, lines = table_of(4, holders=(2, 3))
    state, _ = play(state, 0, Fish(card=cid(state, wal)))
    state, _ = play(state, 1, LetRoll())
    before = len(state.hands[3])
    state, events = play(state, 3, BreakLine(card=cid(state, lines[3])))
    assert state.lures[0] == NONE and state.fishing == NONE
    assert state.discard[-3:] == [lines[3], wal, jig]
    assert not GAME.pending(state).get(2)  # the other prompts vanish: one per attempt
    assert lines[2] in state.hands[2]
    assert any("Dee plays a Broken Line on Ann" in e.text and e.news for e in events)
    # Ann's attempt was her move; her turn ended with the refill.
    assert state.seat == 1 and len(state.hands[0]) == 6
    # Not a move for Dee, and she draws nothing now...
    assert len(state.hands[3]) == before - 1
    view = GAME.view(state, None)
    assert view.last_attempt.outcome == "broken" and view.last_attempt.broken_by == 3
    assert view.last_attempt.rolled is None
    # ...but refills at the end of her own next turn, with her full move.
    state, _ = play(state, 1, Pass())
    state, _ = play(state, 2, Pass())
    assert state.seat == 3 and state.moves_left == 1
    state, _ = play(state, 3, Pass())
    assert len(state.hands[3]) == 6


@pytest.mark.rule("FP-Q-16")
def test_nobody_holding_one_is_still_asked():
    state, _, wal, _ = table_of(3, holders=())
    state, _ = play(state, 0, Fish(card=cid(state, wal)))
    assert sorted(GAME.pending(state)) == [1, 2]
    assert all(GAME.legal_actions(state, s) == [LetRoll()] for s in (1, 2))


@pytest.mark.rule("FP-Q-16", "FP-VAR-2")
def test_two_player_games_have_no_question():
    b = Builder()
    jig, wal = b.cards_of("Jig:3/5", "Walleye:6")
    state = b.state([[wal, *b.filler(5)], b.filler(6)], lures=[jig, NONE])
    assert not state.static.reactions
    state, _ = play(state, 0, Fish(card=cid(state, wal)))
    assert state.stage != "reaction" and state.seat == 1


@pytest.mark.rule("FP-Q-16", "FP-SPECIAL-12")
def test_a_broken_line_only_between_putting_the_fish_down_and_the_roll():
    state, _, wal, lines = table_of(3, holders=(1,), spray=True)
    line = cid(state, lines[1])
    # Not on Bob's own turn, nor before Ann has put a fish down.
    rejected(state, 1, BreakLine(card=line), "Ann's turn")
    rejected(state, 0, BreakLine(card=line), "not in your hand|does not fit")
    state, _ = play(state, 0, Fish(card=cid(state, wal)))
    rig(state, 4)  # a miss the Spray Bottle could mend: the decision waits after the roll
    state, _ = play(state, 1, LetRoll())
    state, _ = play(state, 2, LetRoll())
    assert state.stage == "spray"
    rejected(state, 1, BreakLine(card=line), "Ann's turn")
    state, _ = play(state, 0, Spray(change=-1))
    assert where(state, wal) == "pond 0"
    # Bob's own turn: a Broken Line is no move of his.
    assert state.seat == 1
    assert not any(a.kind == "broken_line" for a in GAME.legal_actions(state, 1))
