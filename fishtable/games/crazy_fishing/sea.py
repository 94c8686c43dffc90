"""The sea as an untidy, overlapping pile (ruling CF-Q-4).

Cards are laid one at a time at random spots in a bounded area; a card is
covered while any card laid after it overlaps it and is still in the sea. The
sea list keeps the laying order (bottom first), so the cards above a card are
the ones after it: one pass from the top, adding up the cells they lie on,
finds every covered card.
"""

from __future__ import annotations

from fishtable.engine import fastrng
from fishtable.games.crazy_fishing.state import CFState, Layout

SEA_WIDTH = 46
SEA_HEIGHT = 11
CARD_WIDTH = 7
CARD_HEIGHT = 3


_ROW = 64  # bits per row of the sea in a mask: more than its width, so a card's cells never wrap
_CARD_ROW = (1 << CARD_WIDTH) - 1
_MASKS: dict[tuple[int, int], int] = {}


def mask_of(x: int, y: int) -> int:
    """The cells a card laid at (x, y) covers, as bits (row y's cell x is bit y * 64 + x)."""
    mask = _MASKS.get((x, y))
    if mask is None:
        mask = 0
        for row in range(y, y + CARD_HEIGHT):
            mask |= _CARD_ROW << (row * _ROW + x)
        mask = _MASKS[(x, y)] = mask
    return mask


def lay_out(state: CFState, fish: list[int]) -> None:
    """Shuffle `fish` and lay them as a fresh sea (all sea and beside fish go in)."""
    seed, order = fastrng.shuffled(state.rng, fish)
    state.rng, placed = fastrng.spots(seed, order, SEA_WIDTH - CARD_WIDTH + 1, SEA_HEIGHT - CARD_HEIGHT + 1)
    place(state, placed)


def place(state: CFState, placed: list[tuple[int, int, int]]) -> None:
    """Make the sea exactly these (card, x, y), bottom first; labels number them 1, 2, ..."""
    order: list[int] = []
    pos: dict[int, tuple[int, int]] = {}
    label: dict[int, int] = {}
    masks: dict[int, int] = {}
    known = _MASKS
    for c, x, y in placed:  # one pass: every shuffle of the sea lays it anew
        order.append(c)
        xy = pos[c] = (x, y)
        label[c] = len(order)
        masks[c] = known.get(xy) or mask_of(x, y)
    state.sea = order
    state.beside = []
    state.seen = []  # a new layout: no fish can be followed to its new place (CF-BAIT-8)
    state.layout = Layout(pos=pos, label=label, masks=masks)


def reshuffle(state: CFState) -> None:
    """Shuffle the sea "with eyes closed": every fish, beside ones too, is laid anew."""
    lay_out(state, state.sea + state.beside)


def is_covered(state: CFState, card: int) -> bool:
    """Does a fish laid after this one, and still in the sea, overlap it?"""
    sea = state.sea
    if card in state.beside or card not in sea:
        return False
    coverers = state.layout.coverers
    if coverers is not None:
        return any(c in sea for c in coverers.get(card, ()))
    masks = state.layout.masks
    above = 0
    for c in sea[sea.index(card) + 1:]:
        above |= masks[c]
    return bool(masks[card] & above)


def uncovered(state: CFState) -> list[int]:
    """Fish a normal attempt may target: not covered, plus those beside the sea."""
    sea = state.sea
    coverers = state.layout.coverers
    if coverers is not None:
        here = set(sea)
        out = [c for c in sea if here.isdisjoint(coverers.get(c, ()))]
    else:
        global _last_uncovered
        layout = state.layout
        key = tuple(sea)
        last = _last_uncovered
        if last[0] is layout and last[1] == key:
            out = list(last[2])  # the same sea as last time: a fish got away, or the same turn goes on
        else:
            masks = layout.masks
            above = 0  # the cells of the fish above, from the top down
            out = []
            for c in reversed(sea):
                mask = masks[c]
                if not mask & above:
                    out.append(c)
                above |= mask
            out.reverse()
            _last_uncovered = (layout, key, tuple(out))
    return out + state.beside if state.beside else out


# The last sea `uncovered` read: its layout (never changed once made), its fish, the uncovered ones.
_last_uncovered: tuple[Layout | None, tuple[int, ...], tuple[int, ...]] = (None, (), ())


def any_uncovered(state: CFState) -> bool:
    """Is some fish reachable without a Bait Bucket? The top card always is, in a real layout."""
    if state.beside:
        return True
    if not state.sea:
        return False
    return state.layout.coverers is None or bool(uncovered(state))


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
