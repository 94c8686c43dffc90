"""Setup: the Draw Deck, the deal and re-deal, the Face-Up Cards, the Event Deck, the first player,
and the opening placement (BF-SETUP-*, BF-Q-1, BF-Q-3, BF-Q-4, BF-Q-5)."""

from __future__ import annotations

from collections import Counter

import pytest

from fishtable.engine import rng as rand
from fishtable.engine.errors import IllegalAction
from fishtable.games.big_fish import GAME, setup
from fishtable.games.big_fish.actions import Place
from fishtable.games.big_fish.cards import BIG, JUVENILE, MEDIUM, default_cards
from fishtable.games.big_fish.options import BigFishOptions
from fishtable.games.big_fish.state import BFState
from tests.games.big_fish.builder import rejected, seats

OPTIONS = GAME.prepare_options(BigFishOptions())


def new(n: int = 4, seed: int = 1, **options) -> BFState:
    opts = OPTIONS.model_copy(update=options) if options else OPTIONS
    return GAME.new_game(opts, seats(n), seed)


def place_all(state: BFState) -> tuple[BFState, list]:
    """Every seat places its first legal placement; returns the state after the reveal."""
    events: list = []
    while state.phase == "place":
        seat = min(GAME.pending(state))
        state, ev = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        events += ev
    return state, events


def with_hand(state: BFState, seat: int, names: list[str]) -> BFState:
    """Give a seat exactly the cards with these names (taken from anywhere in the draw pile)."""
    new_state = state.clone()
    new_state.deck += new_state.hands[seat]
    new_state.hands[seat] = []
    for name in names:
        card = next(c for c in new_state.deck if new_state.cards[c].name == name)
        new_state.deck.remove(card)
        new_state.hands[seat].append(card)
    new_state.need[seat] = setup.placement_count(new_state, seat)
    return new_state


@pytest.mark.rule("BF-SETUP-1", "BF-SETUP-2", "BF-SETUP-3", "BF-SETUP-5", "BF-SETUP-7")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_deal(n: int) -> None:
    state = new(n)
    data = default_cards()
    fish = sum(f.copies for f in data.fish)
    wild = sum(w.copies for w in data.wilds)
    # Fish and wild cards together make the Draw Deck; events are never in it.
    everything = state.deck + state.row + [c for h in state.hands for c in h]
    assert sorted(everything) == list(range(fish + wild))
    assert all(len(h) == 7 for h in state.hands)
    assert len(state.row) == n + 2
    assert len(state.deck) == fish + wild - 7 * n - (n + 2)
    assert sorted(state.event_deck) == list(range(sum(e.copies for e in data.events)))
    assert all(state.cards[c].cid[0] in "FW" for c in everything)
    # The deck is shuffled with the wild cards mixed in, differently for each seed.
    types = [state.cards[c].type for c in state.deck]
    assert "fish" in types and "wild" in types
    assert new(n, seed=2).deck != state.deck
    # Face down: the public view shows only how many cards the deck holds.
    view = GAME.view(state, None)
    assert view.deck_size == len(state.deck)
    text = view.model_dump_json()
    assert not any(f'"{state.cids[c]}"' in text for c in state.deck)


@pytest.mark.rule("BF-SETUP-9", "BF-SETUP-7", "BF-SETUP-8")
def test_face_up_cards_number_players_plus_two() -> None:
    for n, want in ((2, 4), (3, 5), (4, 6), (5, 7)):
        state = new(n, seed=n)
        assert len(state.row) == want
        for k in [None, *range(n)]:
            view = GAME.view(state, k)
            assert [c.id for c in view.face_up] == [state.cids[c] for c in state.row]
            assert view.face_up_size == want


@pytest.mark.rule("BF-Q-1")
def test_two_to_five_players() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    for n in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            new(n)


# -- The Event Deck ---------------------------------------------------------------------------


