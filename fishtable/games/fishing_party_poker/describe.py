"""Actions in player words, for menus built from `legal_actions`.

Uses only the acting seat's view: cards are named by their faces, found in
the seat's own hand and the face-up community; an unknown id is "a card".
"""

from __future__ import annotations

from fishtable.games.fishing_party_poker.actions import Action, Swap
from fishtable.games.fishing_party_poker.views import CardFace, PokerView

# The actions whose words never change.
_PLAIN = {
    "check": "Check",
    "fold": "Fold",
    "keep": "Keep your hand",
    "stop_session": "Stop the session after this hand",
}


def _card(faces: dict[str, CardFace], cid: str) -> str:
    face = faces.get(cid)
    return f"{face.label} {face.name}" if face is not None else "a card"


def describe(action: Action, view: PokerView) -> str:
    kind = action.kind
    if kind in _PLAIN:
        return _PLAIN[kind]
    panel = view.seats[view.seat] if view.seat is not None else None
    chips = panel.chips if panel is not None else 0
    mine = panel.round_bet if panel is not None else 0
    if kind == "call":
        cost = min(view.current_bet - mine, chips)
        return f"Call {cost}" + (" (all in)" if cost == chips else "")
    if kind in ("bet", "raise"):
        put = min(view.current_bet + view.bet_size - mine, chips)
        total = mine + put
        all_in = " (all in)" if put == chips else ""
        if kind == "bet":
            return f"Bet {total}{all_in}"
        return f"Raise to {total}{all_in}" if all_in else f"Raise to {total} ({put} more)"
    if isinstance(action, Swap):
        faces = {c.id: c for c in view.hand or ()}
        places = {}
        for slot in view.community:
            if slot.card is not None:
                faces[slot.card.id] = slot.card
                places[slot.card.id] = slot.place
        place = places.get(action.take)
        where = f" (place {place})" if place is not None else ""
        return f"Swap your {_card(faces, action.give)} for the {_card(faces, action.take)}{where}"
    if kind == "deal":
        return f"Deal hand {view.hand_number + 1}"
    return str(kind).replace("_", " ").capitalize()
