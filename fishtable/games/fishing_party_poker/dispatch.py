"""The protocol's moving parts: who acts, what is legal, and applying an action."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from fishtable.engine import lazy
from fishtable.engine.errors import IllegalAction
from fishtable.engine.lazy import LazyActions, ReplayEvents, replay_events
from fishtable.engine.protocol import Event, Prompt
from fishtable.games.fishing_party_poker import betting, rounds
from fishtable.games.fishing_party_poker.actions import DEAL, KEEP, Action, Deal, KeepHand, Swap, swap
from fishtable.games.fishing_party_poker.common import event
from fishtable.games.fishing_party_poker.state import PokerState


@lru_cache(maxsize=8192)
def _prompt(seat: int, kind: str, text: str, private: bool) -> Prompt:
    # Prompts are immutable and few, so playouts reuse them instead of rebuilding.
    return Prompt(seat=seat, kind=kind, text=text, private=private)


@lru_cache(maxsize=8192)
def _bet_prompt(seat: int, round_no: int, level: int, mine: int, chips: int, target: int, wager: bool) -> Prompt:
    """The betting prompt; `chips` is exact only when it limits what the seat can put in."""
    owe = level - mine
    choices = []
    if owe <= 0:
        choices.append("check")
    else:
        cost = min(owe, chips)
        choices.append(f"call {cost}" + (" (all in)" if cost == chips else ""))
    if wager:
        reach = min(target, mine + chips)
        word = "bet" if level == 0 else "raise to"
        choices.append(f"{word} {reach}" + (" (all in)" if reach - mine == chips else ""))
    if owe > 0:
        choices.append("fold")
    said = choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]
    facing = f"the bet is {level}, {owe} to you" if owe > 0 else "nobody has bet"
    text = f"Betting round {round_no}, {facing}: {said[:1].upper()}{said[1:]}."
    return Prompt(seat=seat, kind="bet", text=text, private=True)


def bet_prompt(state: PokerState, seat: int) -> Prompt:
    mine = state.round_bet[seat]
    level = state.level
    target = level + (state.small_bet if state.betting_round <= 1 else state.big_bet)  # betting.raise_target
    chips = state.chips[seat]
    if chips > target - mine:
        chips = 1 << 30  # plenty: the exact count does not change the prompt, so it may be cached
    return _bet_prompt(seat, state.betting_round, level, mine, chips, target, betting.can_wager(state, seat))


def first_to_act(state: PokerState) -> int | None:
    """The first seat `pending(state)` lists, without building the prompts."""
    phase = state.phase
    if phase == "betting" or phase == "swap":
        return state.actor
    if phase == "hand_over":
        return state.next_dealer
    return None


def pending(state: PokerState) -> dict[int, Prompt]:
    phase = state.phase
    if phase == "betting":
        seat = state.actor
        return {seat: bet_prompt(state, seat)}
    if phase == "swap":
        seat = state.actor
        return {seat: _swap_prompt(seat, state.swap_round)}
    if phase == "hand_over":
        seat = state.next_dealer
        return {seat: _deal_prompt(seat, state.hand_no)}
    return {}


# Keyed by the numbers, not by the text: a prompt's words are only built the first time.
@lru_cache(maxsize=256)
def _swap_prompt(seat: int, swap_round: int) -> Prompt:
    text = f"Swap {swap_round}: swap one of your cards for a community card, or keep your hand."
    return _prompt(seat, "swap", text, True)


@lru_cache(maxsize=16384)  # long sessions deal thousands of hands: room for every seat's prompts
def _deal_prompt(seat: int, hand_no: int) -> Prompt:
    return _prompt(seat, "deal", f"Hand {hand_no} is over. Deal hand {hand_no + 1}.", False)


@lru_cache(maxsize=16)
def _swaps_of(cids: tuple[str, ...]) -> list[list[Swap]]:
    """Every possible Swap of one card table, built once: [give][take]."""
    return [[swap(g, t) for t in cids] for g in cids]


_last: tuple[tuple[str, ...], list[list[Swap]]] = ((), [])  # the card table last asked for, its swaps


def _swap_table(cids: tuple[str, ...]) -> list[list[Swap]]:
    """`_swaps_of(cids)`, with the table last asked for remembered by identity: every state
    of a session shares its `cids`, and hashing the ids for the cache key cost more than the rest."""
    global _last
    known, table = _last
    if known is not cids:
        table = _swaps_of(cids)
        _last = (cids, table)
    return table


def legal_actions(state: PokerState, seat: int) -> list[Action]:
    phase = state.phase
    if phase == "betting":
        return betting.legal(state, seat) if seat == state.actor else []
    if phase == "swap":
        if seat != state.actor:
            return []
        return _swaps(state, seat)
    if phase == "hand_over":
        return [DEAL] if seat == state.next_dealer else []
    return []


def _swaps(state: PokerState, seat: int) -> list[Action]:
    """Keeping the hand, then every swap (each card of the hand for each community card, in order):
    a `LazyActions` list, whose actions are built only as they are read (see engine/lazy.py).

    A playout reads one of the couple of dozen, and the swaps of a whole card table are many
    objects: listing them all would touch far more memory than the step itself."""
    table = _swap_table(state.cids)
    hand, community = state.hands[seat], state.community
    width = len(community)

    def make(_: PokerState, move: tuple[int, int]) -> Action:
        return table[move[0]][move[1]]

    swapping: tuple[lazy.Play, lazy.Make[Action]] = (_play_swap, make)

    def at(i: int) -> tuple[tuple[lazy.Play, lazy.Make[Action]], tuple[int, int]]:
        if i == 0:
            return _KEEPING, (-1, -1)
        give, take = divmod(i - 1, width)
        return swapping, (hand[give], community[take])

    return LazyActions(state, seat, 1 + len(hand) * width, at)


def _play_swap(state: PokerState, seat: int, move: tuple[int, int], events: list[Event] | None) -> None:
    rounds.do_swap(state, seat, move[0], move[1], events)


def _play_keep(state: PokerState, seat: int, move: tuple[int, int], events: list[Event] | None) -> None:
    rounds.keep_hand(state, seat, events)


def _make_keep(state: PokerState, move: tuple[int, int]) -> Action:
    return KEEP


_KEEPING: tuple[lazy.Play, lazy.Make[Action]] = (_play_keep, _make_keep)


def apply(state: PokerState, seat: int, action: Action) -> tuple[PokerState, list[Event]]:
    """Validate, then apply to a copy. The given state is never changed.

    A swap (or keeping the hand) that the engine has just listed for this very state and seat
    (see engine/lazy.py) is legal by construction: its move is applied directly.
    """
    last = lazy.issued
    if action is last[2] and state is last[0] and seat == last[1]:
        new = state.fork()
        last[3](new, seat, last[4], None)  # no log now: ReplayEvents writes it if it is read
        replay = ReplayEvents()  # made and given its step here, not by a call: at every step
        replay.step = last
        return new, replay
    if not isinstance(seat, int) or not 0 <= seat < len(state.names):
        raise IllegalAction(f"There is no seat {seat}.")
    kind: str | None = getattr(action, "kind", None)  # whatever was sent: it may be no action at all
    if kind == "stop_session":
        return _stop(state, seat)
    phase = state.phase
    if phase == "over":
        raise IllegalAction("The session is over.")
    waiting = state.next_dealer if phase == "hand_over" else state.actor
    if seat != waiting:
        raise IllegalAction(f"It is not {state.names[seat]}'s turn: {state.names[waiting]} is to act.")
    handler = _HANDLERS.get((phase, kind))
    if handler is None:
        raise IllegalAction(f"That move does not fit now. {pending(state)[seat].text}")
    # No log is written now: ReplayEvents writes the very same events, by playing the step again
    # on another fork of `state`, only if they are read (a playout never reads them).
    new = state.fork()
    handler(new, seat, action, None)
    return new, replay_events(state, seat, handler, action)


def _bet(state: PokerState, seat: int, action: Action, events: list[Event] | None) -> None:
    betting.apply(state, seat, action.kind, events)
    if action.kind == "fold" and len(state.contenders()) == 1:
        rounds.win_uncontested(state, events)
        return
    following = betting.next_actor(state, seat)
    if following < 0:
        rounds.end_betting(state, events)
    else:
        state.actor = following


def _card(state: PokerState, cid: str, where: list[int], place: str) -> int:
    c = _index_of(state.cids).get(cid, -1)
    if c in where:
        return c
    for c in where:  # a card table built by hand may repeat an id
        if state.cids[c] == cid:
            return c
    raise IllegalAction(f"Card {cid[:12]} is not {place}.")


_known_cids: tuple[tuple[str, ...], dict[str, int]] = ((), {})  # the card table last asked for, by identity


def _index_of(cids: tuple[str, ...]) -> dict[str, int]:
    """Each card id's card, remembered like `_swap_table` (ids are "C001", "C002"...: one card each)."""
    global _known_cids
    known, index = _known_cids
    if known is not cids:
        index = {}
        for c, cid in enumerate(cids):
            index.setdefault(cid, c)
        _known_cids = (cids, index)
    return index