@pytest.mark.rule("BF-SETUP-10")
def test_event_deck_is_built_in_the_rulebook_order() -> None:
    events = setup.card_tables(default_cards())[1]
    end = next(e.idx for e in events if e.effect == "end_game")
    for seed in range(50):
        start = rand.seed_state(seed)
        after, deck = setup.build_event_deck(start, events)
        # Replay the recipe by hand: shuffle the others, four off the top, the end card into the rest.
        state, others = rand.shuffled(start, [e.idx for e in events if e.idx != end])
        state, rest = rand.shuffled(state, [*others[:-4], end])
        assert deck == rest + others[-4:]
        assert after == state
        assert sorted(deck) == list(range(len(events)))


@pytest.mark.rule("BF-SETUP-11", "BF-ROUND-3", "BF-END-2")
def test_season_closed_never_in_the_top_four_and_uniform_below() -> None:
    events = setup.card_tables(default_cards())[1]
    end = next(e.idx for e in events if e.effect == "end_game")
    total = len(events)
    counts: Counter[int] = Counter()
    samples = 9000
    for seed in range(samples):
        _, deck = setup.build_event_deck(rand.seed_state(seed), events)
        position = total - deck.index(end)  # 1 = the top card, revealed first
        counts[position] += 1
    assert min(counts) == 5 and max(counts) == total  # never among the top four
    expected = samples / (total - 4)
    for position in range(5, total + 1):
        assert abs(counts[position] - expected) < 0.15 * expected, (position, counts[position])


@pytest.mark.rule("BF-SETUP-12")
def test_event_order_is_hidden() -> None:
    state = new(3)
    for k in (None, 0, 1, 2):
        view = GAME.view(state, k)
        assert view.event_deck_size == len(state.event_deck) and view.last_event is None
        text = view.model_dump_json()
        assert not any(f'"{e.cid}"' in text for e in state.events)
        other = state.clone()
        other.event_deck.reverse()
        assert GAME.view(other, k) == view


# -- Hands --------------------------------------------------------------------------------------------


@pytest.mark.rule("BF-SETUP-4", "BF-SETUP-6")
def test_each_hand_is_seen_only_by_its_owner() -> None:
    state = new(3)
    for k in (0, 1, 2):
        view = GAME.view(state, k)
        assert [c.id for c in view.hand] == [state.cids[c] for c in state.hands[k]]
        assert [p.hand_size for p in view.seats] == [7, 7, 7]
        text = view.model_dump_json()
        for other in (0, 1, 2):
            if other != k:
                assert not any(f'"{state.cids[c]}"' in text for c in state.hands[other])
    assert GAME.view(state, None).hand is None
    # The deck's order does not show in any view.
    shuffled = state.clone()
    shuffled.deck.reverse()
    for k in (None, 0, 1, 2):
        assert GAME.view(shuffled, k) == GAME.view(state, k)


@pytest.mark.rule("BF-Q-5")
def test_a_hand_without_fish_is_shown_and_dealt_again() -> None:
    data = default_cards()
    cards = setup.card_tables(data)[0]
    fishless = None
    for seed in range(20000):
        # Find a seed whose first deal gives some seat seven wild cards.
        state = rand.seed_state(seed)
        _, deck = rand.shuffled(state, list(range(len(cards))))
        hands = [deck[-7 * (i + 1): len(deck) - 7 * i] for i in range(2)]
        for seat, hand in enumerate(hands):
            if all(cards[c].type == "wild" for c in hand):
                fishless = (seed, seat, hand)
                break
        if fishless:
            break
    assert fishless is not None, "no seed deals a hand of seven wild cards"
    seed, seat, first_hand = fishless
    game = GAME.new_game(OPTIONS, seats(2), seed)
    assert any(game.cards[c].type == "fish" for c in game.hands[seat])
    assert sorted(game.hands[seat]) != sorted(first_hand)
    lines = [e.text for e in GAME.opening_events(game)]
    shown = [line for line in lines if "holds no fish" in line]
    assert shown and game.names[seat] in shown[0]
    assert all(game.cards[c].name in shown[0] for c in first_hand)
    # The re-deal comes before the Face-Up Cards are laid out.
    assert lines.index(shown[0]) < next(i for i, line in enumerate(lines) if "Face-Up" in line)
    # Every seat, in every game, starts with at least one fish.
    for s in range(50):
        g = GAME.new_game(OPTIONS, seats(5), s)
        assert all(any(g.cards[c].type == "fish" for c in h) for h in g.hands)


