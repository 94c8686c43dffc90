"""The round end: the event, the hand limit, the Face-Up row, the First Player Card, the end of
the game (BF-ROUND-*, BF-END-*, BF-Q-16, BF-Q-17, BF-Q-18, BF-Q-24), and each event type."""

from __future__ import annotations

import pytest

from fishtable.games.big_fish import GAME
from fishtable.games.big_fish.actions import DONE, Catch, Discard, DrawDeck, Grow, Remove, Spawn
from fishtable.games.big_fish.cards import BIG, JUVENILE, LARVAL, MEDIUM
from fishtable.games.big_fish.state import BFState
from tests.games.big_fish.builder import act, build, cid, kind, rejected, size, texts

QUIET = ["E:end_game"] + ["E:nothing"] * 8


def pass_turns(state: BFState) -> tuple[BFState, list]:
    """Pass every remaining turn of the round (drawing from the deck when asked); returns the events."""
    events: list = []
    rnd = state.round
    while state.phase == "turn" and state.round == rnd:
        state, ev = act(state, DrawDeck() if state.step == "draw" else DONE)
        events += ev
    return state, events


def round_end_state(hands, spots, events, ice=None, row=None, seat=0, **kw) -> tuple[BFState, list]:
    """A state right after the last turn of round 1 (the event revealed)."""
    n = len(hands)
    state = build(hands, spots=spots, ice=ice, events=events, row=row if row is not None else [],
                  deck=[f"D{i}" for i in range(40)], seat=seat, **kw)
    assert state.turns_done == 0 or seat != 0
    return pass_turns(state) if n else (state, [])


@pytest.mark.rule("BF-ROUND-1", "BF-ROUND-2", "BF-Q-16")
def test_the_event_is_revealed_once_every_player_has_had_a_turn() -> None:
    state = build([["Cod"], ["Hake"], ["Ling"]], spots=[[("A", "big")], [("B", "big")], [("C", "big")]],
                  events=["E:end_game", "E:nothing", "E:nothing", "E:nothing", "E:nothing", "E:draw"],
                  row=[], deck=[f"D{i}" for i in range(40)])
    turns = 0
    while state.turns_done < 2 or state.phase != "turn":
        state, ev = act(state, DrawDeck() if state.step == "draw" else DONE)
        assert not any(e.kind == "event" for e in ev)
        turns += 1
    assert state.event_seen == [] and len(state.event_deck) == 6
    state, events = pass_turns(state)
    assert [state.events[e].effect for e in state.event_seen] == ["draw"]
    reveal = [e for e in events if e.kind == "event"]
    assert reveal[0].news and reveal[0].visible_to is None and "Event: Draw" in reveal[0].text
    # Its instructions are followed, for every player.
    draws = [e for e in events if e.kind == "draw" and e.visible_to is None and "Draw:" in e.text]
    assert len(draws) == 3
    view = GAME.view(state, 1)
    assert view.last_event is not None and view.last_event.effect == "draw" and view.events_revealed == 1


@pytest.mark.rule("BF-ROUND-6", "BF-ROUND-7", "BF-ROUND-8", "BF-Q-23")
def test_a_new_face_up_row_and_the_first_player_card_passes() -> None:
    # A Larval fish each keeps every Catch step a decision, so the turns wait for the players.
    state = build([["Cod"], ["Hake"], ["Ling"]], spots=[[("A", 0)], [("B", 0)], [("C", 0)]], events=QUIET,
                  row=["R1", "R2", "R3", "R4", "R5"], deck=[f"D{i}" for i in range(40)], seat=2, first=2)
    old_row = list(state.row)
    state, events = pass_turns(state)
    assert state.round == 2
    assert all(c in state.discard for c in old_row)
    assert len(state.row) == 5 and not set(state.row) & set(old_row)
    assert state.first == 0 and state.seat == 0  # clockwise: the seat after 2 in a 3-player game is 0
    assert any(e.news and e.text.startswith("New Face-Up Cards") for e in events)
    view = GAME.view(state, None)
    assert (view.deck_size, view.discard_size, view.event_deck_size) == (len(state.deck), 5, len(state.event_deck))
    assert [p.hand_size for p in view.seats] == [1, 1, 1]


