"""Actions in player words, for menus built from `legal_actions`.

Only the acting seat's view is used: cards are named by their faces as that
seat sees them (its hand, the Face-Up Cards, the Fishing Spots); an id the
view does not show is called "a card".
"""

from __future__ import annotations

from typing import Any

from fishtable.games.big_fish.cards import SIZE_WORDS
from fishtable.games.big_fish.common import plural
from fishtable.games.big_fish.views import BigFishView, CardFace, SpotFish

_DONE = {
    "spawn": "Spawn no more fish",
    "grow": "Grow no more fish",
    "catch": "Catch no more fish",
    "wild": "Play no wild card",
    "event_spawn": "Pass: spawn no fish",
    "event_grow": "Pass: grow no more fish",
}


def _faces(view: BigFishView) -> dict[str, CardFace]:
    out = {c.id: c for c in view.face_up}
    out.update({c.id: c for c in view.hand or ()})
    return out


def _fish(view: BigFishView) -> dict[str, tuple[int, SpotFish]]:
    return {f.card.id: (panel.seat, f) for panel in view.seats for f in panel.spot}


def _card(faces: dict[str, CardFace], cid: str | None) -> str:
    card = faces.get(cid or "")
    return card.label if card is not None else "a card"


def _spot_fish(view: BigFishView, cid: str | None, owner_word: bool = False) -> str:
    found = _fish(view).get(cid or "")
    if found is None:
        return "a fish"
    seat, fish = found
    text = f"{fish.card.name} ({fish.size_word}, {fish.points})"
    if owner_word:
        owner = "your" if seat == view.seat else f"{view.seats[seat].name}'s"
        return f"{owner} {text}"
    return text


def describe(action: Any, view: BigFishView) -> str:
    kind = action.kind
    faces = _faces(view)
    if kind == "place":
        return f"Place {_card(faces, action.card)} as your {action.size.capitalize()} Fish"
    if kind == "take_face_up":
        return f"Take {_card(faces, action.card)} from the Face-Up Cards"
    if kind == "draw_deck":
        return "Draw the top card of the deck"
    if kind == "spawn":
        return f"Spawn {_card(faces, action.card)} as a Larval fish"
    if kind == "grow":
        found = _fish(view).get(action.fish)
        if found is None:
            return "Grow a fish one size"
        fish = found[1]
        points = fish.card.points or (0, 0, 0, 0)
        nxt = min(fish.size + 1, 3)
        return (f"Grow {fish.card.name} from {fish.size_word} to {SIZE_WORDS[nxt]} "
                f"({points[fish.size]} → {plural(points[nxt], 'point')})")
    if kind == "catch":
        found = _fish(view).get(action.fish)
        if found is None:
            return "Catch a fish"
        fish = found[1]
        return f"Catch {fish.card.name} as a {fish.size_word} Fish for {plural(fish.points, 'point')}"
    if kind == "play_wild":
        card = faces.get(action.card)
        name = card.name if card is not None else "a wild card"
        if action.mine is not None:
            return (f"Play {name}: swap your {_spot_fish(view, action.mine)} for "
                    f"{_spot_fish(view, action.fish, owner_word=True)}")
        if action.fish is not None:
            return f"Play {name}: take {_spot_fish(view, action.fish, owner_word=True)} into your Ice Box"
        if card is not None and card.colour != "black":
            return f"Play {name} ({card.colour}): {card.text[0].lower()}{card.text[1:]} From your next turn."
        return f"Play {name}: {card.text}" if card is not None else f"Play {name}"
    if kind == "discard":
        return f"Discard {_card(faces, action.card)}"
    if kind == "remove":
        return f"Remove {_spot_fish(view, action.fish, owner_word=True)} to the discard pile"
    if kind == "shrink":
        return f"Shrink {_spot_fish(view, action.fish, owner_word=True)}"
    if kind == "done":
        prompt = view.prompt.kind if view.prompt is not None else ""
        return str(_DONE.get(prompt, "Done"))
    return str(kind)
