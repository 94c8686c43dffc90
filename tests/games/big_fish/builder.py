"""Build Big Fish states card by card, for rule tests on exact positions.

Card specs (tests build their own cards; nothing depends on the shipped data):
  fish   "Cod" (points 0/1/2/4), "Tuna:0/2/4/8", "Shark:0/2/3/6:bag"
  wild   "W:extra_draw" (orange), "W:extra_spawn" (purple), "W:extra_grow" (green),
         "W:extra_catch" (yellow), "W:extra_catch:2" (amount 2), "W:shrink" (Big to Medium),
         "W:steal" (Medium or Big), "W:swap", "W:protect" (against steal and shrink;
         "W:protect:steal/swap" against those)
  events "E:nothing", "E:end_game", "E:grow", "E:spawn", "E:draw", "E:remove_fish",
         "E:shrink_species:Cod", "E:discard_unless", "E:discard_if_caught", "E:reset_row",
         "E:fewest_draw"
Fish in a Fishing Spot or Ice Box are (spec, size) pairs, size a word ("big") or 0..3.
Piles are listed bottom first: the last card of `deck` is drawn first, and the last
event is revealed first.
"""

from __future__ import annotations

from collections.abc import Sequence

from fishtable.engine.protocol import SeatInfo
from fishtable.games.big_fish import GAME, sequence, turn
from fishtable.games.big_fish.cards import SIZE_KEYS, Card, EventCard
from fishtable.games.big_fish.state import BFState

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Finn")
WILD_COLOURS = {"extra_draw": "orange", "extra_spawn": "purple", "extra_grow": "green", "extra_catch": "yellow"}
WILD_NAMES = {
    "extra_draw": "Research", "extra_spawn": "Seaweed", "extra_grow": "Plankton", "extra_catch": "Rod",
    "shrink": "Heat Wave", "steal": "Poaching", "swap": "Relocation", "protect": "Groper",
}
FishSpec = str | tuple[str, str | int]


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=NAMES[i]) for i in range(n)]


def size_of(size: str | int) -> int:
    return size if isinstance(size, int) else SIZE_KEYS.index(size)


class Builder:
    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.fish_count = 0
        self.wild_count = 0

    def card(self, spec: str) -> int:
        idx = len(self.cards)
        if spec.startswith("W:"):
            parts = spec[2:].split(":")
            effect = parts[0]
            self.wild_count += 1
            cid = f"W{self.wild_count:02d}"
            name = WILD_NAMES[effect]
            if effect in WILD_COLOURS:
                amount = int(parts[1]) if len(parts) > 1 else 1
                card = Card(idx, cid, "wild", name, colour=WILD_COLOURS[effect], effect=effect, amount=amount)
            elif effect == "shrink":
                card = Card(idx, cid, "wild", name, colour="black", effect="shrink_others", from_size=3, to_size=2)
            elif effect == "steal":
                card = Card(idx, cid, "wild", name, colour="black", effect="steal", sizes=(2, 3))
            elif effect == "swap":
                card = Card(idx, cid, "wild", name, colour="black", effect="swap")
            elif effect == "protect":  # "W:protect:steal/swap" names what it blocks
                against = tuple(sorted(parts[1].split("/"))) if len(parts) > 1 else ("shrink_others", "steal")
                card = Card(idx, cid, "wild", name, colour="black", effect="protect", against=against)
            else:
                raise ValueError(f"bad wild spec {spec!r}")
        else:
            parts = spec.split(":")
            points = tuple(int(p) for p in parts[1].split("/")) if len(parts) > 1 else (0, 1, 2, 4)
            self.fish_count += 1
            card = Card(idx, f"F{self.fish_count:02d}", "fish", parts[0], points, len(parts) > 2 and parts[2] == "bag")
        self.cards.append(card)
        return idx


def event_card(idx: int, spec: str) -> EventCard:
    parts = spec[2:].split(":")
    effect = parts[0]
    name = effect.replace("_", " ").title()
    if effect == "end_game":
        name = "Season Closed"
    kwargs: dict = {}
    if effect in ("grow", "spawn", "draw", "remove_fish", "discard_unless", "discard_if_caught"):
        kwargs["count"] = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
    if effect == "fewest_draw":
        kwargs["count"] = 2
    if effect == "remove_fish":
        kwargs["size"] = 0
    if effect == "discard_unless":
        kwargs["sizes"] = (2, 3)
    if effect == "discard_if_caught":
        kwargs["more_than"] = 1
    if effect == "shrink_species":
        kwargs["species"] = tuple(parts[1:])
    return EventCard(idx, f"E{idx + 1:02d}", name, effect, **kwargs)