@pytest.mark.rule("BF-ROUND-9", "BF-ROUND-8")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_over_n_rounds_each_player_is_first_once(n: int) -> None:
    state = build([["Cod"] for _ in range(n)], spots=[[("L", 0)] for _ in range(n)],
                  events=["E:end_game"] + ["E:nothing"] * 9,
                  row=[], deck=[f"D{i}" for i in range(60)], seat=1 % n, first=1 % n)
    holders = []
    for _ in range(n):
        holders.append(state.first)
        state, _ = pass_turns(state)
    # In order, not sorted: the card moves one seat clockwise (to the next seat number) each round.
    assert holders == [(1 + r) % n for r in range(n)]
    assert state.first == 1 % n  # and after n rounds it is back where it started


@pytest.mark.rule("BF-ROUND-4", "BF-ROUND-5", "BF-Q-18")
def test_hands_over_seven_are_cut_down_by_their_owners_in_secret() -> None:
    big_hand = [f"H{i}" for i in range(6)]
    state = build([big_hand, [f"K{i}" for i in range(9)], ["Solo"]],
                  spots=[[(f"B{i}", "big") for i in range(5)], [], []], events=QUIET,
                  row=[], deck=[f"D{i}" for i in range(40)])
    # During the turn a hand may grow past 7: five draws on six cards.
    assert len(state.hands[0]) == 11
    state, events = pass_turns(state)
    assert state.phase == "discard"
    prompts = GAME.pending(state)
    assert sorted(prompts) == [0, 1]  # the player with one card is not asked
    assert all(p.simultaneous and p.private and p.kind == "hand_limit" for p in prompts.values())
    assert "4 cards" in prompts[0].text and "2 cards" in prompts[1].text
    first = GAME.legal_actions(state, 0)
    assert len(first) == 11 and {a.kind for a in first} == {"discard"}
    # Seat 0 discards four, one at a time; nobody else can see which, or how many so far.
    chosen = []
    s = state
    for i in range(4):
        card = s.cids[s.hands[0][i]]
        chosen.append(card)
        s, ev = GAME.apply(s, 0, Discard(card=card))
        assert ev == []
        assert GAME.view(s, 1).seats[0].hand_size == 11
        assert card not in GAME.view(s, 1).model_dump_json()
    assert [c.id for c in GAME.view(s, 0).set_aside] == chosen
    assert 0 not in GAME.pending(s)
    # Seat 1 sees the same table whichever card seat 0 discards.
    other = GAME.apply(state, 0, Discard(card=state.cids[state.hands[0][5]]))[0]
    assert GAME.view(other, 1) == GAME.view(GAME.apply(state, 0, first[0])[0], 1)
    k_cards = [s.cids[c] for c in s.hands[1][:2]]
    s, _ = GAME.apply(s, 1, Discard(card=k_cards[0]))
    s, events = GAME.apply(s, 1, Discard(card=k_cards[1]))
    assert [len(h) for h in s.hands] == [7, 7, 1]
    public_discard = [c.id for c in GAME.view(s, 2).discard]
    assert set(chosen + k_cards) <= set(public_discard)  # the discard pile is face up
    assert any(e.news and "Ana discards" in e.text for e in events)
    assert s.phase == "turn" and s.round == 2


@pytest.mark.rule("BF-END-1", "BF-END-3", "BF-Q-17")
def test_fishing_season_closed_ends_the_game_at_once() -> None:
    state = build([[f"H{i}" for i in range(10)], ["Cod"]], spots=[[("A", "big")], [("B", "medium")]],
                  events=["E:nothing", "E:end_game"], row=["R1", "R2", "R3", "R4"], deck=[f"D{i}" for i in range(9)])
    state, events = pass_turns(state)
    assert state.phase == "over" and GAME.pending(state) == {}
    # No hand limit, no new row, no First Player Card pass.
    assert len(state.hands[0]) > 7 and state.first == 0 and state.round == 1
    assert [state.cards[c].name for c in state.row] == ["R1", "R2", "R3", "R4"]
    assert any(e.news and "game is over" in e.text for e in events)
    result = GAME.result(state)
    assert result is not None and [line.total for line in result.scores] == [2, 1]
    for seat in (0, 1):
        assert GAME.legal_actions(state, seat) == []
        rejected(state, seat, DONE, "game is over")


# -- event types -------------------------------------------------------------------------------------


