"""The turn screen's list: every legal action in player words, grouped, and beside them the
natural things a player might try with each card that the rules forbid right now, each with
the engine's reason (from `decision.check`), so nothing illegal is ever committed unexplained.

Pure functions of a `Decision` (the seat's own view and its legal actions): no Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fishtable.games.fishing_party.actions import Action, CardAction, Spray
from fishtable.games.fishing_party.describe import describe, known_cards, rolls_for, type_of
from fishtable.games.fishing_party.tries import tries
from fishtable.games.fishing_party.views import FishingPartyView
from fishtable.plugins.fishing_party.faces import card_text
from fishtable.tui.decision import Decision

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
    "let_roll": ("b", "Back out"),  # the screen's b, as its footer says
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

    # An engine action, or a step of the screen's own (held.TakeBack); None: a note, nothing to do.
    action: Any | None
    text: str
    group: str
    legal: bool
    reason: str | None = None  # why not (the engine's words), for entries that are not legal
    hand: tuple[str, ...] = ()  # hand cards this entry is about
    table: tuple[str, ...] = ()  # table cards this entry is about


def heading(group: str, view: FishingPartyView, kind: str) -> str:
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


# The actions whose words never change.
PLAIN_LABELS = {
    "goggles": "Play Goggles: six new cards on the table",
    "start_exchange": "Exchange 1-3 cards with the draw pile",
    "start_swap": "Swap 1-3 cards with the table",
    # An action and what it is for (refused, it must not read as a statement of fact).
    "first_aid": "Play a First Aid Kit to end the Ouch on you",
    "swap_done": "Finish the swap",
}

# The actions that say no more than the card they name ("{}").
ONE_CARD_LABELS = {
    "exchange": "Put aside the {}",
    "take": "Take the {} from the table",
    "discard": "Discard the {} face down",
}


# What an Unlucky card does to the player it is played on, by its type (an unknown card: an Ouch).
UNLUCKY_LABELS = {
    "tire": "Tire on {who}: discard their {lure}",
    "snap": "Snap on {who}: their rod breaks",
    "ouch": "Ouch on {who}: no fishing till First Aid",
}


def label(action: Action, view: FishingPartyView, kind: str, legal: bool = True) -> str:
    """An action in a few words for the list (names shown literally; no markup ever)."""
    k = action.kind
    if k in PLAIN_LABELS:
        return PLAIN_LABELS[k]
    cards = known_cards(view)

    def word(cid: str | None) -> str:
        card = cards.get(cid or "")
        return "a card" if card is None else card_text(card, compact=True)

    if k in ONE_CARD_LABELS and isinstance(action, CardAction):
        return ONE_CARD_LABELS[k].format(word(action.card))
    me = view.seats[view.seat] if view.seat is not None else None
    # Each branch below tests `action.kind` itself, so that it sees its own kind of action.
    if action.kind == "place_lure":
        return f"{'Swap to' if me is not None and me.lure is not None else 'Put on'} the {word(action.card)}"
    if action.kind == "permanent":
        effect = PERMANENT_WORDS.get(type_of(cards, action.card), "")
        return f"Lay the {word(action.card)}" + (f": {effect}" if effect else "")
    if action.kind == "rod":
        return f"Lay the rod with the {word(action.lure)}" if action.lure else "Lay the Fishing Rod"
    if action.kind == "unlucky":
        target = view.seats[action.target] if 0 <= action.target < len(view.seats) else None
        who = target.name if target is not None else f"seat {action.target + 1}"
        lure = target.lure.name if target is not None and target.lure else "lure"
        words = UNLUCKY_LABELS.get(type_of(cards, action.card), UNLUCKY_LABELS["ouch"])
        return words.format(who=who, lure=lure)
    if action.kind == "fish":
        if not legal or me is None:
            return f"Try the {word(action.card)}"
        fish = cards.get(action.card)
        rolls = rolls_for(me.lure, fish.kind if fish else None)
        spray = any(p.type == "spray_bottle" for p in me.permanents)
        return f"Try the {word(action.card)}: {chance_words(rolls, spray)}"
    if action.kind == "pass":
        return "End your turn" if kind == "move" else "Pass: no move this turn"
    if action.kind == "draw_back":
        count = len(view.aside or ())
        return f"Draw {count} card{'s' * (count != 1)} now" if count else "Draw the cards now"
    if action.kind == "give":
        return f"Give the {word(action.card)} for the {word(view.choosing)}"
    if action.kind == "spray":
        catches = spray_catches(view, action.change)
        outcome = "" if catches is None else ": a catch" if catches else ": a miss"
        if action.change == 0 or view.spray_roll is None:
            return describe(action, view) + outcome  # the game's own words: "Leave the 4 as it is"
        return f"Count the {view.spray_roll} as {view.spray_roll + action.change}{outcome}"
    if action.kind == "let_roll":
        return "Back out: no Broken Line, let the die roll" if kind == "broken_line" else "Let the die roll"
    if action.kind == "broken_line":
        fisher = view.seats[view.turn]
        fish_name = card_text(fisher.fishing, compact=True) if fisher.fishing is not None else "fish"
        return f"Play the Broken Line on {fisher.name}: the {fish_name} and the lure go"
    return k.replace("_", " ").capitalize()


def group_of(action: Action, kind: str) -> str:
    if action.kind in ("place_lure", "permanent", "goggles"):
        return FREE
    if kind in ("turn", "move"):
        return MOVE
    return STEP


def cards_of(action: Action) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(hand cards, table cards) an action is about."""
    if action.kind == "take":
        return (), (action.card,)
    if action.kind == "rod":
        return tuple(c for c in (action.card, action.lure) if c), ()
    if isinstance(action, CardAction):
        return ((action.card,) if action.card else ()), ()
    return (), ()


