"""The sea as an untidy, overlapping pile (ruling CF-Q-4).

Cards are laid one at a time at random spots in a bounded area; a card is
covered while any card laid after it overlaps it and is still in the sea.
"""

from __future__ import annotations

from fishtable.engine import fastrng
from fishtable.games.crazy_fishing.state import CFState, Layout

SEA_WIDTH = 46
SEA_HEIGHT = 11
CARD_WIDTH = 7
CARD_HEIGHT = 3


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) < CARD_WIDTH and abs(a[1] - b[1]) < CARD_HEIGHT


def lay_out(state: CFState, fish: list[int]) -> None:
    """Shuffle `fish` and lay them as a fresh sea (all sea and beside fish go in)."""
    seed, order = fastrng.shuffled(state.rng, fish)
    state.rng, placed = fastrng.spots(seed, order, SEA_WIDTH - CARD_WIDTH + 1, SEA_HEIGHT - CARD_HEIGHT + 1)
    place(state, placed)


def place(state: CFState, placed: list[tuple[int, int, int]]) -> None:
    """Make the sea exactly these (card, x, y), bottom first; labels number them 1, 2, ..."""
    order = [c for c, _, _ in placed]
    pos = {c: (x, y) for c, x, y in placed}
    coverers: dict[int, tuple[int, ...]] = {}
    for i, (card, x, y) in enumerate(placed):
        # _overlap, inlined: this runs for every pair of fish at every shuffle.
        coverers[card] = tuple([
            c for c, cx, cy in placed[i + 1 :]
            if -CARD_WIDTH < cx - x < CARD_WIDTH and -CARD_HEIGHT < cy - y < CARD_HEIGHT
        ])
    state.sea = order
    state.beside = []
    state.seen = []  # a new layout: no fish can be followed to its new place (CF-BAIT-8)
    state.layout = Layout(pos=pos, label={c: i + 1 for i, c in enumerate(order)}, coverers=coverers)


def reshuffle(state: CFState) -> None:
    """Shuffle the sea "with eyes closed": every fish, beside ones too, is laid anew."""
    lay_out(state, state.sea + state.beside)


def is_covered(state: CFState, card: int) -> bool:
    coverers = state.layout.coverers.get(card)
    if not coverers or card in state.beside:
        return False
    sea = state.sea
    return any(c in sea for c in coverers)


def uncovered(state: CFState) -> list[int]:
    """Fish a normal attempt may target: not covered, plus those beside the sea."""
    sea = state.sea
    coverers = state.layout.coverers
    here = None
    out = []
    for c in sea:
        over = coverers[c]
        if over:
            if here is None:
                here = set(sea)
            if not here.isdisjoint(over):
                continue
        out.append(c)
    return out + state.beside if state.beside else out


def any_uncovered(state: CFState) -> bool:
    """Is some fish reachable without a Bait Bucket? The top card nearly always is."""
    if state.beside:
        return True
    sea = state.sea
    if not sea:
        return False
    over = state.layout.coverers[sea[-1]]
    if not over or set(sea).isdisjoint(over):
        return True
    return bool(uncovered(state))


def fish_count(state: CFState) -> int:
    """Fish still to be caught: the sea and beside it (ruling CF-Q-18)."""
    return len(state.sea) + len(state.beside)


def by_label(state: CFState, label: int) -> int | None:
    for card in state.sea:
        if state.layout.label[card] == label:
            return card
    for card in state.beside:
        if state.layout.label[card] == label:
            return card
    return None
