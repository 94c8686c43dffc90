"""Small helpers shared by the phase modules: counts, card words, effect texts, events."""

from __future__ import annotations

from collections.abc import Sequence

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


def big_count(state: BFState, seat: int) -> int:
    """Big Fish in a seat's own Fishing Spot; the Ice Box never counts (BF-TURN-3)."""
    sizes = state.sizes
    return [sizes[c] for c in state.spots[seat]].count(BIG)


def working_extra(state: BFState, seat: int, effect: str) -> int:
    """Extras from the seat's working coloured wild cards of one effect type (BF-TURN-4, BF-WILD-4)."""
    wilds = state.wilds[seat]
    if not wilds:  # the usual case, at every step
        return 0
    cards = state.cards
    fresh = state.fresh[seat]
    return sum([cards[w].amount for w in wilds if cards[w].effect == effect and w not in fresh])


def protected(state: BFState, seat: int, effect: str) -> bool:
    """Whether a wild card in the seat's Fishing Spot blocks black cards of this effect type."""
    cards = state.cards
    return any(effect in cards[w].against for w in state.wilds[seat])


def fish_word(state: BFState, card: int) -> str:
    """A fish with its current size: "Flounder (Big, 4)"."""
    c = state.cards[card]
    size = state.sizes[card]
    return f"{c.name} ({SIZE_WORDS[size]}, {c.points[size]})"


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


_PROTECT_VERBS = {"steal": "take", "shrink_others": "shrink", "swap": "swap"}


def wild_text(card: Card) -> str:
    """What a wild card does, in words, from its effect type and parameters."""
    e = card.effect
    if e == "extra_draw":
        return f"Draw step: draw {number(card.amount)} extra card{'s' if card.amount > 1 else ''}."
    if e == "extra_spawn":
        return f"Spawn step: spawn {number(card.amount)} extra fish."
    if e == "extra_grow":
        return f"Grow step: {number(card.amount)} extra growth step{'s' if card.amount > 1 else ''}."
    if e == "extra_catch":
        return f"Catch step: catch {number(card.amount)} extra fish."
    if e == "shrink_others":
        return (f"Every other player shrinks one {SIZE_WORDS[card.from_size]} Fish of their choice to "
                f"{SIZE_WORDS[card.to_size]}.")
    if e == "steal":
        return (f"Take one {sizes_words(card.sizes)} fish from another player's Fishing Spot into your "
                "Ice Box at its size.")
    if e == "swap":
        return "Swap one fish in your Fishing Spot with one of the same size in another player's."
    if e == "protect":
        verbs = join_words([_PROTECT_VERBS[a] for a in card.against]).replace(" and ", " or ")
        return f"Stays in your Fishing Spot: other players' black cards cannot {verbs} your fish."
    return ""


def event_text(card: EventCard) -> str:
    """What an event card does, in words, from its effect type and parameters."""
    e = card.effect
    if e == "remove_fish":
        what = f"one {SIZE_WORDS[card.size]} fish" if card.count == 1 else \
            f"up to {number(card.count)} {SIZE_WORDS[card.size]} fish"
        return f"Each player removes {what} from their Fishing Spot to the discard pile, if they have one."
    if e == "shrink_species":
        return (f"{join_words(list(card.species))} in Fishing Spots shrink one size "
                "(a Larval one is discarded).")
    if e == "discard_unless":
        return (f"Each player with no {sizes_words(card.sizes)} fish discards {number(card.count)} "
                f"card{'s' if card.count > 1 else ''} from hand.")
    if e == "spawn":
        return f"Each player may spawn {number(card.count)} extra Larval fish from hand now."
    if e == "grow":
        what = "one fish one size" if card.count == 1 else f"up to {number(card.count)} fish one size each"
        return f"Each player may grow {what} now."
    if e == "draw":
        return f"Each player draws {number(card.count)} card{'s' if card.count > 1 else ''} from the deck."
    if e == "discard_if_caught":
        return (f"Each player who caught more than {number(card.more_than)} fish this round discards "
                f"{number(card.count)} card{'s' if card.count > 1 else ''} from hand.")
    if e == "reset_row":
        return "Reset the Face-Up Cards now, and again at this round's end."
    if e == "fewest_draw":
        return (f"The player with the fewest points in their Ice Box draws {number(card.count)} "
                f"card{'s' if card.count > 1 else ''} (tied players all draw).")
    if e == "nothing":
        return "Nothing happens."
    if e == "end_game":
        return "The game ends now."
    return ""


def ice_points(state: BFState, seat: int) -> int:
    """Points of the fish in a seat's Ice Box, at the size each was caught (BF-SCORE-1)."""
    cards = state.cards
    sizes = state.sizes
    return sum(cards[c].points[sizes[c]] for c in state.ice[seat])


def spot_points(state: BFState, seat: int) -> int:
    """1 point per Larval, Juvenile or Medium fish in the Fishing Spot, 2 per Big Fish (BF-SCORE-2)."""
    sizes = state.sizes
    return sum(2 if sizes[c] == BIG else 1 for c in state.spots[seat])