def build(
    hands: Sequence[Sequence[str]],
    spots: Sequence[Sequence[FishSpec]] | None = None,
    wilds: Sequence[Sequence[str]] | None = None,
    fresh: Sequence[Sequence[str]] | None = None,
    ice: Sequence[Sequence[FishSpec]] | None = None,
    deck: Sequence[str] = ("Deck1", "Deck2", "Deck3", "Deck4", "Deck5", "Deck6", "Deck7", "Deck8"),
    row: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    events: Sequence[str] = ("E:end_game", "E:nothing", "E:nothing", "E:nothing", "E:nothing"),
    seat: int = 0,
    first: int | None = None,
    round: int = 1,
    hard: bool = False,
    start: bool = True,
) -> BFState:
    """A state at the start of `seat`'s turn (start=True), with exactly these cards.

    `fresh` wild cards lie in the spot but were played last turn; they start working when
    the turn starts, so use start=False to look at them before that.
    """
    n = len(hands)
    b = Builder()

    def fish_list(entries: Sequence[Sequence[FishSpec]] | None) -> list[list[tuple[int, int]]]:
        out = []
        for i in range(n):
            row_ = []
            for entry in (entries[i] if entries else ()):
                spec, size = (entry, "larval") if isinstance(entry, str) else entry
                row_.append((b.card(spec), size_of(size)))
            out.append(row_)
        return out

    hand_ids = [[b.card(s) for s in h] for h in hands]
    spot_ids = fish_list(spots)
    ice_ids = fish_list(ice)
    wild_ids = [[b.card(s) for s in (wilds[i] if wilds else ())] for i in range(n)]
    fresh_ids = [[b.card(s) for s in (fresh[i] if fresh else ())] for i in range(n)]
    if row is None:
        row = tuple(f"Row{i + 1}" for i in range(n + 2))
    row_ids = [b.card(s) for s in row]
    deck_ids = [b.card(s) for s in deck]
    discard_ids = [b.card(s) for s in discard]
    event_cards = tuple(event_card(i, s) for i, s in enumerate(events))
    sizes = [-1] * len(b.cards)
    for zone in (spot_ids, ice_ids):
        for entries in zone:
            for card, size in entries:
                sizes[card] = size
    first = seat if first is None else first
    state = BFState(
        cards=tuple(b.cards), events=event_cards, names=NAMES[:n], bots=(False,) * n, hard=hard,
        setup_notes=(), rng=12345, round=round, phase="turn", first=first, seat=seat,
        turns_done=(seat - first) % n, step="", big_count=0, extra=0, allowed=0, taken=0, grown=[],
        deck=deck_ids, row=row_ids, discard=discard_ids, hands=hand_ids,
        spots=[[c for c, _ in s] for s in spot_ids],
        wilds=[tuple(w + f) for w, f in zip(wild_ids, fresh_ids, strict=True)],
        fresh=[tuple(f) for f in fresh_ids], ice=[tuple(c for c, _ in s) for s in ice_ids], sizes=sizes,
        event_deck=list(range(len(event_cards))), event_seen=[], caught_round=[0] * n, waiting=[],
        need=[0] * n, aside=[()] * n, targets=[()] * n, resolving=-1,
    )
    if start:
        events_out: list = []
        turn.start_turn(state, events_out)
        sequence.settle(state, events_out)
    return state


# -- finding cards and acting -------------------------------------------------------------------


def cid(state: BFState, name: str, seat: int | None = None, zone: str = "hand", nth: int = 0) -> str:
    """The id of the nth card called `name` in a zone: hand, spot, ice, wilds (of `seat`), row, deck, discard."""
    if zone in ("row", "deck", "discard"):
        cards = {"row": state.row, "deck": state.deck, "discard": state.discard}[zone]
    else:
        s = state.seat if seat is None else seat
        cards = {"hand": state.hands, "spot": state.spots, "ice": state.ice, "wilds": state.wilds}[zone][s]
    found = [state.cids[c] for c in cards if state.cards[c].name == name]
    if len(found) <= nth:
        raise KeyError(f"no {name!r} in {zone}")
    return found[nth]


def index(state: BFState, card_id: str) -> int:
    return state.cids.index(card_id)


def size(state: BFState, card_id: str) -> int:
    return state.sizes[index(state, card_id)]


def play(state: BFState, seat: int, action: object) -> tuple[BFState, list]:
    return GAME.apply(state, seat, action)


def act(state: BFState, action: object) -> tuple[BFState, list]:
    """Apply for the only seat that must decide now."""
    prompts = GAME.pending(state)
    assert len(prompts) == 1, f"several seats decide: {sorted(prompts)}"
    return GAME.apply(state, next(iter(prompts)), action)


def kind(state: BFState, seat: int | None = None) -> str | None:
    prompts = GAME.pending(state)
    if seat is None:
        assert len(prompts) <= 1
        return next(iter(prompts.values())).kind if prompts else None
    return prompts[seat].kind if seat in prompts else None


def texts(events: list, seat: int | None = None) -> list[str]:
    """Log lines a seat (None: the public table) may read."""
    return [e.text for e in events if e.visible_for(seat)]


def rejected(state: BFState, seat: int, action: object, match: str | None = None) -> str:
    """The action is refused with IllegalAction, and the state is untouched."""
    import pytest

    from fishtable.engine.errors import IllegalAction

    before = state.canonical()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert state.canonical() == before
    if match is not None:
        assert match.lower() in str(info.value).lower(), str(info.value)
    return str(info.value)