# -- The first player ------------------------------------------------------------------------------------


@pytest.mark.rule("BF-SETUP-18", "BF-Q-3")
def test_first_player_is_the_last_to_catch_a_fish_or_random() -> None:
    for seat in (1, 2, 3):
        state = new(3, first_player=seat)
        assert state.first == seat - 1
        assert any("caught a fish last" in e.text for e in GAME.opening_events(state))
    chosen = {new(4, seed=s).first for s in range(40)}
    assert chosen == {0, 1, 2, 3}  # at random by default
    assert BigFishOptions().first_player is None
    state = new(4, seed=3)
    assert any("at random" in e.text for e in GAME.opening_events(state))
    with pytest.raises(ValueError, match="no seat 5 in a 4-player game"):
        new(4, first_player=5)
    with pytest.raises(ValueError):
        BigFishOptions(first_player=6)
    with pytest.raises(ValueError):
        BigFishOptions(first_player=0)


@pytest.mark.rule("BF-SETUP-18", "BF-TURN-1")
def test_the_first_player_takes_the_first_turn() -> None:
    state, _ = place_all(new(4, first_player=3))
    assert state.phase == "turn" and state.seat == 2
    assert GAME.view(state, None).seats[2].first_player


# -- The opening placement ------------------------------------------------------------------------------


@pytest.mark.rule("BF-SETUP-14", "BF-SETUP-13", "BF-SETUP-17", "BF-SIZE-1", "BF-Q-4")
def test_three_fish_are_placed_as_big_medium_and_juvenile() -> None:
    state = with_hand(new(2), 0, ["Abalone", "Flounder", "Marblefish", "Fishing Rod", "Heat Wave",
                                  "Blue Groper", "Marine Park"])
    hand = {state.cards[c].name: state.cids[c] for c in state.hands[0]}
    fish = [hand["Abalone"], hand["Flounder"], hand["Marblefish"]]
    # The player decides which fish gets which size, one fish at a time, in any order.
    legal = GAME.legal_actions(state, 0)
    assert {(a.card, a.size) for a in legal} == {(f, s) for f in fish for s in ("big", "medium", "juvenile")}
    assert "Big, Medium and Juvenile" in GAME.pending(state)[0].text
    state, _ = GAME.apply(state, 0, Place(card=hand["Flounder"], size="juvenile"))
    assert {(a.card, a.size) for a in GAME.legal_actions(state, 0)} == {
        (f, s) for f in (hand["Abalone"], hand["Marblefish"]) for s in ("big", "medium")
    }
    rejected(state, 0, Place(card=hand["Abalone"], size="juvenile"), "size still open")
    state, _ = GAME.apply(state, 0, Place(card=hand["Marblefish"], size="big"))
    assert [(f.card.id, f.size_word) for f in GAME.view(state, 0).placed] == [
        (hand["Marblefish"], "Big"), (hand["Flounder"], "Juvenile")]
    state, _ = GAME.apply(state, 0, Place(card=hand["Abalone"], size="medium"))
    assert 0 not in GAME.pending(state)
    while state.phase == "place":
        state, events = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    by_name = {state.cards[c].name: state.sizes[c] for c in state.spots[0]}
    assert by_name == {"Marblefish": BIG, "Abalone": MEDIUM, "Flounder": JUVENILE}
    assert len(state.hands[0]) == 4
    # Each player has their own Fishing Spot and an empty Ice Box.
    view = GAME.view(state, None)
    assert [f.size_word for f in view.seats[0].spot] == ["Big", "Medium", "Juvenile"]
    assert [f.points for f in view.seats[0].spot] == [3, 2, 1]
    assert all(p.ice == () and p.ice_points == 0 for p in view.seats)
    assert len(state.spots[1]) == 3
    assert any("Marblefish as a Big Fish" in e.text and e.news for e in events)


