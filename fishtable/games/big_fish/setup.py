"""Building a game: the Draw Deck, the deal, the Face-Up Cards, the Event Deck, the first player,
and the opening placement of up to three fish (BF-SETUP-*)."""

from __future__ import annotations

from collections.abc import Sequence

from fishtable.engine import fastrng
from fishtable.engine import rng as rand
from fishtable.engine.identity import PerObject
from fishtable.engine.protocol import Event, SeatInfo
from fishtable.games.big_fish import sequence, turn
from fishtable.games.big_fish.cards import (
    BIG,
    HAND_SIZE,
    JUVENILE,
    MAX_PLAYERS,
    MEDIUM,
    SIZE_WORDS,
    TOP_EVENTS,
    BigFishCards,
    Card,
    EventCard,
    build_cards,
    load_card_file,
)
from fishtable.games.big_fish.common import cards_words, event, join_words
from fishtable.games.big_fish.options import BigFishOptions
from fishtable.games.big_fish.state import BFState, put, without

MIN_PLAYERS = 2  # BF-Q-1
PLACED_SIZES = (BIG, MEDIUM, JUVENILE)  # filled in this order (BF-SETUP-15, BF-Q-4)

_tables: dict[str, tuple[tuple[Card, ...], tuple[EventCard, ...]]] = {}


def _tables_of(data: BigFishCards) -> tuple[tuple[Card, ...], tuple[EventCard, ...]]:
    key = data.model_dump_json()
    if key not in _tables:
        _tables[key] = build_cards(data)
    return _tables[key]


# card_tables(data): the card tables for some card data, built once per distinct data; the same
# data object (a prepared options' cards) is recognised without serialising it.
card_tables: PerObject[BigFishCards, tuple[tuple[Card, ...], tuple[EventCard, ...]]] = PerObject(_tables_of)


def card_data(options: BigFishOptions) -> BigFishCards:
    """The options' card data; without it (options not prepared), the card file or the shipped one."""
    if options.cards is not None:
        return options.cards
    return load_card_file(options.card_file)  # the shipped file when none is named


def build_event_deck(rng_state: int, events: tuple[EventCard, ...]) -> tuple[int, list[int]]:
    """BF-SETUP-10: Fishing Season Closed aside, shuffle the rest, four off the top, the end card
    shuffled into the remainder, the four back on top. Returns (rng state, deck with its top last)."""
    end = next(e.idx for e in events if e.effect == "end_game")
    others = [e.idx for e in events if e.idx != end]
    rng_state, others = fastrng.shuffled(rng_state, others)
    top = others[-TOP_EVENTS:]
    rest = [*others[:-TOP_EVENTS], end]
    rng_state, rest = fastrng.shuffled(rng_state, rest)
    return rng_state, rest + top


def _has_fish(cards: tuple[Card, ...], hand: list[int]) -> bool:
    return any(cards[c].type == "fish" for c in hand)


def new_game(options: BigFishOptions, seats: Sequence[SeatInfo], seed: int) -> BFState:
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Big Fish is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}.")
    if options.first_player is not None and not 1 <= options.first_player <= n:
        raise ValueError(
            f"First player: there is no seat {options.first_player} in a {n}-player game; choose a seat "
            f"from 1 to {n}, or leave it empty to choose at random."
        )
    cards, events = card_tables(card_data(options))
    names = tuple(s.name for s in seats)
    rng_state = rand.seed_state(seed)
    notes: list[str] = []

    # BF-SETUP-1, BF-SETUP-3: fish and wild cards shuffled together, 7 to each player.
    rng_state, deck = fastrng.shuffled(rng_state, list(range(len(cards))))
    hands: list[list[int]] = []
    for _ in range(n):
        hands.append(deck[-HAND_SIZE:])
        del deck[-HAND_SIZE:]
    # BF-Q-5: a hand without a fish is shown, shuffled back and dealt again, before the row is laid.
    for seat in range(n):
        while not _has_fish(cards, hands[seat]):
            notes.append(f"{names[seat]}'s hand holds no fish ({cards_words_table(cards, hands[seat])}): it is "
                         "shown, shuffled back into the Draw Deck, and 7 new cards are dealt.")
            rng_state, deck = fastrng.shuffled(rng_state, deck + hands[seat])
            hands[seat] = deck[-HAND_SIZE:]
            del deck[-HAND_SIZE:]
    # BF-SETUP-7: players + 2 Face-Up Cards.
    row = deck[-(n + 2):]
    del deck[-(n + 2):]
    rng_state, event_deck = build_event_deck(rng_state, events)
    # BF-SETUP-18, BF-Q-3: who last caught a real fish, or a random player.
    if options.first_player is None:
        rng_state, first = rand.below(rng_state, n)
        notes.append(f"{names[first]} is chosen at random to hold the First Player Card.")
    else:
        first = options.first_player - 1
        notes.append(f"{names[first]} caught a fish last and holds the First Player Card.")

    state = BFState(
        cards=cards, events=events, names=names, bots=tuple(s.bot is not None for s in seats),
        hard=options.hard_mode, setup_notes=tuple(notes),
        rng=rng_state, round=1, phase="place", first=first, seat=first, turns_done=0, step="",
        big_count=0, extra=0, allowed=0, taken=0, grown=[], deck=deck, row=row, discard=[], hands=hands,
        spots=[[] for _ in range(n)], wilds=[()] * n, fresh=[()] * n,
        ice=[()] * n, sizes=[-1] * len(cards), event_deck=event_deck, event_seen=[],
        caught_round=[0] * n, waiting=list(range(n)), need=[1] * n,
        aside=[()] * n, targets=[()] * n, resolving=-1,
    )
    state.need = [placement_count(state, seat) for seat in range(n)]
    return state


