"""Building a game: the card table for the chosen options and player count, and the deal."""

from __future__ import annotations

from collections.abc import Sequence

from fishtable.engine import fastrng
from fishtable.engine import rng as rand
from fishtable.engine.errors import CardFileError
from fishtable.engine.identity import PerObject
from fishtable.engine.protocol import SeatInfo
from fishtable.games.crazy_fishing import sea
from fishtable.games.crazy_fishing.cards import INFINITE, Card, CardFile, load_card_file
from fishtable.games.crazy_fishing.casting import start_round
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from fishtable.games.crazy_fishing.state import CFState

HAND_SIZE = 6
START_RODS = 3
START_BAITS = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 6

def card_file_for(options: CrazyFishingOptions) -> CardFile:
    """The options' card data; without it, the card file (the loader reads it once per version)."""
    if options.cards is not None:
        return options.cards
    return load_card_file(options.card_file)


def build_cards(
    data: CardFile, options: CrazyFishingOptions, players: int, seed: int
) -> tuple[tuple[Card, ...], int]:
    """The cards in play, fish first, then rods, then baits; returns (cards, rng state).

    Two players drop every 3+ card (CF-SETUP-1). Out-of-series fish each
    replace a random ordinary fish of the same size (CF-OOS-8, CF-OOS-10);
    out-of-series rods each replace an ordinary rod of their speed without
    "+" (CF-Q-28).
    """
    state = rand.seed_state(seed)
    keep = players > 2
    fish = [f for f in data.fish if keep or not f.three_plus]
    rods = [r for r in data.rods for _ in range(r.copies) if keep or not r.three_plus]
    baits = [b for b in data.baits for _ in range(b.copies) if keep or not b.three_plus]

    wanted = list(options.oos_fish)
    pool = list(data.oos_fish)
    chosen = []
    for name in wanted:
        match = next((o for o in pool if o.name.lower() == name.lower()), None)
        if match is None:
            known = ", ".join(sorted({o.name for o in data.oos_fish})) or "none"
            raise CardFileError(
                f"There is no out-of-series fish called {name!r} left to add (available: {known})."
            )
        pool.remove(match)
        chosen.append(match)
    for _ in range(min(options.random_oos_fish, len(pool))):
        # Draw only fish that still have an ordinary fish of their size to replace (CF-OOS-8):
        # a two-player sea has one size-1 fish, so both Pairs of Fish cannot go in together.
        free = [f.size for f in fish if f.kind == "fish"]
        for oos in chosen:
            if oos.size in free:
                free.remove(oos.size)
        fits = [i for i, o in enumerate(pool) if o.size in free]
        if not fits:
            break
        state, k = rand.below(state, len(fits))
        chosen.append(pool.pop(fits[k]))

    # (name, size, kind or effect, back, 3+, out of series) and (name, speed, plus, special, 3+, out of series)
    fish_cards: list[tuple[str, int, str, str, bool, bool]] = [
        (f.name, f.size, f.kind, f.back, f.three_plus, False) for f in fish
    ]
    for oos in chosen:
        candidates = [
            i for i, f in enumerate(fish_cards) if f[2] == "fish" and not f[5] and f[1] == oos.size
        ]
        if not candidates:
            raise CardFileError(
                f"{oos.name} (size {oos.size}) has no ordinary fish of size {oos.size} left to "
                "replace; boots, pearls and monsters can never be replaced."
            )
        state, k = rand.below(state, len(candidates))
        fish_cards[candidates[k]] = (oos.name, oos.size, oos.effect, oos.back, False, True)

    rod_cards: list[tuple[str, int, bool, str | None, bool, bool]] = [
        (r.name, r.speed, r.plus, r.special, r.three_plus, False) for r in rods
    ]
    if options.oos_rods:
        for oos_rod in data.oos_rods:
            idx = next(
                (
                    i
                    for i, r in enumerate(rod_cards)
                    if r[3] is None and not r[2] and not r[5] and r[1] == oos_rod.speed
                ),
                None,
            )
            if idx is None:
                raise CardFileError(
                    f"No ordinary rod of speed {oos_rod.speed} without '+' is left to make room "
                    f"for the {oos_rod.name}."
                )
            rod_cards[idx] = (oos_rod.name, oos_rod.speed, oos_rod.plus, "oos_rod", False, True)

    cards: list[Card] = []
    for i, (name, size, kind, back, three, is_oos) in enumerate(fish_cards):
        cards.append(Card(len(cards), f"F{i + 1:02d}", "fish", name, size, False, kind, back,
                          three, is_oos))
    for i, (name, speed, plus, special, three, is_oos) in enumerate(rod_cards):
        cards.append(Card(len(cards), f"R{i + 1:02d}", "rod", name, speed, plus, special, "",
                          three, is_oos))
    for i, b in enumerate(baits):
        value = INFINITE if b.value is None else b.value
        cards.append(Card(len(cards), f"B{i + 1:02d}", "bait", b.name, value, b.plus, b.special,
                          "", b.three_plus, False))
    return tuple(cards), state


