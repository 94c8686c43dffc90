"""What a player who knows the game presses, screen by screen: shared by the key benchmark
(`benchmarks/handoff_bench.py`, which counts the keys) and the fast-typist tests
(`tests/tui/test_fast_typist.py`, which check what each key does).

`plan(game_id, screen, match)` answers for the decision on screen with a `Plan`: the keys
to press, the moves the last key makes (in the order the game's log will hold them), and
what each key before the last is meant to do (a card chosen, the cursor on a fish). Keys
are read from what the screen offers (a choice list's keys, a card's number), never from a
fixed place. A plan may be one stage of a decision (Fishing Party: point at a card, then
pick its line): the caller asks again on the same screen.

Crazy Fishing (a card's number puts it into the cast, then Enter; the fish by its number;
the suggested draw by its number of rods); Fishing Party (the greedy computer player's move,
by the key shown before it, or pointed at and reached by the arrows); Big Fish (the first
choice, by its key); poker (check or call by its letter, keep the hand).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from textual.widgets import OptionList

from fishtable.bots import choose_action
from fishtable.engine.match import Match
from fishtable.games.crazy_fishing.actions import Attempt, Cast, Look, PairAttempt
from fishtable.games.fishing_party.actions import DrawBack, Exchange, StartExchange, StartSwap
from fishtable.plugins.crazy_fishing.board import leads
from fishtable.plugins.crazy_fishing.sea import SeaView
from fishtable.plugins.fishing_party import entries, held
from fishtable.tui.widgets.options import ChoiceList

Check = Callable[[], bool]


@dataclass(frozen=True)
class Plan:
    """Keys for the screen on show. `moves`: what the last key applies (none: a stage that decides
    nothing yet). `meant[i]`: what key i (before the last, or the last of a stage) is meant to do,
    as a condition on the screen once it acted, with its words for a failure. `seats`: whose each
    move is, where the key answers for others (the table's question)."""

    keys: tuple[str, ...]
    moves: tuple[BaseModel, ...] = ()
    meant: tuple[tuple[str, Check] | None, ...] = field(default_factory=tuple)
    seats: tuple[int, ...] = ()  # the seat of each move, where not the screen's own


def first_cast(match: Match, seat: int) -> Cast:
    """The first legal cast (the benchmark's player)."""
    return next(a for a in match.legal_actions(seat) if a.kind == "cast")


def bot_cast(match: Match, seat: int) -> Cast:
    """The cast the computer player would make: a game that catches fish, so it ends sooner."""
    action = choose_action(match, seat)
    return action if action.kind == "cast" else first_cast(match, seat)


# -- screens answered by Enter alone ------------------------------------------------------------


def enter_kind(screen: Any) -> str | None:
    """What Enter does on a screen that asks nothing else, or None: "handoff" (a pass screen naming
    a player: the privacy screen, or the table showing the news as one), "study" (a seat's look at
    the cards it drew in secret, or a reveal on the table), "idle" (an anonymous cover)."""
    name = type(screen).__name__
    if name == "PrivacyScreen":
        return "handoff" if screen.player is not None else "idle"
    if name == "StudyScreen":
        return "study"
    if name == "TableScreen" and getattr(screen, "kind", None) == "ack":
        return "handoff" if getattr(screen, "handoff", False) else "study"
    return None


# -- keys shown on screen ---------------------------------------------------------------------


def choice_key(screen: Any, index: int) -> str | None:
    """The key shown before choice `index` of the screen's list of choices (it picks it at once)."""
    for listing in screen.query(ChoiceList):
        if listing.display and listing.option_count > index:
            return listing.key_for(index)
    return None


def turn_key(screen: Any, option: int) -> str | None:
    """The key shown before line `option` of a Fishing Party turn list, if it has one."""
    entry_index = int(screen.query_one(OptionList).get_option_at_index(option).id)
    named = entries.key_of(screen.entries[entry_index])
    if named is not None:
        return named[0]
    return next((key for key, index in screen.letters.items() if index == entry_index), None)


def first_choice(screen: Any) -> Plan:
    """The first choice of the list on screen, by the key shown before it (Enter without one)."""
    legal = list(screen.legal)
    key = choice_key(screen, 0)
    return Plan((key or "enter",), (legal[0],) if legal else ())


# -- each game ----------------------------------------------------------------------------------


def cf_plan(screen: Any, match: Match, cast_of: Callable[[Match, int], Cast] = first_cast,
            by_number: bool = True) -> Plan | None:
    """`by_number`: the suggested fish by its number (the fast typist, who tries every key); else
    by Enter alone, as the cursor starts on it (the benchmark's player, who presses the fewest)."""
    name = type(screen).__name__
    if name == "CastScreen":
        cast = cast_of(match, screen.seat)
        hand = [c.id for c in screen.hand]
        cards = [cid for cid in hand if cid in (*cast.rods, *cast.baits)]
        # The screen sends the cast in the hand's order.
        sent = Cast(rods=tuple(c for c in cards if c in cast.rods), baits=tuple(c for c in cards if c in cast.baits))
        meant: list[tuple[str, Check] | None] = []
        for n, cid in enumerate(cards):
            wanted = set(cards[: n + 1])
            meant.append((f"card {hand.index(cid) + 1} ({cid}) is in the cast",
                          lambda wanted=wanted: wanted <= set(screen.chosen)))
        # A card's number puts it into the cast, Enter casts.
        return Plan((*(str(hand.index(cid) + 1) for cid in cards), "enter"), (sent,), (*meant, None))
    if name == "CollectScreen" and screen.draws:
        draw = screen.draws[screen.index]
        return Plan((str(draw.rods),), (draw,))  # the suggested split, by its number of rods
    if name == "TableScreen" and screen.kind in ("catch", "pair") and screen.seat is not None:
        board = screen.board
        sea = board.query_one(SeaView)
        if sea.cursor is None:
            return None
        move = PairAttempt(label=sea.cursor) if screen.kind == "pair" else Attempt(labels=(sea.cursor,))
        if board.digits_try() and not by_number:
            return Plan(("enter",), (move,))
        if board.digits_try():  # the suggested fish, by its number
            typed = str(sea.cursor)
            waits = leads(typed, sea.labels())
            keys = (*typed, "enter") if waits else tuple(typed)
            first = f"#{typed[0]}_"
            meant = ((f"{first} is shown, waiting for more", lambda: first in screen_words(screen)),) \
                if len(keys) > 1 else ()
            return Plan(keys, (move,), (*meant, None))
        if move in screen.legal:
            # A Finder turn: the cursor's fish by its number (the cursor goes there), then Enter
            # tries it. Not Enter alone: right after a handoff it would repeat the pass screen's.
            typed = str(sea.cursor)
            cursor = sea.cursor
            digits = (*typed, "enter") if leads(typed, sea.labels()) else tuple(typed)
            first = f"#{typed[0]}_"
            meant = [(f"{first} is shown, waiting for more", lambda: first in screen_words(screen))] \
                if len(digits) > 1 else []
            return Plan((*digits, "enter"), (move,),
                        (*meant, (f"the cursor is on fish #{cursor}", lambda: sea.cursor == cursor), None))
        # The Super-Fast Reel: mark two fish, then try.
        marked = list(sea.marked)
        if len(marked) >= 2:
            return Plan(("enter",), (Attempt(labels=tuple(marked)),))
        if sea.cursor not in marked:
            cursor = sea.cursor
            return Plan(("space",), (), ((f"fish #{cursor} is marked", lambda: cursor in sea.marked),))
        cursor = sea.cursor
        return Plan(("tab",), (), ((f"the cursor left fish #{cursor}", lambda: sea.cursor != cursor),))
    return None


def screen_words(screen: Any) -> str:
    """What the screen's prompt and notes say now (the Static widgets' text)."""
    from textual.widgets import Static

    return " ".join(str(w.render()) for w in screen.query(Static))


def fp_plan(screen: Any, match: Match) -> Plan | None:
    name = type(screen).__name__
    if name == "TurnScreen" and screen.holding is not None:
        listing = screen.query_one(OptionList)
        entry = screen.entries[int(listing.get_option_at_index(listing.highlighted or 0).id)]
        if screen.holding == "swap":  # the highlighted table card: the swap is sent at once
            return Plan(("enter",), (StartSwap(), entry.action))
        # The held exchange: put the highlighted card aside (the engine draws by itself once the
        # limit is aside), then draw at once ("d").
        if not screen.held and entry.action.kind == "exchange":
            puts = (*screen.held, entry.action.card)
            if len(puts) >= held.exchange_limit(screen.base.view):
                return Plan(("enter",), (StartExchange(), *(Exchange(card=card) for card in puts)))
            count = len(screen.held)
            return Plan(("enter",), (), (("a card is put aside", lambda: len(screen.held) > count),))
        return Plan(("d",), (StartExchange(), *(Exchange(card=card) for card in screen.held), DrawBack()))
    if name == "TurnScreen":
        action = choose_action(match, screen.seat)
        listing = screen.query_one(OptionList)
        target = next(i for i in range(listing.option_count)
                      if listing.get_option_at_index(i).id is not None
                      and screen.entries[int(listing.get_option_at_index(i).id)].action == action)
        moves: tuple[BaseModel, ...] = () if action.kind in ("start_exchange", "start_swap") else (action,)
        holds = (("the move is held on screen", lambda: screen.holding is not None),) if not moves else (None,)
        key = turn_key(screen, target)
        if key is not None:  # the key shown before the line
            return Plan((key,), moves, holds)
        card = getattr(action, "card", None)
        if card in screen.points and screen.points.index(card) < 9 and screen.pointed != card:
            number = screen.points.index(card) + 1
            return Plan((str(number),), (), ((f"card {number} is pointed at", lambda: screen.pointed == card),))
        here = listing.highlighted or 0
        step = "down" if here < target else "up"
        arrows = [step] * abs(target - here)
        meant: list[tuple[str, Check] | None] = []
        for n in range(len(arrows)):
            line = here + (n + 1) * (1 if step == "down" else -1)
            meant.append((f"line {line} is highlighted", lambda line=line: listing.highlighted == line))
        return Plan((*arrows, "enter"), moves, (*meant, *holds))
    if name == "TableScreen" and getattr(screen, "question", None) is not None:
        _, seats, _ = screen.question
        for seat in seats:
            if choose_action(match, seat).kind == "broken_line":
                return Plan((str(seat + 1),), (), (("the claim is taken", lambda: screen.question is None),))
        # Nobody claims: every seat asked lets it go (its first legal move, the table's answer).
        pending = match.pending()
        asked = [seat for seat in seats if seat in pending and pending[seat].reaction]
        return Plan(("enter",), tuple(match.legal_actions(seat)[0] for seat in asked), seats=tuple(asked))
    return None


def poker_plan(screen: Any, match: Match) -> Plan | None:
    name = type(screen).__name__
    if name == "BetScreen":
        calls = [a for a in screen.legal if a.kind in ("check", "call")]
        return Plan(("c",), (calls[0],)) if calls else first_choice(screen)
    if name == "SwapScreen":
        return Plan(("k",), (next(a for a in screen.legal if a.kind == "keep"),))
    return None


def plan(game_id: str, screen: Any, match: Match, cast_of: Callable[[Match, int], Cast] = first_cast,
         by_number: bool = True) -> Plan | None:
    """The keys for the decision on screen, or None where the game has no plan of its own (the
    caller then takes the first choice of a list: `first_choice`)."""
    if game_id == "crazy-fishing":
        return cf_plan(screen, match, cast_of, by_number)
    if game_id == "fishing-party":
        return fp_plan(screen, match)
    if game_id == "fishing-party-poker":
        return poker_plan(screen, match)
    return None


# -- a given move (the coach's guided game: its suggestion, or another move) ------------------------


def number_keys(screen: Any, label: int) -> tuple[str, ...]:
    """A Crazy Fishing fish's number as typed on the board: its digits, and Enter when the
    first digit may start a longer number (the board then waits for more)."""
    sea = screen.board.query_one(SeaView)
    typed = str(label)
    return (*typed, "enter") if leads(typed, sea.labels()) else tuple(typed)


def cf_board_plan(screen: Any, move: BaseModel) -> Plan | None:
    """A move on Crazy Fishing's sea: a fish's number tries it at once where it can; in a Finder
    or Reel turn the number only moves the cursor, then `l` looks, Space marks, Enter tries."""
    sea = screen.board.query_one(SeaView)
    if screen.board.digits_try():
        if isinstance(move, Attempt) and len(move.labels) == 1:
            return Plan(number_keys(screen, move.labels[0]), (move,))
        if isinstance(move, PairAttempt) and move.label is not None:
            return Plan(number_keys(screen, move.label), (move,))
        return None
    if isinstance(move, Look):
        return Plan((*number_keys(screen, move.label), "l"), (move,))
    if isinstance(move, Attempt) and len(move.labels) == 1 and not sea.marked:
        return Plan((*number_keys(screen, move.labels[0]), "enter"), (move,))
    if isinstance(move, Attempt) and len(move.labels) == 2 and not sea.marked:
        keys = [key for label in move.labels for key in (*number_keys(screen, label), "space")]
        return Plan((*keys, "enter"), (move,))
    return None


def poker_swap_plan(screen: Any, move: BaseModel) -> Plan | None:
    """Poker's swap: `k` keeps; a swap is the hand card's number, then the community card's (the
    row moves down once the hand card is picked), then Enter."""
    kind = getattr(move, "kind", None)
    if kind == "keep":
        return Plan(("k",), (move,))
    hand = [card.id for card in screen.hand]
    community = [card.id for card in screen.community]
    give, take = getattr(move, "give", None), getattr(move, "take", None)
    if kind != "swap" or give not in hand or take not in community or screen.row != "hand" or screen.give:
        return None
    return Plan((str(hand.index(give) + 1), str(community.index(take) + 1), "enter"), (move,))


def fp_turn_plan(screen: Any, action: BaseModel) -> Plan | None:
    """A Fishing Party turn's line for `action` (as `fp_plan` reaches the greedy player's): the key
    shown before it, or its card's number, or the arrows and Enter. A move that starts a held
    exchange or swap applies nothing yet (the holding stage comes next)."""
    listing = screen.query_one(OptionList)
    target = next((i for i in range(listing.option_count) if listing.get_option_at_index(i).id is not None
                   and screen.entries[int(listing.get_option_at_index(i).id)].action == action), None)
    if target is None:
        return None
    moves: tuple[BaseModel, ...] = () if action.kind in ("start_exchange", "start_swap") else (action,)
    holds = (("the move is held on screen", lambda: screen.holding is not None),) if not moves else (None,)
    key = turn_key(screen, target)
    if key is not None:
        return Plan((key,), moves, holds)
    here = listing.highlighted or 0
    step = "down" if here < target else "up"
    return Plan((*[step] * abs(target - here), "enter"), moves, holds)


def move_plan(game_id: str, screen: Any, match: Match, move: BaseModel) -> Plan | None:
    """The keys that make `move` on the screen shown, or None where this typist cannot type that
    move there (the caller then plays its own plan). A move from a list of choices: the key shown
    before its line. Crazy Fishing: a cast by its cards' numbers, a draw by its rods, a fish by
    its number where the number tries it at once."""
    name = type(screen).__name__
    legal = list(getattr(screen, "legal", ()))
    if game_id == "crazy-fishing":
        if name == "CastScreen" and isinstance(move, Cast):
            return cf_plan(screen, match, cast_of=lambda _match, _seat: move)
        if name == "CollectScreen" and getattr(move, "kind", None) == "draw":
            return Plan((str(move.rods),), (move,))
        if name == "TableScreen" and screen.kind in ("catch", "pair"):
            return cf_board_plan(screen, move)
    if game_id == "fishing-party-poker" and name == "SwapScreen":
        return poker_swap_plan(screen, move)
    if game_id == "fishing-party" and name == "TurnScreen":
        return fp_turn_plan(screen, move) if screen.holding is None else None
    if move in legal:
        key = choice_key(screen, legal.index(move))
        if key is not None:
            return Plan((key,), (move,))
    return None
