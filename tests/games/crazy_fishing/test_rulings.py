"""Rulings clarified for issue 7 (CF-Q-11, CF-Q-32, CF-Q-36), the early cast and the last
Collect (fewer handoffs), and paths of the rules no earlier test reached."""

from __future__ import annotations

import pytest

from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Attempt, Cast, DiscardRod, Draw, PairAttempt, Split
from tests.games.crazy_fishing.builder import build, cast_all, cast_bait, collector, pick, rejected, view_json
from tests.games.crazy_fishing.builder import play as act

SLOW = ["R1", "B1", "R1", "B1", "B2", "R2"]  # a slow, weak player who fishes after the others


def pile_names(state, seat):
    return [state.cards[c].name for c in state.piles[seat]]


def named(state, name):
    return next(c for c in state.cards if c.name == name).idx


def hand_rods(state, seat):
    return sorted(state.cards[c].label for c in state.hands[seat] if state.cards[c].type == "rod")


# -- CF-Q-32: the extra attempt of A Pair of Fish recomputes modifiers -----------------------------


@pytest.mark.rule("CF-Q-32", "CF-Q-31", "CF-OOS-16", "CF-OOS-18")
def test_the_pair_covers_a_golden_fish_so_the_extra_attempt_has_no_bonus():
    s = build([["R5", "B3", "R1", "B1", "B2", "R2"], SLOW], sea_cards=["oos:pair_of_fish", "F4:?:Cod", "F2", "F1"],
              piles=[["oos:golden_fish"], []])
    s, _ = cast_all(s, (("5",), ("3",)), (("1",), ("1",)))
    s, events = act(s, 0, Attempt(labels=(1,)))
    assert any(e.kind == "catch" and "bait 5" in e.text for e in events)  # 3 + 2 while the Golden tops
    assert GAME.view(s, 1).seats[0].effects == ()  # the Pair now covers it
    s, events = act(s, 0, PairAttempt(label=2))
    assert any(e.kind == "escape" and "bait 3" in e.text for e in events)  # recomputed: no +2
    assert pile_names(s, 0) == ["Golden Fish", "A Pair of Fish"]


@pytest.mark.rule("CF-Q-32", "CF-Q-31", "CF-OOS-24")
def test_the_pair_covers_a_useless_fish_so_the_extra_attempt_has_its_full_bait():
    s = build([["R5", "B5", "R1", "B1", "B2", "R2"], SLOW], sea_cards=["oos:pair_of_fish", "F5:?:Hake", "F2", "F1"],
              piles=[["oos:useless_fish"], []])
    s, _ = cast_all(s, (("5",), ("5",)), (("1",), ("1",)))
    s, events = act(s, 0, Attempt(labels=(1,)))
    assert any(e.kind == "catch" and "bait 3" in e.text for e in events)  # 5 - 2
    s, events = act(s, 0, PairAttempt(label=2))
    assert any(e.kind == "catch" and "bait 5" in e.text for e in events)
    assert pile_names(s, 0) == ["Useless Fish", "A Pair of Fish", "Hake"]


# -- CF-Q-11: ∞ stays ∞ whatever modifier applies ----------------------------------------------------


@pytest.mark.rule("CF-Q-11", "CF-Q-12", "CF-CAST-14", "CF-Q-21")
@pytest.mark.parametrize(("pile0", "pile1"), [("oos:golden_fish", "oos:useless_fish"), ("oos:useless_fish", None),
                                              ("oos:golden_fish", None)])
def test_two_infinite_baits_tie_whatever_modifier_applies(pile0, pile1):
    piles = [[pile0], [pile1] if pile1 else []]
    s = build([["R5", "B:inf", "R1", "B1", "B2", "B3"], ["R5", "B:inf", "R1", "B1", "B2", "B3"]],
              piles=piles, rod_deck=("R2", "R7"))
    s, events = cast_all(s, (("5",), ("∞",)), (("5",), ("∞",)))
    assert [e.kind for e in events].count("tie_reveal") == 2  # ∞ ± 2 is still ∞: a tie
    assert s.order == [0, 1]  # seat 0 revealed the 7
    assert any("bait ∞" in e.text for e in events if e.kind == "order")


