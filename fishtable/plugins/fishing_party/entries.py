"""The turn screen's list: every legal action in player words, grouped, and beside them the
natural things a player might try with each card that the rules forbid right now, each with
the engine's reason (from `decision.check`), so nothing illegal is ever committed unexplained.

Pure functions of a `Decision` (the seat's own view and its legal actions): no Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fishtable.games.fishing_party.actions import (
    DrawBack,
    Exchange,
    FirstAid,
    Fish,
    Give,
    GiveUnlucky,
    PlaceLure,
    PlacePermanent,
    PlayGoggles,
    PlayRod,
    Spray,
    StartExchange,
    StartSwap,
    SwapDone,
    Take,
)
from fishtable.games.fishing_party.describe import known_cards, rolls_for
from fishtable.plugins.fishing_party.faces import card_text

# The groups, in the order the list shows them, with their headings.
FREE, MOVE, STEP, NOT_NOW = "free", "move", "step", "no"
GROUP_ORDER = (FREE, MOVE, STEP, NOT_NOW)

# Within the move: fishing first, then special cards, then exchanges and swaps, passing last.
MOVE_ORDER = {"fish": 0, "rod": 1, "first_aid": 2, "unlucky": 3, "start_exchange": 4, "start_swap": 5, "pass": 9}

# Letter keys for the actions that name no card (the footer lists them).
KEYS = {
    "start_exchange": ("x", "Exchange"),
    "start_swap": ("s", "Swap"),
    "pass": ("p", "Pass"),
    "draw_back": ("d", "Draw now"),
    "swap_done": ("f", "Finish swap"),
}

PERMANENT_WORDS = {
    "gps": "hold 7 cards",
    "glove": "no Ouch on you",
    "spray_bottle": "rolls ±1",
}

BROKEN_LINE_NOTE = ("A Broken Line is played when another player is about to roll: "
                    "the table is asked then, before every roll.")


@dataclass(frozen=True)
class Entry:
    """One line of the list."""

    action: Any | None  # None: a note, nothing to do
    text: str
    group: str
    legal: bool
    reason: str | None = None  # why not (the engine's words), for entries that are not legal
    hand: tuple[str, ...] = ()  # hand cards this entry is about
    table: tuple[str, ...] = ()  # table cards this entry is about


def heading(group: str, view: Any, kind: str) -> str:
    if group == FREE:
        return "Free actions (before your move)"
    if group == MOVE:
        if view.quick_play:
            return "Your second move" if kind == "move" else "Your move (the first of two)"
        return "Your move (one)"
    if group == STEP:
        return STEP_HEADINGS.get(kind, "Choose")
    return "Not possible now"


STEP_HEADINGS = {
    "exchange": "Exchange with the draw pile",
    "swap": "Swap with the table",
    "give": "Give a card for the one you take",
    "discard": "Discard down to your hand size",
    "spray": "Spray Bottle",
    "broken_line": "Broken Line?",
}


def chance_words(rolls: tuple[int, ...], spray: bool) -> str:
    """"needs a 3 (1 in 6)"; with a Spray Bottle the rolls one off count too."""
    if not rolls:
        return "no roll catches it"
    wins = set(rolls)
    good = sum(1 for r in range(1, 7) if r in wins or (spray and r != 1 and (r - 1 in wins or r + 1 in wins)))
    shown = " or ".join(map(str, rolls)) if len(rolls) <= 2 else f"{rolls[0]}-{rolls[-1]}"
    return f"needs a {shown} ({good} in 6" + (" with the Spray)" if spray and good > len(wins) else ")")


def label(action: Any, view: Any, kind: str, legal: bool = True) -> str:
    """An action in a few words for the list (names shown literally; no markup ever)."""
    cards = known_cards(view)
    me = view.seats[view.seat]

    def word(cid: str | None) -> str:
        card = cards.get(cid or "")
        return "a card" if card is None else card_text(card, compact=True)

    k = action.kind
    if k == "place_lure":
        return f"{'Swap to' if me.lure is not None else 'Put on'} the {word(action.card)}"
    if k == "permanent":
        card = cards.get(action.card)
        effect = PERMANENT_WORDS.get(card.type if card else "", "")
        return f"Lay the {word(action.card)}" + (f": {effect}" if effect else "")
    if k == "goggles":
        return "Play Goggles: six new cards on the table"
    if k == "start_exchange":
        return "Exchange 1-3 cards with the draw pile"
    if k == "start_swap":
        return "Swap 1-3 cards with the table"
    if k == "rod":
        return f"Lay the rod with the {word(action.lure)}" if action.lure else "Lay the Fishing Rod"
    if k == "first_aid":
        return "Play a First Aid Kit: the Ouch on you is gone"
    if k == "unlucky":
        card = cards.get(action.card)
        target = view.seats[action.target] if 0 <= action.target < len(view.seats) else None
        who = target.name if target is not None else f"seat {action.target + 1}"
        if card is not None and card.type == "tire":
            lure = target.lure.name if target is not None and target.lure else "lure"
            return f"Tire on {who}: discard their {lure}"
        if card is not None and card.type == "snap":
            return f"Snap on {who}: their rod breaks"
        return f"Ouch on {who}: no fishing till First Aid"
    if k == "fish":
        fish = cards.get(action.card)
        rolls = rolls_for(me.lure, fish.kind if fish else None)
        spray = any(p.type == "spray_bottle" for p in me.permanents)
        return f"Try the {word(action.card)}: {chance_words(rolls, spray)}" if legal else (
            f"Try the {word(action.card)}")
    if k == "pass":
        return "End your turn" if kind == "move" else "Pass: no move this turn"
    if k == "exchange":
        return f"Put aside the {word(action.card)}"
    if k == "draw_back":
        count = len(view.aside or ())
        return f"Draw {count} card{'s' * (count != 1)} now" if count else "Draw the cards now"
    if k == "take":
        return f"Take the {word(action.card)} from the table"
    if k == "give":
        return f"Give the {word(action.card)} for the {word(view.choosing)}"
    if k == "swap_done":
        return "Finish the swap"
    if k == "discard":
        return f"Discard the {word(action.card)} face down"
    if k == "spray":
        rolled = view.spray_roll
        catches = spray_catches(view, action.change)
        outcome = "" if catches is None else ": a catch" if catches else ": a miss"
        if action.change == 0 or rolled is None:
            return (f"Leave the {rolled} as it is" if rolled is not None else "Leave the roll as it is") + outcome
        return f"Count the {rolled} as {rolled + action.change}{outcome}"
    if k == "let_roll":
        return "Back out: no Broken Line, let the die roll" if kind == "broken_line" else "Let the die roll"
    if k == "broken_line":
        fisher = view.seats[view.turn]
        fish_name = card_text(fisher.fishing, compact=True) if fisher.fishing is not None else "fish"
        return f"Play the Broken Line on {fisher.name}: the {fish_name} and the lure go"
    return k.replace("_", " ").capitalize()


def group_of(action: Any, kind: str) -> str:
    if action.kind in ("place_lure", "permanent", "goggles"):
        return FREE
    if kind in ("turn", "move"):
        return MOVE
    return STEP


def cards_of(action: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(hand cards, table cards) an action is about."""
    k = action.kind
    if k == "take":
        return (), (action.card,)
    if k == "rod":
        return tuple(c for c in (action.card, action.lure) if c), ()
    card = getattr(action, "card", None)
    return ((card,) if card else ()), ()