@pytest.mark.rule("BF-Q-24", "BF-Q-16")
def test_a_growing_event_lets_everyone_grow_even_a_fish_grown_this_turn() -> None:
    state = build([[], [], []], spots=[[("A", "big"), ("Lar", "larval")], [("B", "medium")], [("C", "big")]],
                  events=[*QUIET, "E:grow"], row=[], deck=[f"D{i}" for i in range(40)])
    lar = cid(state, "Lar", zone="spot")
    while kind(state) != "grow":
        state, _ = act(state, DONE)
    state, _ = act(state, Grow(fish=lar))
    assert size(state, lar) == JUVENILE
    state, events = pass_turns(state)
    assert state.phase == "event"
    prompts = GAME.pending(state)
    assert sorted(prompts) == [0, 1]  # seat 2 has only a Big Fish: nothing can grow
    assert all(p.simultaneous and p.kind == "event_grow" for p in prompts.values())
    assert Grow(fish=lar) in GAME.legal_actions(state, 0)
    state, ev = GAME.apply(state, 0, Grow(fish=lar))
    assert ev == [] and size(state, lar) == JUVENILE  # secret until everyone has chosen
    state, events = GAME.apply(state, 1, DONE)
    assert size(state, lar) == MEDIUM  # a second size in one round: event growth is separate
    assert size(state, cid(state, "B", seat=1, zone="spot")) == MEDIUM
    assert any(e.news and "Lar grows to Medium" in e.text for e in events)


@pytest.mark.rule("BF-Q-16", "BF-SIZE-2")
def test_a_spawning_event_asks_everyone_holding_cards() -> None:
    state = build([["Cod"], ["W:extra_grow"], []], spots=[[], [], []], events=[*QUIET, "E:spawn"], row=[])
    state, _ = pass_turns(state)
    # Seat 1 holds no fish but is asked all the same, so its hand is not given away.
    assert sorted(GAME.pending(state)) == [0, 1]
    assert GAME.legal_actions(state, 1) == [DONE]
    cod = cid(state, "Cod", seat=0)
    state, ev = GAME.apply(state, 0, Spawn(card=cod))
    assert ev == [] and GAME.view(state, 1).seats[0].hand_size == 1
    state, events = GAME.apply(state, 1, DONE)
    assert size(state, cod) == LARVAL and cod in [state.cids[c] for c in state.spots[0]]
    assert any(e.news and "spawns Cod" in e.text for e in events)


@pytest.mark.rule("BF-Q-16")
def test_removing_a_larval_fish_chooses_only_when_there_is_a_choice() -> None:
    state = build([[], [], []], spots=[[("L1", "larval"), ("L2", "larval"), ("M", "medium")],
                                       [("Only", "larval"), ("B", "big")], [("C", "big")]],
                  events=[*QUIET, "E:remove_fish"], row=[])
    state, _ = pass_turns(state)
    assert sorted(GAME.pending(state)) == [0]
    l2 = cid(state, "L2", seat=0, zone="spot")
    assert GAME.legal_actions(state, 0) == [Remove(fish=cid(state, "L1", seat=0, zone="spot")), Remove(fish=l2)]
    rejected(state, 0, Remove(fish=cid(state, "M", seat=0, zone="spot")), "Larval")
    state, _events = GAME.apply(state, 0, Remove(fish=l2))
    names = [[state.cards[c].name for c in s] for s in state.spots]
    assert names == [["L1", "M"], ["B"], ["C"]]
    assert state.cids.index(l2) in state.discard


@pytest.mark.rule("BF-Q-16", "BF-CATCH-3")
def test_a_species_event_shrinks_fish_in_spots_only() -> None:
    state = build([[], []], spots=[[("Crab", "big"), ("Crab", "larval"), ("Cod", "medium")], [("Crab", "juvenile")]],
                  ice=[[("Crab", "big")], []], events=[*QUIET, "E:shrink_species:Crab"], row=[])
    state, events = pass_turns(state)
    spot0 = [(state.cards[c].name, state.sizes[c]) for c in state.spots[0]]
    assert spot0 == [("Crab", MEDIUM), ("Cod", MEDIUM)]
    assert [state.sizes[c] for c in state.spots[1]] == [LARVAL]
    assert [state.sizes[c] for c in state.ice[0]] == [BIG]
    assert sum(1 for e in events if e.text.startswith("Shrink Species:") and e.news) == 3


