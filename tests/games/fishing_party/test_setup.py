"""Setup (FP-SETUP-*), the player counts and the small-game decks (FP-Q-1, FP-VAR-1..6)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from fishtable.engine.protocol import SeatInfo
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.cards import BROKEN_LINE, ROD, SNAP
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.state import NONE
from tests.games.fishing_party.builder import seats, view_json

OPTIONS = GAME.prepare_options(FishingPartyOptions())


def new(n: int, seed: int = 1, **options):
    return GAME.new_game(OPTIONS.model_copy(update=options), seats(n), seed)


def names_of(state, cards) -> Counter:
    return Counter(state.static.cards[c].name for c in cards)


@pytest.mark.rule("FP-Q-1")
def test_two_to_five_players():
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    for n in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            GAME.new_game(OPTIONS, [SeatInfo(name=f"P{i}") for i in range(n)], 1)


@pytest.mark.rule("FP-SETUP-1", "FP-Q-4", "FP-SETUP-2")
def test_one_rod_each_face_up_and_the_other_rods_shuffled_in():
    for n in (4, 5):
        state = new(n)
        assert all(r != NONE and state.static.codes[r] == ROD for r in state.rods)
        assert len(set(state.rods)) == n
        in_play = state.draw + state.discard + state.table + [c for h in state.hands for c in h]
        assert names_of(state, in_play)["Fishing Rod"] == 12 - n  # FP-SETUP-2: the rest is shuffled in
        assert not state.static.removed
        panels = GAME.view(state, None).seats
        assert all(p.rod is not None and p.rod.type == "rod" for p in panels)


@pytest.mark.rule("FP-SETUP-13", "FP-SETUP-5", "FP-SETUP-7", "FP-SETUP-9", "FP-SETUP-11")
def test_four_player_deal_derived_check():
    """4 rods out, 106 shuffled, 24 dealt, 6 on the table, 1 discarded face down, 75 left to draw."""
    state = new(4, seed=9)
    assert len(state.rods) == 4
    dealt = sum(len(h) for h in state.hands)
    assert [len(h) for h in state.hands] == [6, 6, 6, 6] and dealt == 24
    assert len(state.table) == 6
    assert len(state.discard) == 1
    assert len(state.draw) == 75
    assert 4 + dealt + 6 + 1 + len(state.draw) == 110
    public = GAME.view(state, None)
    assert (public.draw_pile, public.discard_pile, len(public.table)) == (75, 1, 6)


@pytest.mark.rule("FP-SETUP-3", "FP-Q-3")
def test_first_player_by_die_rolls_with_only_the_tied_rolling_again():
    seen_reroll = False
    for seed in range(80):
        state = new(5, seed=seed)
        rounds = state.static.first_rolls
        assert [s for s, _ in rounds[0]] == [0, 1, 2, 3, 4]  # everyone rolls, clockwise
        for before, after in itertools.pairwise(rounds):
            best = max(r for _, r in before)
            assert [s for s, _ in after] == [s for s, r in before if r == best]  # only the tied
            seen_reroll = True
        last = rounds[-1]
        best = max(r for _, r in last)
        assert [s for s, r in last if r == best] == [state.seat]  # the highest starts
        assert all(1 <= r <= 6 for rolls in rounds for _, r in rolls)
        # Turns then go clockwise from the first player.
        events = " ".join(e.text for e in GAME.opening_events(state))
        assert f"{state.static.names[state.seat]} starts." in events
    assert seen_reroll


@pytest.mark.rule("FP-SETUP-3", "FP-Q-3")
def test_turns_go_clockwise_from_the_first_player():
    state = new(3, seed=4)
    order = [state.seat]
    while len(order) < 5:
        seat = state.seat
        pass_action = next(a for a in GAME.legal_actions(state, seat) if a.kind == "pass")
        state, _ = GAME.apply(state, seat, pass_action)
        while GAME.pending(state) and state.stage == "discard":
            state, _ = GAME.apply(state, state.seat, GAME.legal_actions(state, state.seat)[0])
        order.append(state.seat)
    assert order == [(order[0] + i) % 3 for i in range(5)]


@pytest.mark.rule("FP-SETUP-4", "FP-Q-24", "FP-SCORE-5")
def test_the_weight_scheme_is_chosen_for_the_whole_game():
    fields = FishingPartyOptions.model_fields
    assert fields["weights"].default == "family"
    assert fields["weights"].title and fields["weights"].description
    # A weight scheme per game, and no series setting in a game's options (the shell runs series).
    assert not any("series" in name or "target" in name for name in fields)
    family, tournament = new(3, seed=2), new(3, seed=2, weights="tournament")
    pike = next(c for c in family.static.cards if c.name == "Northern Pike" and c.family == 10)
    assert family.static.weight[pike.idx] == 10
    assert tournament.static.weight[pike.idx] == 55
    face = GAME.view(tournament, None).model_dump()
    assert face["weights"] == "tournament"


@pytest.mark.rule("FP-SETUP-6", "FP-SETUP-8", "FP-SETUP-10", "FP-SETUP-12", "FP-Q-5")
def test_what_each_seat_sees_after_the_deal():
    state = new(4, seed=5)
    cids = state.static.cids
    for seat in (None, 0, 1, 2, 3):
        text = view_json(state, seat)
        for c in state.table:  # FP-SETUP-8: the table is public
            assert f'"{cids[c]}"' in text
        for c in state.draw + state.discard:  # FP-SETUP-10/12: piles are face down
            assert f'"{cids[c]}"' not in text
        for other in range(4):
            for c in state.hands[other]:  # FP-SETUP-6: a hand is its owner's alone
                assert (f'"{cids[c]}"' in text) == (other == seat)
    view = GAME.view(state, 2)
    assert view.discard_pile == 1 and view.draw_pile == len(state.draw)
    assert [p.hand_size for p in view.seats] == [6, 6, 6, 6]


@pytest.mark.rule("FP-VAR-1", "FP-VAR-2", "FP-VAR-5")
def test_two_player_deck():
    state = new(2, seed=3)
    removed = names_of(state, state.static.removed)
    assert removed == {"Fishing Rod": 10, "Snap": 5, "Broken Line": 4}
    assert len(state.draw) + len(state.discard) + len(state.table) + 12 == 89  # 110 - 12 - 5 - 4
    in_play = state.draw + state.discard + state.table + [c for h in state.hands for c in h]
    assert not any(state.static.codes[c] in (ROD, SNAP, BROKEN_LINE) for c in in_play)
    public = GAME.view(state, None)
    assert {c.name: c.count for c in public.out_of_game} == {"Fishing Rod": 10, "Snap": 5, "Broken Line": 4}


@pytest.mark.rule("FP-VAR-3", "FP-VAR-4", "FP-VAR-5")
def test_three_player_deck():
    state = new(3, seed=3)
    removed = names_of(state, state.static.removed)
    assert removed == {"Fishing Rod": 9, "Snap": 5}
    assert len(state.draw) + len(state.discard) + len(state.table) + 18 == 93  # 110 - 12 - 5
    in_play = state.draw + state.discard + state.table + [c for h in state.hands for c in h]
    assert names_of(state, in_play)["Broken Line"] == 4  # Broken Lines stay
    assert not any(state.static.codes[c] in (ROD, SNAP) for c in in_play)


@pytest.mark.rule("FP-VAR-6")
def test_small_games_keep_their_starting_rods():
    """With two or three players no rod or Snap is in the deck, so the rods never change."""
    import random

    for n in (2, 3):
        for seed in range(3):
            state = new(n, seed=seed, quick_play=seed == 1)
            rods = list(state.rods)
            chooser = random.Random(seed)
            for _ in range(1500):
                prompts = GAME.pending(state)
                if not prompts:
                    break
                seat = chooser.choice(sorted(prompts))
                state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
                assert state.rods == rods


def test_options_are_a_frozen_form_with_words_for_every_field():
    from pydantic import ValidationError

    for name, field in FishingPartyOptions.model_fields.items():
        assert field.title and field.description, name
    limit = FishingPartyOptions.model_fields["time_limit_minutes"]
    assert limit.default is None
    assert {type(m).__name__ for m in limit.metadata} >= {"Ge", "Le"}
    assert FishingPartyOptions.model_fields["cards"].json_schema_extra == {"form": False}
    for bad in ({"time_limit_minutes": 0}, {"time_limit_minutes": 601}, {"weights": "heavy"}, {"colour": 1}):
        with pytest.raises(ValidationError):
            FishingPartyOptions(**bad)
    options = FishingPartyOptions()
    with pytest.raises(ValidationError):
        options.quick_play = True  # type: ignore[misc]