def _swap(state: PokerState, seat: int, action: Swap, events: list[Event] | None) -> None:
    give = _card(state, action.give, state.hands[seat], "in your hand")
    take = _card(state, action.take, state.community, "among the community cards")
    rounds.do_swap(state, seat, give, take, events)


def _keep(state: PokerState, seat: int, action: KeepHand, events: list[Event] | None) -> None:
    rounds.keep_hand(state, seat, events)


def _deal(state: PokerState, seat: int, action: Deal, events: list[Event] | None) -> None:
    rounds.deal_next(state, events)


def _stop(state: PokerState, seat: int) -> tuple[PokerState, list[Event]]:
    """The table stops: the hand under way is played out, then the standings are final."""
    if state.phase == "over":
        raise IllegalAction("The session is over already.")
    if state.stopping:
        raise IllegalAction("The table has already agreed to stop after this hand.")
    new = state.clone()
    new.stopping = True
    new.stopped_by = seat
    events: list[Event] = []
    if new.phase == "hand_over":
        rounds.end_session(new, f"The table stopped after hand {new.hand_no}.", events)
    else:
        events.insert(0, event(
            "stop", f"{new.names[seat]} calls time: hand {new.hand_no} is the last one.", news=True))
    return new, events


# Keyed by (phase, action kind); the kind is read off whatever was sent, so it may be anything.
# A handler takes the action of its own kind (Any: it is looked up by that kind).
_HANDLERS: dict[tuple[str, str | None], Callable[[PokerState, int, Any, list[Event] | None], None]] = {
    ("betting", "check"): _bet,
    ("betting", "call"): _bet,
    ("betting", "fold"): _bet,
    ("betting", "bet"): _bet,
    ("betting", "raise"): _bet,
    ("swap", "swap"): _swap,
    ("swap", "keep"): _keep,
    ("hand_over", "deal"): _deal,
}
