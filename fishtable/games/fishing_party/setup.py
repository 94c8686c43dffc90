"""Building a game: the rods handed out, the deck for the number of players, the first player,
the deal, the table and the face-down first discard (FP-SETUP-*, FP-VAR-1..6)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from fishtable.engine import rng as rand
from fishtable.engine.protocol import Event, SeatInfo
from fishtable.games.fishing_party.cards import (
    BROKEN_LINE,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROD,
    SNAP,
    TABLE_SIZE,
    Card,
    FishingPartyCards,
    build_cards,
    default_cards,
    load_card_file,
)
from fishtable.games.fishing_party.common import event, plural, roll_off, rolls_text
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.state import NONE, FPState, Static

_tables: dict[str, tuple[tuple[Card, ...], tuple[str, ...]]] = {}


def card_table(data: FishingPartyCards) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """The card table for some card data, built once per distinct data."""
    key = data.model_dump_json()
    if key not in _tables:
        _tables[key] = build_cards(data)
    return _tables[key]


def card_data(options: FishingPartyOptions) -> FishingPartyCards:
    """The options' card data; without it (options not prepared), the card file or the shipped one."""
    if options.cards is not None:
        return options.cards
    if options.card_file:
        return load_card_file(Path(options.card_file).expanduser())
    return default_cards()


def split_deck(cards: tuple[Card, ...], players: int) -> tuple[list[int], list[int], list[int]]:
    """(rods handed out, cards out of the game, cards to shuffle) for this many players.

    FP-SETUP-1/2: one rod per player, the other rods go into the deck; with two or
    three players the other rods and the Snaps stay out, and with two the Broken
    Lines too (FP-VAR-1..4).
    """
    rods = [c.idx for c in cards if c.code == ROD]
    handed = rods[:players]
    out: set[int] = set()
    if players <= 3:
        out.update(rods[players:])
        out.update(c.idx for c in cards if c.code == SNAP)
        if players == 2:
            out.update(c.idx for c in cards if c.code == BROKEN_LINE)
    deck = [c.idx for c in cards if c.idx not in out and c.idx not in handed]
    return handed, sorted(out), deck


def new_game(options: FishingPartyOptions, seats: Sequence[SeatInfo], seed: int) -> FPState:
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Fishing Party is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}.")
    data = card_data(options)
    cards, kinds = card_table(data)
    handed, removed, deck = split_deck(cards, n)
    rng_state, deck = rand.shuffled(rand.seed_state(seed), deck)
    static = Static(
        cards=cards,
        kinds=kinds,
        names=tuple(s.name for s in seats),
        bots=tuple(s.bot is not None for s in seats),
        scheme=options.weights,
        quick_play=options.quick_play,
        time_limit=options.time_limit_minutes,
        removed=tuple(removed),
        first_rolls=(),
        reactions=n > 2 and any(c.code == BROKEN_LINE for c in cards),
        data=data,
    )
    state = FPState(
        static=static,
        rng=rng_state,
        draw=deck,
        discard=[],
        table=[],
        hands=[[] for _ in range(n)],
        rods=list(handed),
        lures=[NONE] * n,
        ouches=[NONE] * n,
        perms=[()] * n,
        ponds=[()] * n,
        seat=0,
        known=((),) * n,
        own_discards=((),) * n,
    )
    # FP-SETUP-3, FP-Q-3: everyone rolls clockwise; only the tied highest roll again.
    first, rounds = roll_off(state, list(range(n)))
    static.first_rolls = rounds
    for _ in range(HAND_SIZE):  # FP-SETUP-5: one card at a time, clockwise
        for s in range(n):
            state.hands[s].append(state.draw.pop())
    state.table = [state.draw.pop() for _ in range(TABLE_SIZE)]  # FP-SETUP-7
    state.discard.append(state.draw.pop())  # FP-SETUP-11: face down, never shown
    state.seat = first
    state.moves_left = 2 if options.quick_play else 1
    return state


def opening_lines(state: FPState) -> list[Event]:
    st = state.static
    n = st.n
    shuffled = len(st.cards) - n - len(st.removed)
    lines = [f"Each player lays a Fishing Rod in front of them; {plural(shuffled, 'card')} are shuffled into the deck."]
    if n <= 3:
        out = "the other Fishing Rods and the Snaps" + (" and the Broken Lines" if n == 2 else "")
        lines.append(f"With {n} players, {out} stay out of the game.")
    lines.append(f"Everyone is dealt {HAND_SIZE} cards and {TABLE_SIZE} cards are laid face up on the table.")
    rolls = len(lines)  # FP-SETUP-3: the die rolls for the first turn, news for the whole table
    lines.append(f"Rolls for the first turn: {rolls_text(st.names, st.first_rolls)}.")
    rules = [f"{st.scheme.capitalize()} weights"]
    if st.quick_play:
        rules.append("Quick-Play: two moves a turn")
    if st.time_limit is not None:
        rules.append(f"time limit {st.time_limit} minutes")
    lines.append("Playing with " + ", ".join(rules) + ".")
    lines.append(f"{st.names[state.seat]} starts.")
    return [event("setup", text, news=i in (rolls, len(lines) - 1)) for i, text in enumerate(lines)]
