"""An exchange or a swap held on the turn screen until the player commits to it.

Choosing "exchange" or "swap" is a step of the engine's own (`StartExchange`,
`StartSwap`) that cannot be taken back once applied. The turn screen holds it
instead: it shows the step as the engine would ask it, worked out from the
turn's own view, and sends nothing until the player draws (or takes the first
table card of a swap). Until then Esc backs out of the whole move, and a card
put aside can be taken back. What is finally sent is the whole sequence, each
step checked again by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from fishtable.engine.protocol import Prompt
from fishtable.games.fishing_party.actions import Action, DrawBack, Exchange, Take
from fishtable.games.fishing_party.moves import MAX_EXCHANGE
from fishtable.games.fishing_party.views import FishingPartyView
from fishtable.plugins.fishing_party import entries as ent
from fishtable.plugins.fishing_party.faces import card_text
from fishtable.tui.decision import Decision


@dataclass(frozen=True)
class TakeBack:
    """Take a card put aside for the held exchange back into the hand (a screen step only)."""

    card: str
    kind: str = "take_back"


def exchange_limit(view: FishingPartyView) -> int:
    """Three, or as many cards as can still be drawn (the draw pile, then the reshuffled discards)."""
    return min(MAX_EXCHANGE, view.draw_pile + view.discard_pile)


def exchange_decision(base: Decision[FishingPartyView, Action], aside: list[str]) -> Decision[FishingPartyView, Action]:
    """The exchange step, with the cards `aside` put aside, as the engine would ask it."""
    view = base.view
    hand = tuple(c for c in view.hand or () if c.id not in aside)
    faces = {c.id: c for c in view.hand or ()}
    # A new view of the same model (the engine built this one without validation, and the held
    # copy only moves the seat's own cards between two of its fields).
    held_view = type(view).model_construct(**{**dict(view), "hand": hand, "aside": tuple(faces[c] for c in aside)})
    limit = exchange_limit(view)
    legal: list[Action] = [Exchange(card=c.id) for c in hand] if len(aside) < limit else []
    if aside:
        legal.append(DrawBack())
    left = limit - len(aside)
    if not aside:
        text = f"Choose a card to exchange with the draw pile (up to {left}). Esc: back out."
    else:
        more = f"{left} more card{'s' * (left != 1)}"
        text = f"Put aside up to {more} to exchange, or draw now. Esc: back out, every card back in hand."

    def check(action: object) -> str | None:
        if action in legal or (isinstance(action, TakeBack) and action.card in aside):
            return None
        if isinstance(action, DrawBack):
            return "Put aside at least one card to exchange first."
        if isinstance(action, Exchange) and len(aside) >= limit:
            return f"An exchange takes at most {limit} card{'s' * (limit != 1)}."
        return "That is not possible now."

    prompt = Prompt(seat=base.seat, kind="exchange", text=text, private=True)
    return replace(base, prompt=prompt, view=held_view, legal=legal, check=check)


def take_backs(base: Decision[FishingPartyView, Action], aside: list[str]) -> list[ent.Entry]:
    """One entry a card put aside: take it back into the hand."""
    faces = {c.id: c for c in base.view.hand or ()}
    return [ent.Entry(TakeBack(card), f"Take back the {card_text(faces[card], compact=True)}", ent.STEP, True,
                      None, (card,)) for card in aside]


def swap_decision(base: Decision[FishingPartyView, Action]) -> Decision[FishingPartyView, Action]:
    """The swap's first step (take a table card), as the engine would ask it."""
    view = base.view
    legal: list[Action] = [Take(card=c.id) for c in view.table]

    def check(action: object) -> str | None:
        return None if action in legal else "That is not possible now."

    text = "Choose a card to take from the table; you will give a card of yours for it. Esc: back out."
    prompt = Prompt(seat=base.seat, kind="swap", text=text, private=True)
    return replace(base, prompt=prompt, legal=legal, check=check)
