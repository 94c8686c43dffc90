"""Actions in player words, for menus built from `legal_actions`.

Cards are named by their faces, looked up in what the acting seat's view shows
(its hand, the table, the cards in front of every player); an unknown id is
"a card".
"""

from __future__ import annotations

from fishtable.games.fishing_party.actions import Action, CardAction
from fishtable.games.fishing_party.views import CardFace, FishingPartyView

_PERMANENT_EFFECT = {
    "gps": "hold seven cards",
    "glove": "no Ouch can be played on you",
    "spray_bottle": "change your catch rolls by one",
}


def rolls_for(lure: CardFace | None, kind: str | None) -> tuple[int, ...]:
    """The die rolls with which `lure` catches a fish of `kind` (none: it cannot)."""
    if lure is None or kind is None:
        return ()
    for catch in lure.catches:
        if catch.kind == kind:
            return catch.rolls
    return ()


def known_cards(view: FishingPartyView) -> dict[str, CardFace]:
    cards: dict[str, CardFace] = {}
    for card in (*(view.hand or ()), *(view.aside or ()), *view.table):
        cards[card.id] = card
    for panel in view.seats:
        for shown in (panel.rod, panel.lure, panel.fishing, panel.ouch, *panel.permanents, *panel.pond):
            if shown is not None:
                cards[shown.id] = shown
    return cards


def type_of(cards: dict[str, CardFace], cid: str) -> str:
    """The type of the card with this id, or "" when the view does not show it."""
    card = cards.get(cid)
    return "" if card is None else card.type


def _word(cards: dict[str, CardFace], cid: str | None) -> str:
    card = cards.get(cid or "")
    return "a card" if card is None else card.label


def _name(view: FishingPartyView, seat: int) -> str:
    return view.seats[seat].name if 0 <= seat < len(view.seats) else f"seat {seat + 1}"


def _needs(view: FishingPartyView, fish: CardFace | None, lure: CardFace | None) -> str:
    if fish is None or lure is None:
        return ""
    for catch in lure.catches:
        if catch.kind == fish.kind:
            return "/".join(map(str, catch.rolls))
    return ""


# The actions whose words never change.
_PLAIN = {
    "goggles": "Play Goggles: clear the table and lay six new cards",
    "start_exchange": "Exchange 1 to 3 cards with the draw pile",
    "start_swap": "Swap 1 to 3 cards with the table",
    "swap_done": "Finish the swap",
    "first_aid": "Play a First Aid Kit: the Ouch on you is gone",
    "let_roll": "No Broken Line: let the die roll",
    "time_up": "The time is up",
}

# The actions that say no more than the card they name ("{}").
_ONE_CARD = {
    "exchange": "Put aside your {} to exchange",
    "take": "Take the {} from the table",
    "discard": "Discard your {} face down",
}


# What an Unlucky card does to the player it is played on, by its type (an unknown card: an Ouch).
_UNLUCKY = {
    "tire": "Play a Tire on {who}: {lure} is discarded",
    "snap": "Play a Snap on {who}: their Fishing Rod breaks",
    "ouch": "Play an Ouch on {who}: no fishing until they play a First Aid Kit",
}


def describe(action: Action, view: FishingPartyView) -> str:
    """One plain line for a legal action of the seat whose view this is."""
    kind: str = action.kind
    if kind in _PLAIN:
        return _PLAIN[kind]
    cards = known_cards(view)
    if kind in _ONE_CARD and isinstance(action, CardAction):
        return _ONE_CARD[kind].format(_word(cards, action.card))
    me = view.seats[view.seat] if view.seat is not None else None
    # Each branch below tests `action.kind` itself, so that it sees its own kind of action.
    if action.kind == "place_lure":
        new = _word(cards, action.card)
        if me is not None and me.lure is not None:
            return f"Swap your {me.lure.label} for the {new}"
        return f"Put on the {new}"
    if action.kind == "permanent":
        effect = _PERMANENT_EFFECT.get(type_of(cards, action.card), "")
        return f"Lay the {_word(cards, action.card)} face up" + (f" ({effect})" if effect else "")
    if action.kind == "draw_back":
        count = len(view.aside or ())
        return f"Draw {count} card{'s' if count != 1 else ''} for the ones put aside"
    if action.kind == "give":
        return f"Give your {_word(cards, action.card)} to the table for the {_word(cards, view.choosing)}"
    if action.kind == "rod":
        if action.lure is None:
            return "Lay a Fishing Rod in front of you"
        return f"Lay a Fishing Rod with the {_word(cards, action.lure)}"
    if action.kind == "unlucky":
        panel = view.seats[action.target] if 0 <= action.target < len(view.seats) else None
        lure = f"their {panel.lure.label}" if panel is not None and panel.lure is not None else "their lure"
        words = _UNLUCKY.get(type_of(cards, action.card), _UNLUCKY["ouch"])
        return words.format(who=_name(view, action.target), lure=lure)
    if action.kind == "fish":
        fish = cards.get(action.card)
        needs = _needs(view, fish, me.lure if me is not None else None)
        return f"Fish for the {_word(cards, action.card)}" + (f" (you need a {needs})" if needs else "")
    if action.kind == "pass":
        return "End your turn" if view.stage == "move" else "Pass: no move this turn"
    if action.kind == "broken_line":
        fisher = view.seats[view.turn]
        fished = fisher.fishing.label if fisher.fishing is not None else "fish"
        return f"Play a Broken Line on {fisher.name}: the {fished} and their lure are discarded"
    if action.kind == "spray":
        rolled = view.spray_roll
        if action.change == 0 or rolled is None:
            return f"Leave the {rolled} as it is" if rolled is not None else "Leave the roll as it is"
        fisher = view.seats[view.turn]
        counted = rolled + action.change
        needs = _needs(view, fisher.fishing, fisher.lure)
        catches = str(counted) in needs.split("/") if needs else False
        return f"Count the {rolled} as {counted} with the Spray Bottle" + (" and catch the fish" if catches else "")
    return kind.replace("_", " ").capitalize()