@pytest.mark.rule("CF-Q-11", "CF-Q-21", "CF-BAIT-1")
def test_an_infinite_bait_under_a_useless_fish_still_catches_anything_and_beats_a_golden_bait():
    s = build([["R5", "B:inf", "R1", "B1", "B2", "B3"], ["R5", "B9", "R1", "B1", "B2", "B3"]],
              sea_cards=["monster12", "F2", "F7"], piles=[["oos:useless_fish"], ["oos:golden_fish"]])
    s, _ = cast_all(s, (("5",), ("∞",)), (("5",), ("9",)))
    assert s.order == [0, 1] and s.rod_discard == []  # ∞ beats 9 + 2 without a reveal
    s, events = act(s, 0, Attempt(labels=(1,)))
    assert any(e.kind == "catch" and "bait ∞" in e.text for e in events)
    assert pile_names(s, 0)[-1] == "Monster"


# -- CF-Q-36: the Puffer Fish answers are secret until all are in ----------------------------------------


def puffer_table():
    """Seat 0 catches the Puffer Fish; seat 1 has a tie (6 and 6+), seat 2 a single fastest rod."""
    s = build([["R5", "B4", "R9", "B1", "B2", "R2"], ["R1", "B1", "R6", "R6+", "R2", "B3"],
               ["R1", "B2", "R3", "B3", "B4", "R7"]], sea_cards=["oos:puffer_fish", "F4", "F1", "F2"])
    s, _ = cast_all(s, (("5",), ("4",)), (("1",), ("1",)), (("1",), ("2",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert s.turn.stage == "puffer" and sorted(GAME.pending(s)) == [0, 1, 2]
    return s


@pytest.mark.rule("CF-Q-36", "CF-OOS-25", "CF-SETUP-9")
def test_a_puffer_answer_shows_nowhere_until_every_seat_has_answered():
    s = puffer_table()
    discards = list(s.rod_discard)
    six, six_plus = pick(s, 1, "rod", "6", "6+")
    views = {}
    for rod in (six, six_plus):
        after, events = act(s, 1, DiscardRod(rod=rod))
        assert after.rod_discard == discards  # nothing on the public pile yet
        assert all(e.visible_to == (1,) for e in events)  # only seat 1 reads its choice
        for k in (None, 0, 2):
            views.setdefault(k, set()).add(view_json(after, k))
        assert GAME.view(after, 0).seats[1].hand_rods == 3  # 6, 6+ and 2: unchanged until the reveal
    assert all(len(v) == 1 for v in views.values()), "another seat can tell which rod seat 1 chose"


@pytest.mark.rule("CF-Q-36", "CF-OOS-25", "CF-Q-15")
def test_the_puffer_discards_are_shown_together_once_all_are_in():
    s = puffer_table()
    six_plus = pick(s, 1, "rod", "6+")[0]
    s, first = act(s, 1, DiscardRod(rod=six_plus))
    s, second = act(s, 2, GAME.legal_actions(s, 2)[0])
    assert not [e for e in first + second if e.visible_to is None]
    s, last = act(s, 0, GAME.legal_actions(s, 0)[0])
    public = [e.text for e in last if e.kind == "discard" and " discards a " in e.text and e.visible_to is None]
    assert len(public) == 3 and [t.split()[0] for t in public] == ["Ernesto", "Tomás", "Elena"]  # seat order
    assert "6+" in public[1] and "7" in public[2] and "9" in public[0]
    assert hand_rods(s, 0) == ["2"] and hand_rods(s, 1) == ["2", "6"] and hand_rods(s, 2) == ["3"]
    assert sorted(s.cards[c].label for c in s.rod_discard) == ["5", "6+", "7", "9"]
    assert GAME.view(s, 2).rod_discard_top is not None and s.puffer_picks == []


# -- paths no test reached before issue 7 ---------------------------------------------------------------------


@pytest.mark.rule("CF-CAST-14", "CF-Q-10", "CF-COLLECT-6")
def test_a_tie_reveal_with_an_empty_rod_deck_reshuffles_its_discard_pile_first():
    s = build([["R5", "B3", "R1", "B1", "R1", "B1"], ["R5", "B3", "R1", "B1", "R1", "B1"]],
              rod_deck=("R2", "R8"))
    s.rod_discard, s.rod_deck = s.rod_deck, []  # earlier rounds left the deck empty
    s, events = cast_all(s, (("5",), ("3",)), (("5",), ("3",)))
    kinds = [e.kind for e in events]
    assert kinds.count("reshuffle") == 1 and kinds.index("reshuffle") < kinds.index("tie_reveal")
    reveals = {e.text.split()[0]: e.text for e in events if e.kind == "tie_reveal"}
    assert len(reveals) == 2
    first = "Ernesto" if "8 rod" in reveals["Ernesto"] else "Tomás"
    assert s.order == ([0, 1] if first == "Ernesto" else [1, 0])
    assert s.rod_deck == [] and sorted(s.cards[c].value for c in s.rod_discard) == [2, 8]


@pytest.mark.rule("CF-BAIT-2", "CF-BAIT-4", "CF-Q-32", "CF-Q-23")
def test_a_bait_bucket_on_the_extra_attempt_of_a_pair_puts_a_missed_covered_fish_beside_the_sea():
    sea = [("oos:pair_of_fish", 0, 0), ("F6:?:Zander", 20, 0), ("F7", 22, 1), ("F1", 30, 6), ("F2", 0, 6)]
    s = build([["R5", "B:bucket", "B1", "R2", "B3", "R1"], SLOW], sea_cards=sea)
    s, _ = cast_all(s, (("5",), ("The Bait Bucket",)), (("1",), ("1",)))
    s, _ = act(s, 0, Attempt(labels=(1,)))
    assert s.turn.stage == "pair"
    zander = named(s, "Zander")
    (entry,) = [f for f in GAME.view(s, 1).sea if f.label == 2]
    assert entry.covered and PairAttempt(label=2) in GAME.legal_actions(s, 0)
    s, events = act(s, 0, PairAttempt(label=2))  # bait 2 < 6, and it was covered: beside the sea
    assert s.beside == [zander] and zander not in s.sea
    assert any(e.kind == "escape" and "beside the sea" in e.text for e in events)
    assert GAME.view(s, 1).sea[-1].beside


@pytest.mark.rule("CF-BAIT-2", "CF-BAIT-4", "CF-ROD-3", "CF-ROD-4")
def test_a_bait_bucket_with_a_reel_reaches_a_covered_second_fish_and_a_miss_goes_beside():
    sea = [("F5:?:Zander", 0, 0), ("F1", 3, 1), ("F2", 20, 0), ("F3", 30, 0), ("F4", 30, 6)]
    s = build([["R:reel", "R3", "B:bucket", "B1", "R2", "B2"], SLOW], sea_cards=sea)
    s, _ = cast_all(s, (("The Super-Fast Reel", "3"), ("The Bait Bucket", "1")), (("1",), ("1",)))
    assert s.turn.reel and s.turn.bucket
    zander = named(s, "Zander")
    assert Attempt(labels=(1, 2)) in GAME.legal_actions(s, 0)  # #1 is covered by #2: the bucket reaches it
    s, _ = act(s, 0, Attempt(labels=(2, 1)))  # the covered fish second
    s, events = act(s, 0, Split(first=cast_bait(s, 0, "1")))  # 1 on the 1; the bucket (2) on the 5
    assert pile_names(s, 0) == ["Fish1"]
    assert s.beside == [zander]  # covered when chosen, missed: beside the sea
    assert [e.kind for e in events][:2] == ["catch", "escape"]


@pytest.mark.rule("CF-Q-29", "CF-OOS-4", "CF-Q-7")
def test_an_out_of_series_rod_cast_without_a_bait_card_is_a_blank_cast_with_no_fish_bait_choice():
    s = build([["R:oos", "R3", "R2", "R4", "R5", "R6"], ["R4", "B5", "R1", "B1", "B2", "R2"]],
              piles=[["F3", "F6"], []])
    assert all(a.baits == () for a in GAME.legal_actions(s, 0))  # no bait card to put forward
    s, _ = act(s, 0, Cast(rods=pick(s, 0, "rod", "Out-of-Series Rod")))
    s, events = act(s, 1, Cast(rods=pick(s, 1, "rod", "4"), baits=pick(s, 1, "bait", "5")))
    assert s.phase == "catch"  # no fish-as-bait choice: a fish replaces a bait card, and there is none
    assert not any(e.kind == "fish_bait" for e in events)
    assert any(e.kind == "reveal" and "blank cast" in e.text for e in events)
    assert s.order == [1] and pile_names(s, 0) == ["Fish3", "Fish6"]


# -- fewer handoffs: casting early, and the last Collect ------------------------------------------------------


FILL = ["R1", "B1", "R1", "B1"]


def three_in_collect():
    """Three seats in round 1's Collect, collect order 0, 1, 2; ten fish stay in the sea."""
    s = build([["R5", "B5", *FILL], ["R3", "B5", *FILL], ["R2", "B5", *FILL]], sea_cards=("F9",) * 10)
    s, _ = cast_all(s, (("5",), ("5",)), (("3",), ("5",)), (("2",), ("5",)))
    for seat in (0, 1, 2):
        s, _ = act(s, seat, Attempt(labels=(10 - seat,)))  # size 9: everyone misses
    assert s.phase == "collect" and s.collect_order == [0, 1, 2]
    return s


@pytest.mark.rule("CF-COLLECT-1", "CF-COLLECT-7", "CF-CAST-1", "CF-CAST-2", "CF-CAST-11", "CF-ROUND-1")
def test_a_seat_that_has_refilled_may_cast_for_the_next_round_at_once():
    s = three_in_collect()
    assert {k: p.kind for k, p in GAME.pending(s).items()} == {0: "collect"}
    rejected(s, 1, Cast(rods=pick(s, 1, "rod", "1"), baits=pick(s, 1, "bait", "1")), "nothing to decide")
    s, _ = act(s, 0, Draw(rods=1, baits=1))
    pending = GAME.pending(s)
    assert {k: p.kind for k, p in pending.items()} == {1: "collect", 0: "cast"}
    assert pending[0].private and pending[0].simultaneous
    decks = (list(s.rod_deck), list(s.bait_deck), list(s.rod_discard), list(s.bait_discard))
    early = Cast(rods=pick(s, 0, "rod", "1"), baits=pick(s, 0, "bait", "1"))
    assert early in GAME.legal_actions(s, 0)
    s, events = act(s, 0, early)
    assert events == [] and s.phase == "collect" and s.round == 1
    assert (s.rod_deck, s.bait_deck, s.rod_discard, s.bait_discard) == decks  # a cast changes no deck
    assert {k: p.kind for k, p in GAME.pending(s).items()} == {1: "collect"}
    rejected(s, 0, early, "nothing to decide")  # one cast a round
    s, _ = act(s, 1, Draw(rods=1, baits=1))
    assert {k: p.kind for k, p in GAME.pending(s).items()} == {2: "collect", 1: "cast"}
    s, events = act(s, 2, Draw(rods=1, baits=1))
    # Everyone has refilled: round 2's Cast opens with seat 0 already ready; nothing is shown yet.
    assert s.phase == "cast" and s.round == 2 and sorted(GAME.pending(s)) == [1, 2]
    assert not any(e.kind == "reveal" for e in events)
    assert [p.status for p in GAME.view(s, None).seats] == ["ready", "choosing", "choosing"]
    s, _ = act(s, 1, Cast(rods=pick(s, 1, "rod", "1"), baits=pick(s, 1, "bait", "1")))
    s, events = act(s, 2, Cast(rods=pick(s, 2, "rod", "1"), baits=pick(s, 2, "bait", "1")))
    reveals = [e.text for e in events if e.kind == "reveal"]
    assert len(reveals) == 3 and reveals[0].startswith("Ernesto")  # all face up at once, the early one too
    assert GAME.view(s, 1).seats[0].cast is not None


@pytest.mark.rule("CF-CAST-2", "CF-CAST-10", "CF-Q-14", "CF-COLLECT-5")
def test_an_early_cast_stays_secret_while_the_others_refill():
    s = three_in_collect()
    s, _ = act(s, 0, Draw(rods=1, baits=1))
    before = {k: GAME.view(s, k).seats[0] for k in (None, 1, 2)}
    views: dict = {}
    for early in GAME.legal_actions(s, 0)[:6]:
        after, _ = act(s, 0, early)
        for k in (None, 1, 2):
            views.setdefault(k, set()).add(view_json(after, k))
            panel = GAME.view(after, k).seats[0]
            assert panel.status == "ready" and panel.cast is None
            assert (panel.hand_size, panel.hand_rods, panel.hand_baits) == (
                before[k].hand_size, before[k].hand_rods, before[k].hand_baits)  # frozen (CF-Q-14)
            text = view_json(after, k)
            assert all(f'"{cid}"' not in text for cid in early.rods + early.baits)
        mine = GAME.view(after, 0)
        assert mine.my_cast is not None and {c.id for c in mine.my_cast.rods} == set(early.rods)
        after, _ = act(after, 1, Draw(rods=2, baits=0))  # the others still draw in the open
        assert GAME.view(after, 2).seats[1].hand_rods == GAME.view(s, 2).seats[1].hand_rods + 2
        assert GAME.view(after, 2).seats[0].hand_size == 6
    assert all(len(v) == 1 for v in views.values()), "another seat can tell which early cast was made"


@pytest.mark.rule("CF-OOS-26", "CF-Q-37", "CF-CAST-8")
def test_an_early_cast_follows_every_cast_rule():
    s = build([["R5", "B5", "B2+", "B3", "R1", "R2"], ["R3", "B5", *FILL]], sea_cards=("F9",) * 9,
              piles=[["oos:crab"], []], bait_deck=("B1", "B2", "B3", "B4+", "B5+", "B6+"))
    s, _ = cast_all(s, (("5",), ("5",)), (("3",), ("5",)))
    s, _ = act(s, 0, Attempt(labels=(9,)))
    s, _ = act(s, 1, Attempt(labels=(8,)))
    s, _ = act(s, collector(s), Draw(rods=0, baits=2))
    assert GAME.pending(s)[0].kind == "cast"
    rejected(s, 0, Cast(rods=pick(s, 0, "rod", "1"), baits=pick(s, 0, "bait", "2+")), "Crab")
    rejected(s, 0, Cast(rods=pick(s, 0, "rod", "1", "2"), baits=pick(s, 0, "bait", "3")), "'+'")
    rejected(s, 0, Cast(rods=pick(s, 0, "rod", "1")), "bait")
    assert all(not s.cards[c].plus for a in GAME.legal_actions(s, 0) for c in s.hands[0]
               if s.cards[c].cid in a.baits)


@pytest.mark.rule("CF-END-2", "CF-COLLECT-7")
def test_nobody_is_asked_to_collect_or_cast_when_the_game_ends_after_this_round():
    s = build([["R5", "B5", *FILL], ["R3", "B5", *FILL], ["R2", "B5", *FILL]], sea_cards=("F1",) * 8)
    s, _ = cast_all(s, (("5",), ("5",)), (("3",), ("5",)), (("2",), ("5",)))
    kinds = []
    while GAME.pending(s):
        (seat,) = GAME.pending(s)
        kinds.append(GAME.pending(s)[seat].kind)
        s, _ = act(s, seat, Attempt(labels=(8 - len(kinds) + 1,)))
    assert kinds == ["catch", "catch", "catch"] and s.phase == "over"
    assert all(len(h) == 6 for h in s.hands)
