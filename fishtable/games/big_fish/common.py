"""Small helpers shared by the phase modules: counts, card words, effect texts, events."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fishtable.engine.events import event as event  # re-exported: the one way a game makes an event
from fishtable.games.big_fish.cards import BIG, SIZE_WORDS, Card, EventCard
from fishtable.games.big_fish.state import BFState

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")




def number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def join_words(items: list[str]) -> str:
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


_CLOCKWISE: dict[tuple[int, int, int], tuple[int, ...]] = {}


def clockwise(start: int, n: int, count: int) -> tuple[int, ...]:
    """`count` seats clockwise from seat `start` at a table of `n`; kept, being few and asked for often."""
    key = (start, n, count)
    seats = _CLOCKWISE.get(key)
    if seats is None:
        seats = _CLOCKWISE[key] = tuple([(start + k) % n for k in range(count)])
    return seats


def big_count(state: BFState, seat: int) -> int:
    """Big Fish in a seat's own Fishing Spot; the Ice Box never counts (BF-TURN-3)."""
    sizes = state.sizes
    count = 0
    for c in state.spots[seat]:  # a plain loop: this runs at nearly every step
        if sizes[c] == BIG:
            count += 1
    return count


def working_extra(state: BFState, seat: int, effect: str) -> int:
    """Extras from the seat's working coloured wild cards of one effect type (BF-TURN-4, BF-WILD-4)."""
    wilds = state.wilds[seat]
    if not wilds:  # the usual case, at every step
        return 0
    cards = state.cards
    fresh = state.fresh[seat]
    extra = 0
    for w in wilds:
        card = cards[w]
        if card.effect == effect and w not in fresh:
            extra += card.amount
    return extra


def protected(state: BFState, seat: int, effect: str) -> bool:
    """Whether a wild card in the seat's Fishing Spot blocks black cards of this effect type."""
    cards = state.cards
    for w in state.wilds[seat]:  # noqa: SIM110 - a plain loop: this runs at every wild step
        if effect in cards[w].against:
            return True
    return False


def card_word(state: BFState, card: int) -> str:
    return state.cards[card].name


def cards_words(state: BFState, cards: Sequence[int]) -> str:
    return join_words([state.cards[c].name for c in cards])


def bag_blocked(state: BFState, seat: int, card: int) -> bool:
    """Hard mode: one catch per player of each bag-limited species (BF-HARD-2, BF-Q-22)."""
    if not state.hard:
        return False
    c = state.cards[card]
    if not c.bag:
        return False
    name = c.name
    cards = state.cards
    return any(cards[x].name == name for x in state.ice[seat])


_SIZE_LOWER = tuple(w.lower() for w in SIZE_WORDS)


def sizes_words(sizes: tuple[int, ...], joiner: str = "or") -> str:
    words = [_SIZE_LOWER[s].capitalize() for s in sizes]
    if len(words) <= 1:
        return words[0] if words else "any"
    return ", ".join(words[:-1]) + f" {joiner} " + words[-1]


def counted(n: int, word: str) -> str:
    """A count in words with its noun: "one card", "three cards"."""
    return f"{number(n)} {word}{'s' if n > 1 else ''}"


_PROTECT_VERBS = {"steal": "take", "shrink_others": "shrink", "swap": "swap"}


def _protect_text(card: Card) -> str:
    verbs = join_words([_PROTECT_VERBS[a] for a in card.against]).replace(" and ", " or ")
    return f"Stays in your Fishing Spot: other players' black cards cannot {verbs} your fish."


# What a wild card does, in words, by its effect type, from its parameters.
_WILD_TEXTS: dict[str, Callable[[Card], str]] = {
    "extra_draw": lambda c: f"Draw step: draw {counted(c.amount, 'extra card')}.",
    "extra_spawn": lambda c: f"Spawn step: spawn {number(c.amount)} extra fish.",
    "extra_grow": lambda c: f"Grow step: {counted(c.amount, 'extra growth step')}.",
    "extra_catch": lambda c: f"Catch step: catch {number(c.amount)} extra fish.",
    "shrink_others": lambda c: (f"Every other player shrinks one {SIZE_WORDS[c.from_size]} Fish of their choice "
                                f"to {SIZE_WORDS[c.to_size]}."),
    "steal": lambda c: (f"Take one {sizes_words(c.sizes)} fish from another player's Fishing Spot into your "
                        "Ice Box at its size."),
    "swap": lambda c: "Swap one fish in your Fishing Spot with one of the same size in another player's.",
    "protect": _protect_text,
}


def wild_text(card: Card) -> str:
    """What a wild card does, in words, from its effect type and parameters."""
    text = _WILD_TEXTS.get(card.effect)
    return text(card) if text is not None else ""


def _remove_text(card: EventCard) -> str:
    size = SIZE_WORDS[card.size]
    what = f"one {size} fish" if card.count == 1 else f"up to {number(card.count)} {size} fish"
    return f"Each player removes {what} from their Fishing Spot to the discard pile, if they have one."


def _grow_text(card: EventCard) -> str:
    what = "one fish one size" if card.count == 1 else f"up to {number(card.count)} fish one size each"
    return f"Each player may grow {what} now."


# What an event card does, in words, by its effect type, from its parameters.
_EVENT_TEXTS: dict[str, Callable[[EventCard], str]] = {
    "remove_fish": _remove_text,
    "shrink_species": lambda c: (f"{join_words(list(c.species))} in Fishing Spots shrink one size "
                                 "(a Larval one is discarded)."),
    "discard_unless": lambda c: (f"Each player with no {sizes_words(c.sizes)} fish discards "
                                 f"{counted(c.count, 'card')} from hand."),
    "spawn": lambda c: f"Each player may spawn {number(c.count)} extra Larval fish from hand now.",
    "grow": _grow_text,
    "draw": lambda c: f"Each player draws {counted(c.count, 'card')} from the deck.",
    "discard_if_caught": lambda c: (f"Each player who caught more than {number(c.more_than)} fish this round "
                                    f"discards {counted(c.count, 'card')} from hand."),
    "reset_row": lambda c: "Reset the Face-Up Cards now, and again at this round's end.",
    "fewest_draw": lambda c: (f"The player with the fewest points in their Ice Box draws "
                              f"{counted(c.count, 'card')} (tied players all draw)."),
    "nothing": lambda c: "Nothing happens.",
    "end_game": lambda c: "The game ends now.",
}


def event_text(card: EventCard) -> str:
    """What an event card does, in words, from its effect type and parameters."""
    text = _EVENT_TEXTS.get(card.effect)
    return text(card) if text is not None else ""


def ice_points(state: BFState, seat: int) -> int:
    """Points of the fish in a seat's Ice Box, at the size each was caught (BF-SCORE-1)."""
    cards = state.cards
    sizes = state.sizes
    return sum(cards[c].points[sizes[c]] for c in state.ice[seat])


def spot_points(state: BFState, seat: int) -> int:
    """1 point per Larval, Juvenile or Medium fish in the Fishing Spot, 2 per Big Fish (BF-SCORE-2)."""
    sizes = state.sizes
    return sum(2 if sizes[c] == BIG else 1 for c in state.spots[seat])