def _candidates(view: Any, kind: str, seat: int) -> list[Any]:
    """What a player might try now, card by card, legal or not."""
    hand = view.hand or ()
    out: list[Any] = []
    if kind in ("turn", "move"):
        out += [StartExchange(), StartSwap()]
        for card in hand:
            t = card.type
            if t == "fish":
                out.append(Fish(card=card.id))
            elif card.group == "lure":
                out.append(PlaceLure(card=card.id))
            elif t == "rod":
                out.append(PlayRod(card=card.id))
            elif t == "first_aid_kit":
                out.append(FirstAid(card=card.id))
            elif t in ("ouch", "tire", "snap"):
                out += [GiveUnlucky(card=card.id, target=s) for s in range(len(view.seats)) if s != seat]
            elif card.group == "permanent":
                out.append(PlacePermanent(card=card.id))
            elif t == "goggles":
                out.append(PlayGoggles(card=card.id))
    elif kind == "exchange":
        out += [Exchange(card=c.id) for c in hand] + [DrawBack()]
    elif kind == "swap":
        out += [Take(card=c.id) for c in view.table] + [SwapDone()]
    elif kind == "give":
        out += [Give(card=c.id) for c in hand]
    elif kind == "spray":
        out += [Spray(change=0), Spray(change=-1), Spray(change=1)]
    return out


