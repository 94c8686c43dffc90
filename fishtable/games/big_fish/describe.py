"""Actions in player words, for menus built from `legal_actions`.

Only the acting seat's view is used: cards are named by their faces as that
seat sees them (its hand, the Face-Up Cards, the Fishing Spots); an id the
view does not show is called "a card".
"""

from __future__ import annotations

from fishtable.games.big_fish import actions
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


def _grow_words(view: BigFishView, cid: str) -> str:
    found = _fish(view).get(cid)
    if found is None:
        return "Grow a fish one size"
    fish = found[1]
    points = fish.card.points or (0, 0, 0, 0)
    nxt = min(fish.size + 1, 3)
    return (f"Grow {fish.card.name} from {fish.size_word} to {SIZE_WORDS[nxt]} "
            f"({points[fish.size]} → {plural(points[nxt], 'point')})")


def _catch_words(view: BigFishView, cid: str) -> str:
    found = _fish(view).get(cid)
    if found is None:
        return "Catch a fish"
    fish = found[1]
    return f"Catch {fish.card.name} as a {fish.size_word} Fish for {plural(fish.points, 'point')}"


def _wild_words(view: BigFishView, action: actions.PlayWild, faces: dict[str, CardFace]) -> str:
    card = faces.get(action.card)
    name = card.name if card is not None else "a wild card"
    if action.mine is not None:
        return (f"Play {name}: swap your {_spot_fish(view, action.mine)} for "
                f"{_spot_fish(view, action.fish, owner_word=True)}")
    if action.fish is not None:
        return f"Play {name}: take {_spot_fish(view, action.fish, owner_word=True)} into your Ice Box"
    if card is None:
        return f"Play {name}"
    if card.colour != "black":
        return f"Play {name} ({card.colour}): {card.text[0].lower()}{card.text[1:]} From your next turn."
    return f"Play {name}: {card.text}"


def describe(action: actions.Action, view: BigFishView) -> str:
    faces = _faces(view)
    match action:
        case actions.Place(card=card, size=size):
            return f"Place {_card(faces, card)} as your {size.capitalize()} Fish"
        case actions.TakeFaceUp(card=card):
            return f"Take {_card(faces, card)} from the Face-Up Cards"
        case actions.DrawDeck():
            return "Draw the top card of the deck"
        case actions.Spawn(card=card):
            return f"Spawn {_card(faces, card)} as a Larval fish"
        case actions.Grow(fish=fish):
            return _grow_words(view, fish)
        case actions.Catch(fish=fish):
            return _catch_words(view, fish)
        case actions.PlayWild():
            return _wild_words(view, action, faces)
        case actions.Discard(card=card):
            return f"Discard {_card(faces, card)}"
        case actions.Remove(fish=fish):
            return f"Remove {_spot_fish(view, fish, owner_word=True)} to the discard pile"
        case actions.Shrink(fish=fish):
            return f"Shrink {_spot_fish(view, fish, owner_word=True)}"
        case actions.Done():
            prompt = view.prompt.kind if view.prompt is not None else ""
            return _DONE.get(prompt, "Done")
    return str(action.kind)