# Card tables that need no random draw (no out-of-series fish), by card data, out-of-series
# rods and player count: built once, shared by every game dealt from them.
_tables: dict[tuple[int, bool, int], tuple[CardFile, tuple[Card, ...]]] = {}


def _table(data: CardFile, options: CrazyFishingOptions, players: int, seed: int) -> tuple[tuple[Card, ...], int]:
    """`build_cards`, without building again a table that needs no random draw."""
    if options.oos_fish or options.random_oos_fish:
        return build_cards(data, options, players, seed)
    key = (id(data), options.oos_rods, players)
    entry = _tables.get(key)
    if entry is None or entry[0] is not data:
        if len(_tables) > 32:
            _tables.clear()
        entry = _tables[key] = (data, build_cards(data, options, players, seed)[0])
    return entry[1], rand.seed_state(seed)


def new_game(options: CrazyFishingOptions, seats: Sequence[SeatInfo], seed: int) -> CFState:
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Crazy Fishing is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}.")
    cards, rng_state = _table(card_file_for(options), options, n, seed)
    fish, rods, baits = _by_type(cards)  # shared: shuffled copies them
    if len(rods) < START_RODS * n or len(baits) < START_BAITS * n:
        raise CardFileError("The card file has too few rods or baits to deal to every player.")
    rng_state, rods = fastrng.shuffled(rng_state, rods)
    rng_state, baits = fastrng.shuffled(rng_state, baits)
    hands = []
    for _ in range(n):
        hand = rods[:START_RODS] + baits[:START_BAITS]
        del rods[:START_RODS]
        del baits[:START_BAITS]
        hands.append(hand)
    state = CFState(
        cards=cards,
        names=tuple(s.name for s in seats),
        bots=tuple(s.bot is not None for s in seats),
        rng=rng_state,
        round=1,
        phase="cast",
        sea=[],
        beside=[],
        layout=None,  # type: ignore[arg-type]  # laid just below
        rod_deck=rods,
        bait_deck=baits,
        rod_discard=[],
        bait_discard=[],
        removed=[],
        hands=hands,
        piles=[[] for _ in range(n)],
        casts=[None] * n,
        fish_bait=[None] * n,
    )
    sea.lay_out(state, fish)
    start_round(state, None)  # its event is the opening_events' second line
    return state


# The fish, rods and baits of a card table, by index, once per table.
def _types_of(cards: tuple[Card, ...]) -> tuple[list[int], list[int], list[int]]:
    fish: list[int] = []
    rods: list[int] = []
    baits: list[int] = []
    for c in cards:
        (fish if c.type == "fish" else rods if c.type == "rod" else baits).append(c.idx)
    return fish, rods, baits


_by_type: PerObject[tuple[Card, ...], tuple[list[int], list[int], list[int]]] = PerObject(_types_of)
