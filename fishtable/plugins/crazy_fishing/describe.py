"""Actions in player words, for menus built from `legal_actions`.

Cards are named by their faces (never their ids), looked up in what the
acting seat may see; an unknown id is shown as "a card".
"""

from __future__ import annotations

from typing import Any

from fishtable.games.crazy_fishing.views import CardFace, CrazyFishingView

# The outcome lines the news bar puts first (the plug-in and its cast and collect screens).
HEADLINE_KINDS = frozenset({"catch", "escape"})


def known_cards(view: CrazyFishingView) -> dict[str, CardFace]:
    """Every card face this view shows: own hand and pile, revealed casts, pile tops."""
    cards: dict[str, CardFace] = {}
    for card in (view.hand or ()) + (view.pile or ()):
        cards[card.id] = card
    for panel in view.seats:
        if panel.pile_top is not None:
            cards[panel.pile_top.id] = panel.pile_top
        if panel.cast is not None:
            for card in (*panel.cast.rods, *panel.cast.baits):
                cards[card.id] = card
            if panel.cast.fish_bait is not None:
                cards[panel.cast.fish_bait.id] = panel.cast.fish_bait
    if view.my_cast is not None:
        for card in (*view.my_cast.rods, *view.my_cast.baits):
            cards[card.id] = card
    return cards


def card_word(cards: dict[str, CardFace], cid: str) -> str:
    card = cards.get(cid)
    if card is None:
        return "a card"
    if card.type == "fish":
        return f"{card.name} ({'∞' if card.value is None else card.value})"
    value = "∞" if card.value is None else str(card.value)
    word = f"{card.type} {value}{'+' if card.plus else ''}"
    # Special cards are named too, so a Turbulent Bait never passes for a plain 1+.
    return f"{word} ({card.name.removeprefix('The ')})" if card.special else word


def starts_with_article(name: str) -> bool:
    """"A Pair of Fish", "The Super-Fast Reel": a name that brings its own article."""
    return name.split(" ", 1)[0] in {"A", "An", "The"}


def bait_sum(cards: dict[str, CardFace], ids: tuple[str, ...]) -> str:
    total = 0
    for cid in ids:
        card = cards.get(cid)
        if card is None:
            return "?"
        if card.value is None:
            return "∞"
        total += card.value
    return str(total)


def describe(
    action: Any,  # any of the game's actions, read by its kind below
    cards: dict[str, CardFace],
    all_baits: tuple[str, ...] = (),
    stage: str | None = None,
    fish: tuple[str, ...] = (),
) -> str:
    """`stage` is the prompt kind being answered ("between", "finish", ...), for wording;
    `fish` names the turned-over fish of a Super-Fast Reel split ("#3 Hake (2)"), in order."""
    kind: str = action.kind
    if kind == "cast":
        rods = ", ".join(card_word(cards, c) for c in action.rods) or "no rod"
        baits = ", ".join(card_word(cards, c) for c in action.baits) or "no bait"
        return f"Cast {rods} with {baits}"
    if kind == "fish_bait":
        if action.fish is None:
            return "Keep my bait cards"
        word = card_word(cards, action.fish)
        if starts_with_article(word):  # never "my A Pair of Fish"
            return f"Use {word}, from my catch, as bait (twice its size)"
        return f"Use my {word} as bait (twice its size)"
    if kind == "look":
        return f"Look at the front of fish #{action.label} (Fish Finder)"
    if kind == "shuffle":
        if stage == "between":
            return "Shuffle the sea now (Turbulent Bait), then go on to the second fish"
        if stage == "finish":
            return "Shuffle the sea now (Turbulent Bait), then end my turn"
        return "Shuffle the sea (Turbulent Bait)"
    if kind == "continue":
        return "Go on to the second fish (no shuffle)"
    if kind == "attempt":
        return "Try to catch " + " and ".join(f"fish #{n}" for n in action.labels)
    if kind == "split":
        rest = tuple(c for c in all_baits if c not in action.first)
        first = " + ".join(card_word(cards, c) for c in action.first)
        second = " + ".join(card_word(cards, c) for c in rest) or "the rest"
        one, two = (f" {fish[0]}", f" {fish[1]}") if len(fish) == 2 else ("", "")
        return (
            f"1st fish{one}: {first} (= {bait_sum(cards, action.first)})   "
            f"2nd fish{two}: {second} (= {bait_sum(cards, rest)})"
        )
    if kind == "pick_bait":
        return f"Use my {card_word(cards, action.bait)} on this fish"
    if kind == "pair_attempt":
        if action.label is None:
            return "Decline the extra attempt"
        return f"Try for fish #{action.label} with the same bait"
    if kind == "discard_rod":
        return f"Discard {card_word(cards, action.rod)}"
    if kind == "end_turn":
        return "End my turn (no shuffle)" if stage == "finish" else "End my turn"
    if kind == "draw":
        return f"Draw {action.rods} rod card(s) and {action.baits} bait card(s)"
    return kind.replace("_", " ").capitalize()