@pytest.mark.rule("BF-SETUP-15", "BF-Q-4")
def test_with_fewer_fish_the_big_fish_comes_first() -> None:
    state = with_hand(new(2), 0, ["Flounder", "Fishing Rod", "Heat Wave", "Blue Groper", "Marine Park",
                                  "Citizen Science", "Seaweed Forest"])
    legal = GAME.legal_actions(state, 0)
    flounder = state.cids[state.hands[0][0]]
    assert legal == [Place(card=flounder, size="big")]
    assert GAME.pending(state)[0].text == "Place your only fish card in your Fishing Spot as a Big Fish."
    rejected(state, 0, Place(card=flounder, size="medium"), "Big")
    two = with_hand(new(2), 0, ["Flounder", "Abalone", "Fishing Rod", "Heat Wave", "Blue Groper", "Marine Park",
                                "Citizen Science"])
    f, a = (two.cids[c] for c in two.hands[0][:2])
    assert {(x.card, x.size) for x in GAME.legal_actions(two, 0)} == {
        (f, "big"), (a, "big"), (f, "medium"), (a, "medium")}
    rejected(two, 0, Place(card=f, size="juvenile"), "Big comes first, then Medium")
    two, _ = GAME.apply(two, 0, Place(card=a, size="big"))
    assert GAME.legal_actions(two, 0) == [Place(card=f, size="medium")]
    # A player with three or more fish must place three (as many as they can).
    three = new(2)
    fish = [three.cids[c] for c in three.hands[0] if three.cards[c].type == "fish"]
    assert three.need[0] == min(3, len(fish))
    three, _ = GAME.apply(three, 0, Place(card=fish[0], size="big"))
    assert 0 in GAME.pending(three) or len(fish) == 1


@pytest.mark.rule("BF-SETUP-16")
def test_only_fish_are_placed() -> None:
    state = with_hand(new(2), 0, ["Flounder", "Abalone", "Marblefish", "Fishing Rod", "Heat Wave",
                                  "Blue Groper", "Marine Park"])
    ids = {state.cards[c].name: state.cids[c] for c in state.hands[0]}
    rejected(state, 0, Place(card=ids["Fishing Rod"], size="juvenile"), "only fish go into the Fishing Spot")
    for action in GAME.legal_actions(state, 0):
        assert state.cards[state.cids.index(action.card)].type == "fish"


@pytest.mark.rule("BF-SETUP-14", "BF-SETUP-4")
def test_placement_is_secret_until_everyone_has_placed() -> None:
    state = new(3, seed=4)
    prompts = GAME.pending(state)
    assert sorted(prompts) == [0, 1, 2]
    assert all(p.simultaneous and p.private and p.kind == "place" for p in prompts.values())
    before = {k: GAME.view(state, k) for k in (None, 1, 2)}
    options = GAME.legal_actions(state, 0)
    afters = [GAME.apply(state, 0, a) for a in options]
    for after, events in afters:
        assert events == []  # nothing is announced yet
        assert after.spots[0] == []
        for k in (None, 1, 2):
            view = GAME.view(after, k)
            assert view.seats[0].hand_size == 7  # the chosen fish still count as held
            assert view.seats[0].spot == () and view.placed == ()
            assert view == before[k]
    # Others cannot tell which fish seat 0 chose, nor for which size.
    assert len({GAME.view(after, 1).model_dump_json() for after, _ in afters}) == 1
    mine = GAME.view(afters[0][0], 0)
    assert [c.id for c in mine.set_aside] == [options[0].card]
    # Once all of seat 0's fish are placed, seat 0 has nothing left to decide.
    done = state
    while 0 in GAME.pending(done):
        done, _ = GAME.apply(done, 0, GAME.legal_actions(done, 0)[0])
    assert GAME.view(done, 1).seats[0].status == "" and GAME.view(done, 1).seats[1].status == "choosing"
    rejected(done, 0, options[0], "nothing to decide")


def test_placement_is_refused_when_it_names_cards_not_in_hand() -> None:
    state = new(2)
    other = state.cids[state.hands[1][0]]
    with pytest.raises(IllegalAction, match="no card"):
        GAME.apply(state, 0, Place(card=other, size="big"))