def spray_catches(view: FishingPartyView, change: int) -> bool | None:
    """Whether counting the Spray Bottle's roll with `change` catches the fish (None: unknown)."""
    fisher = view.seats[view.turn]
    if view.spray_roll is None or fisher.lure is None or fisher.fishing is None:
        return None
    return view.spray_roll + change in rolls_for(fisher.lure, fisher.fishing.kind)


def _spray_choices(view: FishingPartyView, legal: list[Spray]) -> list[Spray]:
    """The Spray Bottle's choices that differ: a change that catches first (the default), then
    leaving the roll; a change that misses like the roll itself is left out (it changes nothing)."""
    def catches(action: Spray) -> bool:
        return bool(spray_catches(view, action.change))

    kept = [a for a in legal if a.change == 0 or catches(a) or spray_catches(view, a.change) is None]
    return sorted(kept, key=lambda a: not catches(a))


def build(decision: Decision[FishingPartyView, Action]) -> list[Entry]:
    """The list for a decision: legal actions by group, then what is not possible and why."""
    view, kind, legal = decision.view, decision.kind, decision.legal
    if kind == "spray":
        legal = list(_spray_choices(view, [a for a in legal if isinstance(a, Spray)]))
    entries: list[Entry] = []
    for action in legal:
        hand, table = cards_of(action)
        entries.append(Entry(action, label(action, view, kind), group_of(action, kind), True, None, hand, table))
    seen: set[tuple[str, str]] = set()
    for action in tries(view, kind, decision.seat):
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
        entries.append(Entry(None, "Play a Broken Line", NOT_NOW, False,
                             "You hold no Broken Line: back out (b), and the die is rolled."))

    def order(entry: Entry) -> tuple[int, int]:
        within = MOVE_ORDER.get(entry.action.kind, 5) if entry.action is not None and entry.group == MOVE else 0
        return GROUP_ORDER.index(entry.group), within

    return sorted(entries, key=order)  # stable: the engine's order within each rank


def key_of(entry: Entry) -> tuple[str, str] | None:
    if entry.action is None or not entry.legal:
        return None
    return KEYS.get(entry.action.kind)
