"""The protocol's moving parts for Fishing Party: who acts, what is legal, and applying.

What a player might try that is not legal is in `tries.py`."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from fishtable.engine.errors import IllegalAction
from fishtable.engine.fast import trusted
from fishtable.engine.lazy import replay_events
from fishtable.engine.protocol import Event, Prompt
from fishtable.games.fishing_party import fishing, moves
from fishtable.games.fishing_party.actions import (
    FREE_KINDS,
    Action,
    BreakLine,
    Discard,
    DrawBack,
    Exchange,
    FirstAid,
    Fish,
    Give,
    GiveUnlucky,
    LetRoll,
    Pass,
    PlaceLure,
    PlacePermanent,
    PlayGoggles,
    PlayRod,
    ReadyActions,
    Spray,
    StartExchange,
    StartSwap,
    SwapDone,
    Take,
)
from fishtable.games.fishing_party.cards import (
    BROKEN_LINE,
    DIE_SIDES,
    FIRST_AID,
    FISH,
    GLOVE,
    GOGGLES,
    LURES,
    OUCH,
    PERMANENT,
    ROD,
    SNAP,
    TIRE,
)
from fishtable.games.fishing_party.common import available, card_text, event, hand_size, has_perm, plural
from fishtable.games.fishing_party.state import NONE, FPState, Static
from fishtable.games.fishing_party.turn import move_done

# -- Prompts -----------------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _prompt(seat: int, kind: str, text: str, private: bool = True, simultaneous: bool = False,
            reaction: bool = False) -> Prompt:
    # Prompts are immutable and few, so playouts reuse them instead of rebuilding.
    return Prompt(seat=seat, kind=kind, text=text, private=private, simultaneous=simultaneous, reaction=reaction)


def _turn_text(state: FPState) -> str:
    if state.static.quick_play:
        return ("Your turn: put on a lure, lay permanent cards or play Goggles if you like, "
                "then make the first of your two moves.")
    return "Your turn: put on a lure, lay permanent cards or play Goggles if you like, then make your move."


def prompt_text(state: FPState, kind: str) -> str:
    st = state.static
    if kind == "turn":
        return _turn_text(state)
    if kind == "move":
        return "Quick-Play: make your second move, or end your turn."
    if kind == "exchange":
        left = moves.exchange_limit(state) - len(state.aside)
        if not state.aside:
            return f"Choose a card to exchange with the draw pile (up to {left})."
        return f"Put aside up to {plural(left, 'more card')} to exchange, or draw now."
    if kind == "swap":
        if not state.given:
            return "Choose a card to take from the table; you will give a card of yours for it."
        return "Take another card from the table to swap, or finish the swap."
    if kind == "give":
        return f"Give a card from your hand for the {card_text(state, state.taken[-1])}."
    if kind == "broken_line":
        return (f"Broken Line, anyone? {st.names[state.seat]} is about to roll for the "
                f"{card_text(state, state.fishing)}.")
    if kind == "spray":
        return f"Spray Bottle: you rolled a {state.roll}. Count it as one more or one less, or leave it."
    if kind == "discard":
        extra = len(state.hands[state.seat]) - hand_size(state, state.seat)
        return f"You hold more cards than your hand size: discard {plural(extra, 'card')} face down."
    return ""


def first_to_act(state: FPState) -> int | None:
    """The first seat `pending(state)` lists, without building the prompts."""
    stage = state.stage
    if stage == "over":
        return None
    if stage == "reaction":
        return state.asking[0] if state.asking else None
    return state.seat


def pending(state: FPState) -> dict[int, Prompt]:
    stage = state.stage
    if stage == "over":
        return {}
    if stage == "reaction":
        # FP-Q-16: every other seat is asked, holder or not, with the same public question. A
        # reaction, not a secret phase: the first claim is played at once, in public, and ends
        # it for the seats still asked (FP-Q-16), so the flags say neither private nor
        # simultaneous; the app asks the table once and lets a claimant confirm in private.
        text = prompt_text(state, "broken_line")
        return {s: _prompt(s, "broken_line", text, private=False, simultaneous=False, reaction=True)
                for s in state.asking}
    seat = state.seat
    # The prompts recur within a game: kept ready, keyed by what their words depend on.
    if stage == "turn" or stage == "move":
        key: tuple[object, ...] = (stage, seat)
    elif stage == "exchange":
        key = (stage, seat, moves.exchange_limit(state) - len(state.aside), not state.aside)
    elif stage == "swap":
        key = (stage, seat, not state.given)
    elif stage == "give":
        key = (stage, seat, state.taken[-1])
    elif stage == "spray":
        key = (stage, seat, state.roll)
    elif stage == "discard":
        key = (stage, seat, len(state.hands[seat]) - hand_size(state, seat))
    else:
        return {seat: _prompt(seat, stage, prompt_text(state, stage))}
    cache = state.static.action_cache
    ready = cache.get(key)
    if ready is None:
        ready = cache[key] = {seat: _prompt(seat, stage, prompt_text(state, stage))}
    return dict(ready)


# -- Legal actions -------------------------------------------------------------------------------


_LET_ROLL = LetRoll()
_DRAW_BACK = DrawBack()
_START_EXCHANGE = StartExchange()
_START_SWAP = StartSwap()
_SWAP_DONE = SwapDone()
_PASS = Pass()
_GIVEN = frozenset({OUCH, TIRE, SNAP})
_SPRAYS = {c: Spray(change=c) for c in (-1, 0, 1)}


def _actions(st: Static) -> ReadyActions:
    acts: ReadyActions | None = st.acts
    if acts is None:
        # The same card ids make the same actions, whatever the game: made once, not every game.
        acts = _READY.get(st.cids)
        if acts is None:
            if len(_READY) >= 16:
                _READY.clear()
            acts = _READY[st.cids] = ReadyActions(st.cids)
        st.acts = acts
    return acts


_READY: dict[tuple[str, ...], ReadyActions] = {}  # ReadyActions by card ids, for the card tables in use


def _takes(state: FPState, acts: ReadyActions, out: list[Action]) -> None:
    given, take = state.given, acts.take
    out += [take[t] for t in state.table if t not in given]


def _move_actions(state: FPState, seat: int, acts: ReadyActions, out: list[Action]) -> None:
    """Every first card of a move (FP-MOVE-2), then passing (FP-Q-7)."""
    st = state.static
    codes = st.codes
    hand = state.hands[seat]
    if hand:
        if available(state):
            out.append(_START_EXCHANGE)
        if state.table:
            out.append(_START_SWAP)
    n = st.n
    # Fishing needs a rod, a lure and no Ouch (FP-CATCH-1/2): checked once, not per fish.
    lure = state.lures[seat]
    wins = st.cards[lure].wins if lure != NONE and state.rods[seat] != NONE and state.ouches[seat] == NONE \
        else None
    for c in hand:
        code = codes[c]
        if code == FISH:
            if wins is not None and wins[st.kind_of[c]] and fishing.fish_error(state, seat, c) is None:
                out.append(acts.fish[c])
        elif code == ROD:
            if state.rods[seat] == NONE:
                out.append(_rod(acts, st, c, NONE))
                for lure in hand:
                    if codes[lure] in LURES:
                        out.append(_rod(acts, st, c, lure))
        elif code == FIRST_AID:
            if state.ouches[seat] != NONE:
                out.append(acts.first_aid[c])
        elif code in _GIVEN and not state.unlucky:
            for target in range(n):
                if target != seat and _target_ok(state, code, target):
                    out.append(_unlucky(acts, st, c, target))
    out.append(_PASS)


def _target_ok(state: FPState, code: int, target: int) -> bool:
    if code == OUCH:
        return state.ouches[target] == NONE and not has_perm(state, target, GLOVE)
    if code == TIRE:
        return state.lures[target] != NONE
    return state.rods[target] != NONE


def _rod(acts: ReadyActions, st: Static, card: int, lure: int) -> PlayRod:
    key = (card, lure)
    action = acts.rods.get(key)
    if action is None:
        action = acts.rods[key] = trusted(PlayRod, kind="rod", card=st.cids[card],
                                          lure=None if lure == NONE else st.cids[lure])
    return action


def _unlucky(acts: ReadyActions, st: Static, card: int, target: int) -> GiveUnlucky:
    key = (card, target)
    action = acts.unlucky.get(key)
    if action is None:
        action = acts.unlucky[key] = trusted(GiveUnlucky, kind="unlucky", card=st.cids[card], target=target)
    return action


def legal_actions(state: FPState, seat: int) -> list[Action]:
    stage = state.stage
    if stage == "reaction":
        if seat not in state.asking:
            return []
        acts = _actions(state.static)
        codes = state.static.codes
        # The same "no" comes first for every seat (FP-Q-16); holders may also play their card.
        return [_LET_ROLL, *(acts.breaks[c] for c in state.hands[seat] if codes[c] == BROKEN_LINE)]
    if seat != state.seat or stage == "over":
        return []
    st = state.static
    acts = _actions(st)
    out: list[Action] = []
    if stage == "turn":
        codes = st.codes
        has_rod = state.rods[seat] != NONE
        for c in state.hands[seat]:
            code = codes[c]
            if code in LURES:
                if has_rod:
                    out.append(acts.lure[c])
            elif code in PERMANENT:
                out.append(acts.permanent[c])
            elif code == GOGGLES:
                out.append(acts.goggles[c])
        _move_actions(state, seat, acts, out)
    elif stage == "move":
        _move_actions(state, seat, acts, out)
    elif stage == "exchange":
        if moves.exchange_error(state) is None:
            out.extend(map(acts.exchange.__getitem__, state.hands[seat]))
        if state.aside:
            out.append(_DRAW_BACK)
    elif stage == "swap":
        if moves.can_take_more(state):
            _takes(state, acts, out)
        if state.given:
            out.append(_SWAP_DONE)
    elif stage == "give":
        taken, give = state.taken, acts.give
        out += [give[c] for c in state.hands[seat] if c not in taken]
    elif stage == "spray":
        rolled = state.roll
        out.append(_SPRAYS[0])
        out.extend(_SPRAYS[c] for c in (-1, 1) if 1 <= rolled + c <= DIE_SIDES)
    elif stage == "discard":
        out.extend(map(acts.discard.__getitem__, state.hands[seat]))
    return out


# -- What a player might try ---------------------------------------------------------------------

# -- Applying ----------------------------------------------------------------------------------


def _card(state: FPState, cid: str, zone: list[int], where: str) -> int:
    card = state.static.by_id.get(cid)
    if card is None or card not in zone:
        raise IllegalAction(f"Card {cid} is not {where}.")
    return card


def _in_hand(state: FPState, seat: int, cid: str) -> int:
    return _card(state, cid, state.hands[seat], "in your hand")


def _check(error: str | None) -> None:
    if error is not None:
        raise IllegalAction(error)


def apply(state: FPState, seat: int, action: Action) -> tuple[FPState, list[Event]]:
    """Validate, then apply to a copy. The given state is never changed."""
    if not isinstance(seat, int) or not 0 <= seat < len(state.hands):
        raise IllegalAction(f"There is no seat {seat}.")
    kind: str | None = getattr(action, "kind", None)
    stage = state.stage
    if stage == "over":
        raise IllegalAction("The game is over.")
    if kind == "time_up":
        return _time_up(state)
    if stage == "reaction":
        if seat not in state.asking:
            raise IllegalAction(f"{state.static.names[seat]} has nothing to decide right now.")
    elif seat != state.seat:
        raise IllegalAction(f"It is {state.static.names[state.seat]}'s turn, not {state.static.names[seat]}'s.")
    handler = _HANDLERS.get((stage, kind))
    if handler is None:
        if kind in FREE_KINDS and stage in ("move", "exchange", "swap", "give"):
            raise IllegalAction("Lures, permanent cards and Goggles are played at the beginning of the turn, "
                                "before the move.")
        asked = "broken_line" if stage == "reaction" else stage
        raise IllegalAction(f"That does not fit now. {prompt_text(state, asked)}")
    # A fork shares the state's lists (the engine replaces them, never changes them). No log is
    # written now: ReplayEvents writes the very same events, by playing the step again on another
    # fork of `state`, only if they are read (a playout never reads them).
    new = state.fork()
    handler(new, seat, action, None)
    return new, replay_events(state, seat, handler, action)


def _time_up(state: FPState) -> tuple[FPState, list[Event]]:
    """FP-END-2, FP-Q-21: the app's clock ran out; the turn being played is finished, then the end."""
    if state.static.time_limit is None:
        raise IllegalAction("This game has no time limit.")
    if state.time_up:
        raise IllegalAction("The time is already up.")
    new = state.clone()
    new.time_up = True
    name = state.static.names[state.seat]
    return new, [event("time_up", f"Time is up! {name} finishes this turn, then the game ends.", news=True)]