@pytest.mark.rule("BF-Q-16")
def test_players_without_medium_or_big_fish_discard_a_card() -> None:
    state = build([["X1", "X2"], ["Y1"], ["Z1", "Z2"]],
                  spots=[[("L", "larval")], [("J", "juvenile")], [("M", "medium")]],
                  events=[*QUIET, "E:discard_unless"], row=[])
    state, _ = pass_turns(state)
    assert sorted(GAME.pending(state)) == [0]  # seat 1 has a single card: it goes without a choice
    assert all(a.kind == "discard" for a in GAME.legal_actions(state, 0))
    state, _events = GAME.apply(state, 0, Discard(card=cid(state, "X2", seat=0)))
    assert [[state.cards[c].name for c in h] for h in state.hands] == [["X1"], [], ["Z1", "Z2"]]


@pytest.mark.rule("BF-Q-16")
def test_the_crackdown_hits_only_players_who_caught_more_than_one_fish() -> None:
    state = build([["W:extra_catch"], ["Y1", "Y2"]], spots=[[("A", "big"), ("B", "big")], [("C", "big"), ("D", "big")]],
                  wilds=[["W:extra_catch"], ["W:extra_catch"]], events=[*QUIET, "E:discard_if_caught"], row=[],
                  deck=[f"D{i}" for i in range(40)])
    while kind(state) != "catch":
        state, _ = act(state, DONE)
    state, _ = act(state, Catch(fish=cid(state, "A", zone="spot")))
    state, _ = act(state, Catch(fish=cid(state, "B", zone="spot")))
    while state.seat == 0:
        state, _ = act(state, DONE)
    while kind(state) != "catch":
        state, _ = act(state, DONE)
    state, _ = act(state, Catch(fish=cid(state, "C", seat=1, zone="spot")))
    state, _ = pass_turns(state)
    assert state.phase == "event" and sorted(GAME.pending(state)) == [0]
    assert GAME.view(state, None).seats[0].caught_this_round == 2


@pytest.mark.rule("BF-Q-16", "BF-DRAW-3")
def test_drawing_events_are_private_to_each_drawer() -> None:
    state = build([[], [], []], spots=[[], [], []], ice=[[("I", "big")], [], []],
                  events=[*QUIET, "E:fewest_draw"], row=[], deck=[f"D{i}" for i in range(40)])
    state, events = pass_turns(state)
    assert [len(h) for h in state.hands] == [0, 2, 2]  # seats 1 and 2 tie on 0 points: both draw
    for k in (0, 1, 2):
        private = [e for e in events if e.visible_to is not None]
        assert all(len(e.visible_to) == 1 for e in private)
        assert not [e for e in private if k not in e.visible_to and e.text in texts(events, k)]


@pytest.mark.rule("BF-Q-16", "BF-ROUND-6")
def test_a_storm_resets_the_row_now_and_again_at_the_round_end() -> None:
    state = build([[], []], spots=[[("A", 0)], [("B", 0)]], events=[*QUIET, "E:reset_row"],
                  row=["R1", "R2", "R3", "R4"],
                  deck=[f"D{i}" for i in range(40)])
    state, events = pass_turns(state)
    assert sum(1 for e in events if e.text.startswith("New Face-Up Cards")) == 2
    assert len(state.discard) == 8 and len(state.row) == 4


@pytest.mark.rule("BF-END-2", "BF-ROUND-3")
def test_the_game_lasts_at_least_five_rounds() -> None:
    from fishtable.games.big_fish.options import BigFishOptions
    from tests.games.big_fish.builder import seats

    opts = GAME.prepare_options(BigFishOptions())
    last_rounds = set()
    for seed in range(60):
        state = GAME.new_game(opts, seats(2), seed)
        while GAME.pending(state):
            seat = next(iter(GAME.pending(state)))
            state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
        revealed = [state.events[e].effect for e in state.event_seen]
        assert revealed[-1] == "end_game" and "end_game" not in revealed[:-1]
        assert state.round >= 5 and len(revealed) == state.round
        last_rounds.add(state.round)
    assert min(last_rounds) == 5 and len(last_rounds) >= 6  # it may end at any round from the fifth
