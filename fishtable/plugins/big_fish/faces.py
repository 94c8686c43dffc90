"""Big Fish card faces, in words and marks that read without colour.

A fish in a Fishing Spot or an Ice Box is drawn as a size mark with its
points at that size, "[B5] Bastard Trumpeter": the letter (L, J, M, B) says
the size, the number what it scores if caught at that size. Wild cards say
their colour and their step in words ("green · Grow"); colour only repeats it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from fishtable.games.big_fish.views import CardFace, CaughtFish, SpotFish, SpotWild
from fishtable.tui.widgets.card import BLUE

SIZE_LETTERS = ("L", "J", "M", "B")
SIZE_WORDS = ("Larval", "Juvenile", "Medium", "Big")
STEP_WORDS = {"draw": "Draw", "spawn": "Spawn", "grow": "Grow", "catch": "Catch", "wild": "Wild"}

# Bigger fish stand out more: the mark gets brighter with the size.
SIZE_STYLE = (
    Style(color="#c8d8e8", bgcolor="#2a3a4a"),
    Style(color="#e6f2ff", bgcolor="#1d4f7a"),
    Style(color="#ffffff", bgcolor="#2a6f9e", bold=True),
    Style(color="#101010", bgcolor="#ffd75e", bold=True),
)
FISH_STYLE = BLUE
WILD_STYLE = {
    "orange": Style(color="#101010", bgcolor="#f0a040"),
    "purple": Style(color="#fbefff", bgcolor="#6b3a8e"),
    "green": Style(color="#101010", bgcolor="#7cc36a"),
    "yellow": Style(color="#101010", bgcolor="#f0e060"),
    "black": Style(color="#f0f0f0", bgcolor="#303030"),
}
WILD_TEXT_STYLE = {
    "orange": Style(color="#f0a040"),
    "purple": Style(color="#c89bf0"),
    "green": Style(color="#7cc36a"),
    "yellow": Style(color="#f0e060"),
    "black": Style(color="#c0c0c0"),
}


def size_mark(size: int, points: int) -> Text:
    """"[B5]": the size letter and the points at that size."""
    return Text(f"[{SIZE_LETTERS[size]}{points}]", SIZE_STYLE[size])


def fish_text(fish: SpotFish | CaughtFish, *, grown: bool = False, words: bool = False) -> Text:
    """A fish at its size: "[B5] Bastard Trumpeter", with the size word too when `words`."""
    text = size_mark(fish.size, fish.points)
    text.append(" ")
    text.append(fish.card.name)
    if words:
        text.append(f" {fish.size_word}", "dim")
    if grown:
        text.append(" ↑grown", "italic")
    return text


def points_text(points: Sequence[int] | None) -> str:
    """A fish card's points per size: "L0 J1 M3 B5"."""
    return " ".join(f"{letter}{p}" for letter, p in zip(SIZE_LETTERS, points or (0, 0, 0, 0), strict=True))


def wild_kind(card: CardFace) -> str:
    """A wild card's colour and step in words: "green · Grow", "black · at once", "black · stays"."""
    colour = card.colour or "black"
    if card.step:
        return f"{colour} · {STEP_WORDS.get(card.step, card.step)}"
    return f"{colour} · stays" if card.effect == "protect" else f"{colour} · at once"


def wild_text(wild: SpotWild) -> Text:
    """A wild card lying in a Fishing Spot: "Marine Park (green · Grow)", and whether it works yet."""
    card = wild.card
    text = Text(card.name, WILD_TEXT_STYLE.get(card.colour or "black", Style()))
    text.append(f" ({wild_kind(card)})")
    if not wild.active:
        text.append(" from next turn", "italic")
    return text


def card_text(card: CardFace, *, full: bool = False, hard: bool = False) -> Text:
    """A face-up card inline: a fish with its points per size, a wild card with colour and step;
    a fish's bag limit only in `hard` mode (without it the limit binds nobody)."""
    text = Text()
    if card.type == "fish":
        text.append(card.name, "bold")
        text.append(f" {points_text(card.points)}")
        if hard and card.bag:
            text.append(" bag", "italic")
        return text
    text.append(card.name, Style(bold=True) + WILD_TEXT_STYLE.get(card.colour or "black", Style()))
    text.append(f" ({wild_kind(card)})")
    if full and card.text:
        text.append(f" {card.text}", "dim")
    return text


def short_effect(card: CardFace) -> str:
    """A wild card's effect in a dozen cells, for a tile."""
    effect = card.effect or ""
    if effect.startswith("extra_"):
        return f"extra {STEP_WORDS.get(card.step or '', '').lower()}"
    return {
        "shrink_others": "others shrink",
        "steal": "take a fish",
        "swap": "swap a fish",
        "protect": "protects",
    }.get(effect, effect)