def _place_lure(state: FPState, seat: int, action: PlaceLure, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    _check(moves.lure_error(state, seat, card))
    moves.place_lure(state, seat, card, events)


def _permanent(state: FPState, seat: int, action: PlacePermanent, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    _check(moves.permanent_error(state, card))
    moves.place_permanent(state, seat, card, events)


def _goggles(state: FPState, seat: int, action: PlayGoggles, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    _check(moves.goggles_error(state, card))
    moves.play_goggles(state, seat, card, events)


def _start_exchange(state: FPState, seat: int, action: StartExchange, events: list[Event] | None) -> None:
    _check(moves.start_exchange_error(state, seat))
    moves.start_exchange(state, seat, events)


def _exchange(state: FPState, seat: int, action: Exchange, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    _check(moves.exchange_error(state))
    moves.put_aside(state, seat, card, events)


def _draw_back(state: FPState, seat: int, action: DrawBack, events: list[Event] | None) -> None:
    if not state.aside:
        raise IllegalAction("Put aside at least one card to exchange first.")
    moves.draw_back(state, seat, events)


def _start_swap(state: FPState, seat: int, action: StartSwap, events: list[Event] | None) -> None:
    _check(moves.start_swap_error(state, seat))
    moves.start_swap(state, seat, events)


def _take(state: FPState, seat: int, action: Take, events: list[Event] | None) -> None:
    card = _card(state, action.card, state.table, "on the table")
    _check(moves.take_error(state, card))
    if not moves.can_take_more(state):
        raise IllegalAction("You have no card left to give for it in this swap.")
    moves.take(state, seat, card, events)


def _give(state: FPState, seat: int, action: Give, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    _check(moves.give_error(state, card))
    moves.give(state, seat, card, events)


def _swap_done(state: FPState, seat: int, action: SwapDone, events: list[Event] | None) -> None:
    if not state.given:
        raise IllegalAction("Swap at least one card with the table first.")
    move_done(state, events)


def _rod_move(state: FPState, seat: int, action: PlayRod, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    lure = None if action.lure is None else _in_hand(state, seat, action.lure)
    _check(moves.rod_error(state, seat, card, lure))
    moves.play_rod(state, seat, card, lure, events)


def _first_aid(state: FPState, seat: int, action: FirstAid, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    _check(moves.first_aid_error(state, seat, card))
    moves.first_aid(state, seat, card, events)


def _give_unlucky(state: FPState, seat: int, action: GiveUnlucky, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    _check(moves.unlucky_error(state, seat, card, action.target))
    moves.give_unlucky(state, seat, card, action.target, events)


def _fish(state: FPState, seat: int, action: Fish, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    _check(fishing.fish_error(state, seat, card))
    fishing.start_attempt(state, seat, card, events)


def _pass(state: FPState, seat: int, action: Pass, events: list[Event] | None) -> None:
    moves.pass_turn(state, seat, events)


def _let_roll(state: FPState, seat: int, action: LetRoll, events: list[Event] | None) -> None:
    fishing.let_roll(state, seat, events)


def _break_line(state: FPState, seat: int, action: BreakLine, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    _check(fishing.broken_line_error(state, card))
    fishing.break_line(state, seat, card, events)


def _spray(state: FPState, seat: int, action: Spray, events: list[Event] | None) -> None:
    _check(fishing.spray_error(state, action.change))
    fishing.resolve(state, state.roll, state.roll + action.change, events)


def _discard(state: FPState, seat: int, action: Discard, events: list[Event] | None) -> None:
    card = _in_hand(state, seat, action.card)
    moves.discard_down(state, seat, card, events)


# A handler takes the action of its own kind (Any: `apply` looks it up by that kind).
Handler = Callable[[FPState, int, Any, list[Event] | None], None]

_MOVES: dict[str, Handler] = {
    "start_exchange": _start_exchange,
    "start_swap": _start_swap,
    "rod": _rod_move,
    "first_aid": _first_aid,
    "unlucky": _give_unlucky,
    "fish": _fish,
    "pass": _pass,
}
_HANDLERS: dict[tuple[str, str | None], Handler] = {
    ("turn", "place_lure"): _place_lure,
    ("turn", "permanent"): _permanent,
    ("turn", "goggles"): _goggles,
    **{("turn", k): h for k, h in _MOVES.items()},
    **{("move", k): h for k, h in _MOVES.items()},
    ("exchange", "exchange"): _exchange,
    ("exchange", "draw_back"): _draw_back,
    ("swap", "take"): _take,
    ("give", "give"): _give,
    ("swap", "swap_done"): _swap_done,
    ("reaction", "let_roll"): _let_roll,
    ("reaction", "broken_line"): _break_line,
    ("spray", "spray"): _spray,
    ("discard", "discard"): _discard,
}