def spray_catches(view: Any, change: int) -> bool | None:
    """Whether counting the Spray Bottle's roll with `change` catches the fish (None: unknown)."""
    fisher = view.seats[view.turn]
    if view.spray_roll is None or fisher.lure is None or fisher.fishing is None:
        return None
    return view.spray_roll + change in rolls_for(fisher.lure, fisher.fishing.kind)


def _spray_choices(view: Any, legal: list[Any]) -> list[Any]:
    """The Spray Bottle's choices that differ: a change that catches first (the default), then
    leaving the roll; a change that misses like the roll itself is left out (it changes nothing)."""
    def catches(action: Any) -> bool:
        return bool(spray_catches(view, action.change))

    kept = [a for a in legal if a.change == 0 or catches(a) or spray_catches(view, a.change) is None]
    return sorted(kept, key=lambda a: not catches(a))


def build(decision: Any) -> list[Entry]:
    """The list for a decision: legal actions by group, then what is not possible and why."""
    view, kind, legal = decision.view, decision.kind, decision.legal
    if kind == "spray":
        legal = _spray_choices(view, legal)
    entries: list[Entry] = []
    for action in legal:
        hand, table = cards_of(action)
        entries.append(Entry(action, label(action, view, kind), group_of(action, kind), True, None, hand, table))
    seen: set[tuple[str, str]] = set()
    for action in _candidates(view, kind, decision.seat):
        if action in decision.legal:
            continue
        reason = decision.check(action)
        if reason is None:
            continue  # legal, yet not offered: never offer what the engine did not list
        text = label(action, view, kind, legal=False)
        if (text, reason) in seen:
            continue  # two copies of a card refused for the same reason: once is enough
        seen.add((text, reason))
        hand, table = cards_of(action)
        entries.append(Entry(action, text, NOT_NOW, False, reason, hand, table))
    if kind in ("turn", "move"):
        for card in view.hand or ():
            if card.type == "broken_line":
                entries.append(Entry(None, "Broken Line: keep it for another player's attempt", NOT_NOW, False,
                                     BROKEN_LINE_NOTE, (card.id,)))
                break
    if kind == "broken_line" and not any(a.kind == "broken_line" for a in legal):
        entries.append(Entry(None, "You hold no Broken Line", NOT_NOW, False,
                             "You hold no Broken Line: back out, and the die is rolled."))

    def order(entry: Entry) -> tuple[int, int]:
        within = MOVE_ORDER.get(entry.action.kind, 5) if entry.action is not None and entry.group == MOVE else 0
        return GROUP_ORDER.index(entry.group), within

    return sorted(entries, key=order)  # stable: the engine's order within each rank


def key_of(entry: Entry) -> tuple[str, str] | None:
    if entry.action is None or not entry.legal:
        return None
    return KEYS.get(entry.action.kind)