def cards_words_table(cards: tuple[Card, ...], hand: list[int]) -> str:
    return join_words([cards[c].name for c in hand])


# -- the opening placement (a simultaneous, secret choice) -------------------------------------


def placement_count(state: BFState, seat: int) -> int:
    """How many fish the seat must place: as many as it can, up to three (BF-Q-4)."""
    cards = state.cards
    return min(len(PLACED_SIZES), sum(1 for c in state.hands[seat] if cards[c].type == "fish"))


def open_sizes(state: BFState, seat: int) -> list[int]:
    """The sizes the seat has still to fill: Big first, then Medium, then Juvenile (BF-SETUP-15)."""
    chosen = state.aside[seat]
    taken = {state.sizes[c] for c in chosen}
    return [s for s in PLACED_SIZES[: len(chosen) + state.need[seat]] if s not in taken]


def placement_error(state: BFState, seat: int, card: int, size: int) -> str | None:
    if state.cards[card].type != "fish":
        return f"{state.cards[card].name} is a wild card; only fish go into the Fishing Spot at the start."
    sizes = open_sizes(state, seat)
    if size not in sizes:
        words = join_words([f"{SIZE_WORDS[s]}" for s in sizes])
        rule = " (with fewer than three fish cards, Big comes first, then Medium)" if len(sizes) < 3 else ""
        return f"Choose a fish for a size still open: {words}{rule}."
    return None


def place(state: BFState, seat: int, card: int, size: int, events: list[Event] | None) -> None:
    """One fish set aside at its size; hidden until every player has placed all of theirs."""
    # A copy of each list this changes (forks share them).
    state.hands = put(state.hands, seat, without(state.hands[seat], card))
    state.aside = put(state.aside, seat, (*state.aside[seat], card))
    state.sizes = put(state.sizes, card, size)  # a placed card carries its size while it waits
    state.need = put(state.need, seat, state.need[seat] - 1)
    if state.need[seat]:
        return
    state.waiting = [s for s in state.waiting if s != seat]
    if not state.waiting:
        reveal_placements(state, events)


def reveal_placements(state: BFState, events: list[Event] | None) -> None:
    for seat in range(state.n):
        chosen = sorted(state.aside[seat], key=lambda c: -state.sizes[c])
        state.spots = put(state.spots, seat, state.spots[seat] + chosen)
        parts = [f"{state.cards[c].name} as a {SIZE_WORDS[state.sizes[c]]} Fish" for c in chosen]
        if events is not None:
            events.append(event("place", f"{state.names[seat]} places {join_words(parts)}.", news=True))
    state.aside = [()] * state.n
    state.phase = "turn"
    state.seat = state.first
    if events is not None:
        events.append(event("round", f"Round 1 begins. {state.names[state.first]} has the First Player Card.",
                            news=True))
    turn.start_turn(state, events)
    sequence.settle(state, events)


def opening_lines(state: BFState) -> list[Event]:
    lines = [event("setup", note) for note in state.setup_notes if "hand holds no fish" in note]
    lines.append(event("setup", f"Everyone is dealt {HAND_SIZE} cards. The Face-Up Cards: "
                                f"{cards_words(state, state.row)}.", news=True))
    lines += [event("setup", note) for note in state.setup_notes if "hand holds no fish" not in note]
    lines.append(event("setup", "Everyone places up to three fish from their hand in secret: one Big, one "
                                "Medium and one Juvenile."))
    return lines
