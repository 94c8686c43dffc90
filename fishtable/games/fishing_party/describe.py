"""Actions in player words, for menus built from `legal_actions`.

Cards are named by their faces, looked up in what the acting seat's view shows
(its hand, the table, the cards in front of every player); an unknown id is
"a card".
"""

from __future__ import annotations

from typing import Any

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


def describe(action: Any, view: FishingPartyView) -> str:
    """One plain line for a legal action of the seat whose view this is."""
    cards = known_cards(view)
    me = view.seats[view.seat] if view.seat is not None else None
    kind: str = action.kind
    if kind == "place_lure":
        new = _word(cards, action.card)
        if me is not None and me.lure is not None:
            return f"Swap your {me.lure.label} for the {new}"
        return f"Put on the {new}"
    if kind == "permanent":
        card = cards.get(action.card)
        effect = _PERMANENT_EFFECT.get(card.type if card else "", "")
        return f"Lay the {_word(cards, action.card)} face up" + (f" ({effect})" if effect else "")
    if kind == "goggles":
        return "Play Goggles: clear the table and lay six new cards"
    if kind == "start_exchange":
        return "Exchange 1 to 3 cards with the draw pile"
    if kind == "exchange":
        return f"Put aside your {_word(cards, action.card)} to exchange"
    if kind == "draw_back":
        count = len(view.aside or ())
        return f"Draw {count} card{'s' if count != 1 else ''} for the ones put aside"
    if kind == "start_swap":
        return "Swap 1 to 3 cards with the table"
    if kind == "take":
        return f"Take the {_word(cards, action.card)} from the table"
    if kind == "give":
        return f"Give your {_word(cards, action.card)} to the table for the {_word(cards, view.choosing)}"
    if kind == "swap_done":
        return "Finish the swap"
    if kind == "rod":
        if action.lure is None:
            return "Lay a Fishing Rod in front of you"
        return f"Lay a Fishing Rod with the {_word(cards, action.lure)}"
    if kind == "first_aid":
        return "Play a First Aid Kit: the Ouch on you is gone"
    if kind == "unlucky":
        card = cards.get(action.card)
        who = _name(view, action.target)
        panel = view.seats[action.target] if 0 <= action.target < len(view.seats) else None
        if card is not None and card.type == "tire":
            lure = f"their {panel.lure.label}" if panel is not None and panel.lure is not None else "their lure"
            return f"Play a Tire on {who}: {lure} is discarded"
        if card is not None and card.type == "snap":
            return f"Play a Snap on {who}: their Fishing Rod breaks"
        return f"Play an Ouch on {who}: no fishing until they play a First Aid Kit"
    if kind == "fish":
        fish = cards.get(action.card)
        needs = _needs(view, fish, me.lure if me is not None else None)
        return f"Fish for the {_word(cards, action.card)}" + (f" (you need a {needs})" if needs else "")
    if kind == "pass":
        return "End your turn" if view.stage == "move" else "Pass: no move this turn"
    if kind == "let_roll":
        return "No Broken Line: let the die roll"
    if kind == "broken_line":
        fisher = view.seats[view.turn]
        fished = fisher.fishing.label if fisher.fishing is not None else "fish"
        return f"Play a Broken Line on {fisher.name}: the {fished} and their lure are discarded"
    if kind == "spray":
        rolled = view.spray_roll
        if action.change == 0 or rolled is None:
            return f"Leave the {rolled} as it is" if rolled is not None else "Leave the roll as it is"
        fisher = view.seats[view.turn]
        counted = rolled + action.change
        needs = _needs(view, fisher.fishing, fisher.lure)
        catches = str(counted) in needs.split("/") if needs else False
        return f"Count the {rolled} as {counted} with the Spray Bottle" + (" and catch the fish" if catches else "")
    if kind == "discard":
        return f"Discard your {_word(cards, action.card)} face down"
    if kind == "time_up":
        return "The time is up"
    return kind.replace("_", " ").capitalize()
