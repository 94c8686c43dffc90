"""The protocol's moving parts for Crazy Fishing: who acts, what is legal, and applying."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from fishtable.engine import lazy
from fishtable.engine.errors import IllegalAction
from fishtable.engine.lazy import LazyActions, ReplayEvents
from fishtable.engine.protocol import Event, Prompt
from fishtable.games.crazy_fishing import casting, catching, collecting, sea
from fishtable.games.crazy_fishing.actions import (
    Action,
    Attempt,
    Cast,
    Continue,
    DiscardRod,
    Draw,
    EndTurn,
    FishBait,
    Look,
    PairAttempt,
    PickBait,
    Shuffle,
    Split,
    trusted_attempt,
    trusted_cast,
    trusted_discard,
    trusted_draw,
    trusted_fish_bait,
    trusted_look,
    trusted_pair,
    trusted_pick_bait,
    trusted_split,
)
from fishtable.games.crazy_fishing.common import plural
from fishtable.games.crazy_fishing.sequence import settle
from fishtable.games.crazy_fishing.setup import MAX_PLAYERS
from fishtable.games.crazy_fishing.state import CFState, cast_of, current_turn

_PROMPTS = {
    "cast": "Cast: choose your rods and baits in secret.",
    "fish_bait": "Out-of-series rod: use a fish from your catch as bait (twice its size), "
    "or keep your bait cards.",
    "choose": "Choose a fish to try to catch.",
    "pick_bait": "Plain baits never add up: choose the one bait card to use on this fish.",
    "early_cast": "Cast for the next round now, in secret, while the others refill their hands.",
    "split": "Super-Fast Reel: split your bait between the two fish.",
    "pair": "A Pair of Fish! Try for another fish with the same bait, or let it go.",
    "between": "Shuffle the sea with your Turbulent Bait before the second fish is resolved, or go on.",
    "finish": "Shuffle the sea with your Turbulent Bait, or end your turn.",
    "puffer": "Puffer Fish: discard your fastest rod (choose which, if several are equally fast).",
    "collect": "Draw back up to 6 cards: choose how many rods and how many baits.",
}


@lru_cache(maxsize=4096)
def _prompt(seat: int, kind: str, text: str, private: bool, simultaneous: bool = False) -> Prompt:
    # Prompts are immutable and few, so playouts reuse them instead of rebuilding.
    return Prompt(seat=seat, kind=kind, text=text, private=private, simultaneous=simultaneous)


def decision(state: CFState, seat: int) -> str | None:
    """The kind of decision `seat` faces now, or None; cheap, for the hot path."""
    phase = state.phase
    if phase in ("cast", "fish_bait"):
        return phase if seat in state.choosing else None
    if phase == "catch":
        turn = state.turn
        if turn is None:
            return None
        if turn.stage == "puffer":
            return "puffer" if seat in state.puffer_waiting else None
        if seat != turn.seat:
            return None
        return "catch" if turn.stage == "choose" else turn.stage
    if phase == "collect":
        if collecting.current_collector(state) == seat:
            return "collect"
        return "cast" if seat in collecting.early_casters(state) else None
    return None


def _simple_prompts(kind: str, text_key: str, simultaneous: bool) -> tuple[Prompt, ...]:
    return tuple(_prompt(s, kind, _PROMPTS[text_key], True, simultaneous) for s in range(MAX_PLAYERS))


_CAST = _simple_prompts("cast", "cast", True)
_FISH_BAIT = _simple_prompts("fish_bait", "fish_bait", True)
_PUFFER = _simple_prompts("puffer", "puffer", True)
_COLLECT = _simple_prompts("collect", "collect", False)
_EARLY_CAST = _simple_prompts("cast", "early_cast", True)
_CATCH = tuple(_prompt(s, "catch", _PROMPTS["choose"], False) for s in range(MAX_PLAYERS))


def pending(state: CFState) -> dict[int, Prompt]:
    # Plain loops, not comprehensions: a playout asks this at every step.
    phase = state.phase
    out: dict[int, Prompt] = {}
    if phase == "cast":
        for s in state.choosing:
            out[s] = _CAST[s]
        return out
    if phase == "catch":
        turn = state.turn
        if turn is None:
            return out
        stage = turn.stage
        seat = turn.seat
        if stage == "choose":
            if not (turn.looks_left or turn.reel or turn.peeks):
                out[seat] = _CATCH[seat]
                return out
            text = _PROMPTS["choose"]
            if turn.looks_left:
                text = (f"You may look at {plural(turn.looks_left, 'fish')} with the Fish Finder, "
                        "then choose a fish to try to catch.")
            if turn.reel and catching.attempts_allowed(state) == 2:
                text = text.replace("a fish", "two fish (Super-Fast Reel)")
            out[seat] = _prompt(seat, "catch", text, bool(turn.looks_left or turn.peeks))
            return out
        if stage == "puffer":
            for s in state.puffer_waiting:
                out[s] = _PUFFER[s]
            return out
        out[seat] = _prompt(seat, stage, _PROMPTS[stage], False)
        return out
    if phase == "collect":
        # The seat refilling now, then the seats that have refilled and may already cast
        # for the next round (a cast changes no deck, so collect order is unaffected).
        order, index = state.collect_order, state.collect_index
        if index < len(order):  # collecting.current_collector
            seat = order[index]
            out[seat] = _COLLECT[seat]
        casts = state.casts
        for s in order[:index]:
            if casts[s] is None:
                out[s] = _EARLY_CAST[s]
        return out
    if phase == "fish_bait":
        for s in state.choosing:
            out[s] = _FISH_BAIT[s]
    return out


def legal_actions(state: CFState, seat: int) -> list[Action]:
    """Every legal action, in a fixed order: a `LazyActions` list, built as it is read."""
    moves = _moves(state, seat)
    if moves is None:
        return []
    return LazyActions(state, seat, *moves)


def _moves(state: CFState, seat: int) -> Moves | None:
    """The compact moves of `seat`'s decision now, or None if it has none."""
    phase = state.phase
    if phase == "cast" and seat in state.choosing:  # decision(), its usual answers first
        return _cast_moves(state, seat)
    if phase == "catch" and state.turn is not None and state.turn.stage == "choose" and seat == state.turn.seat:
        return _catch_moves(state, seat)
    if phase == "collect":  # collecting.current_collector(state) == seat, without the call
        index = state.collect_index
        if index < len(state.collect_order) and state.collect_order[index] == seat:
            return _draw_moves(state, seat)
    kind = decision(state, seat)
    return None if kind is None else MOVES[kind](state, seat)


# -- every decision, enumerated as compact moves (see engine/lazy.py) ---------------------------------
#
# MOVES[kind](state, seat) -> (count, at): at(i) is the i-th legal move as ((apply, make), move),
# in legal_actions order. `apply` plays the compact move on a state the caller owns; `make`
# builds the action object only when someone reads it. Each (apply, make) pair takes its own
# kind of compact move (card indices, a pair of counts, None), so a move's payload is Any here.
MoveKind = tuple[Callable[[CFState, int, Any, list[Event] | None], None], Callable[[CFState, Any], Action]]
Move = tuple[MoveKind, Any]
Moves = tuple[int, Callable[[int], Move]]  # (how many, the move at an index)


def _apply_cast(
    state: CFState, seat: int, move: tuple[tuple[int, ...], tuple[int, ...]], events: list[Event] | None
) -> None:
    _do_cast(state, seat, list(move[0]), list(move[1]), events)
    settle(state, events)


CastMove = tuple[tuple[int, ...], tuple[int, ...]]


def _make_cast(state: CFState, move: CastMove) -> Cast:
    # Casts are immutable, so one serves every list that offers the same cards (of one card table).
    global _casts_made
    cids = state.cids
    made_for, made = _casts_made  # one tuple, read and rebound at once: a search thread may use it too
    if made_for is not cids:
        made = {}
        _casts_made = (cids, made)
    action = made.get(move)
    if action is None:
        if len(made) > 100_000:
            made.clear()
        get = cids.__getitem__
        action = made[move] = trusted_cast(tuple(map(get, move[0])), tuple(map(get, move[1])))
    return action


_casts_made: tuple[tuple[str, ...] | None, dict[CastMove, Cast]] = (None, {})  # ids, and casts by move


def _apply_look(state: CFState, seat: int, card: int, events: list[Event] | None) -> None:
    catching.look(state, card, events)


def _make_look(state: CFState, card: int) -> Look:
    return trusted_look(state.layout.label[card])


def _apply_shuffle(state: CFState, seat: int, move: None, events: list[Event] | None) -> None:
    catching.shuffle(state, events)
    settle(state, events)


def _apply_attempt(state: CFState, seat: int, cards: tuple[int, ...], events: list[Event] | None) -> None:
    catching.attempt(state, cards, events)
    settle(state, events)


def _make_attempt(state: CFState, cards: tuple[int, ...]) -> Attempt:
    label = state.layout.label
    if len(cards) == 1:
        return trusted_attempt((label[cards[0]],))
    return trusted_attempt(tuple(map(label.__getitem__, cards)))


def _apply_end_turn(state: CFState, seat: int, move: None, events: list[Event] | None) -> None:
    catching.end_turn(state, events)
    settle(state, events)


def _apply_continue(state: CFState, seat: int, move: None, events: list[Event] | None) -> None:
    catching.go_on(state, events)
    settle(state, events)


def _apply_draw(state: CFState, seat: int, move: tuple[int, int], events: list[Event] | None) -> None:
    collecting.draw(state, seat, move[0], move[1], events)
    settle(state, events)


def _make_draw(state: CFState, move: tuple[int, int]) -> Draw:
    return trusted_draw(move[0], move[1])


# The rarer decisions: a fish as bait, a Puffer Fish's discard, a bait to pick, a split, a pair.
def _apply_fish_bait(state: CFState, seat: int, fish: int | None, events: list[Event] | None) -> None:
    casting.apply_fish_bait(state, seat, fish, events)  # the last choice sets the catch order
    settle(state, events)


def _make_fish_bait(state: CFState, fish: int | None) -> FishBait:
    return trusted_fish_bait(None if fish is None else state.cids[fish])


def _apply_discard_rod(state: CFState, seat: int, rod: int, events: list[Event] | None) -> None:
    catching.apply_puffer_choice(state, seat, rod, events)
    settle(state, events)


def _make_discard_rod(state: CFState, rod: int) -> DiscardRod:
    return trusted_discard(state.cids[rod])


def _apply_pick_bait(state: CFState, seat: int, bait: int, events: list[Event] | None) -> None:
    catching.pick_bait(state, bait, events)
    settle(state, events)


def _make_pick_bait(state: CFState, bait: int) -> PickBait:
    return trusted_pick_bait(state.cids[bait])


def _apply_split(state: CFState, seat: int, first: tuple[int, ...], events: list[Event] | None) -> None:
    catching.split(state, list(first), events)
    settle(state, events)


def _make_split(state: CFState, first: tuple[int, ...]) -> Split:
    cids = state.cids
    return trusted_split(tuple([cids[c] for c in first]))


def _apply_pair(state: CFState, seat: int, card: int | None, events: list[Event] | None) -> None:
    catching.pair_attempt(state, card, events)
    settle(state, events)


def _make_pair(state: CFState, card: int | None) -> PairAttempt:
    return trusted_pair(None if card is None else state.layout.label[card])


# Frozen actions without fields: one instance each serves every list.
SHUFFLE = Shuffle()
END_TURN = EndTurn()
CONTINUE = Continue()

CAST_MOVE = (_apply_cast, _make_cast)
LOOK_MOVE = (_apply_look, _make_look)
SHUFFLE_MOVE = (_apply_shuffle, lambda state, move: SHUFFLE)
ATTEMPT_MOVE = (_apply_attempt, _make_attempt)
END_TURN_MOVE = (_apply_end_turn, lambda state, move: END_TURN)
CONTINUE_MOVE = (_apply_continue, lambda state, move: CONTINUE)
DRAW_MOVE = (_apply_draw, _make_draw)
FISH_BAIT_MOVE = (_apply_fish_bait, _make_fish_bait)
DISCARD_ROD_MOVE = (_apply_discard_rod, _make_discard_rod)
PICK_BAIT_MOVE = (_apply_pick_bait, _make_pick_bait)
SPLIT_MOVE = (_apply_split, _make_split)
PAIR_MOVE = (_apply_pair, _make_pair)


def _cast_moves(state: CFState, seat: int) -> Moves:
    hand, casts = casting.hand_casts(state, seat)

    def at(i: int) -> tuple[MoveKind, CastMove]:
        pick_rods, pick_baits = casts[i]
        return CAST_MOVE, (pick_rods(hand), pick_baits(hand))

    return len(casts), at


def _catch_moves(state: CFState, seat: int) -> Moves:
    """Looks (Fish Finder), then a shuffle (Turbulent Bait), then the attempts."""
    turn = current_turn(state)
    choices = catching.selectable(state)
    n = len(choices)
    pairs = catching.attempts_allowed(state, choices) == 2
    if not (pairs or turn.looks_left or turn.shuffles_left):  # one fish, nothing before: the usual case
        return n, lambda i: (ATTEMPT_MOVE, (choices[i],))
    looks: list[int] = []
    if turn.looks_left:
        peeks = turn.peeks
        looks = [c for c in state.sea + state.beside if c not in peeks]
    shuffles = 1 if turn.shuffles_left else 0
    attempts = n * (n - 1) // 2 if pairs else n
    head = len(looks) + shuffles

    def at(i: int) -> Move:
        if i < head:
            return (LOOK_MOVE, looks[i]) if i < len(looks) else (SHUFFLE_MOVE, None)
        i -= head
        if not pairs:
            return ATTEMPT_MOVE, (choices[i],)
        a = 0
        while i >= n - 1 - a:  # combinations(choices, 2), in order
            i -= n - 1 - a
            a += 1
        return ATTEMPT_MOVE, (choices[a], choices[a + 1 + i])

    return head + attempts, at


def _draw_moves(state: CFState, seat: int) -> Moves:
    draws = collecting.legal_draws(state, seat)
    return len(draws), lambda i: (DRAW_MOVE, draws[i])


def _listed(kind: MoveKind, moves: Sequence[object]) -> Moves:
    """The moves of one kind given as a list, in legal_actions order."""
    return len(moves), lambda i: (kind, moves[i])


def _fish_bait_moves(state: CFState, seat: int) -> Moves:
    """Keep the bait cards, or a fish of the catch pile, in pile order."""
    return _listed(FISH_BAIT_MOVE, [None, *state.piles[seat]])


def _discard_rod_moves(state: CFState, seat: int) -> Moves:
    return _listed(DISCARD_ROD_MOVE, catching.puffer_choices(state, seat))


def _pick_bait_moves(state: CFState, seat: int) -> Moves:
    return _listed(PICK_BAIT_MOVE, list(cast_of(state, current_turn(state).seat)[1]))


def _split_moves(state: CFState, seat: int) -> Moves:
    """The legal first groups: by size, in combination order of the baits cast."""
    baits = cast_of(state, current_turn(state).seat)[1]
    firsts = [
        first for size in range(1, len(baits)) for first in combinations(baits, size)
        if catching.split_error(state, list(first)) is None
    ]
    return _listed(SPLIT_MOVE, firsts)


def _pair_moves(state: CFState, seat: int) -> Moves:
    """Another fish within reach, then letting it go."""
    return _listed(PAIR_MOVE, [*catching.selectable(state), None])


_FINISH: tuple[Move, ...] = ((SHUFFLE_MOVE, None), (END_TURN_MOVE, None))
_BETWEEN: tuple[Move, ...] = ((SHUFFLE_MOVE, None), (CONTINUE_MOVE, None))

# The compact moves of every decision: (how many, the move at an index).
MOVES: dict[str, Callable[[CFState, int], Moves]] = {
    "cast": _cast_moves,
    "catch": _catch_moves,
    "collect": _draw_moves,
    "finish": lambda state, seat: (2, _FINISH.__getitem__),
    "between": lambda state, seat: (2, _BETWEEN.__getitem__),
    "fish_bait": _fish_bait_moves,
    "puffer": _discard_rod_moves,
    "pick_bait": _pick_bait_moves,
    "split": _split_moves,
    "pair": _pair_moves,
}


# -- playouts for the search bots --------------------------------------------------------------


def first_to_act(state: CFState) -> int | None:
    """The first seat `pending(state)` lists, without building the prompts."""
    phase = state.phase
    if phase == "cast" or phase == "fish_bait":
        return state.choosing[0] if state.choosing else None
    if phase == "catch":
        turn = state.turn
        if turn is None:
            return None
        if turn.stage == "puffer":
            return state.puffer_waiting[0] if state.puffer_waiting else None
        return turn.seat
    if phase == "collect":
        order, index = state.collect_order, state.collect_index
        if index < len(order):  # collecting.current_collector, without the call
            return order[index]
        casts = state.casts
        return next((s for s in order if casts[s] is None), None)
    return None


def random_action(state: CFState, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action of `seat` (`rng.random()` once), built alone.

    The same action as `legal_actions(state, seat)[int(rng.random() * n)]`; `apply`
    takes it without validating it again, for this state and seat.
    """
    moves = _moves(state, seat)
    if moves is None:
        raise IllegalAction(f"{state.names[seat]} has nothing to decide right now.")
    count, at = moves
    return lazy.issue(state, seat, at, int(rng.random() * count))


def rollout(state: CFState, rng: random.Random, max_steps: int | None = None) -> tuple[CFState, int]:
    """Random legal moves until the game ends (or `max_steps`): (the state reached, steps).

    Exactly the game `simulate` plays with random bots sharing `rng`: the first pending
    seat moves, uniformly among its legal actions (one `rng.random()` per step). But no
    action object, prompt or log line is built, and the moves are played on one private
    copy of `state` (which is left as it was): the search bots' playouts.
    """
    work = state.fork()
    rand = rng.random
    steps = 0
    while max_steps is None or steps < max_steps:
        seat = first_to_act(work)
        if seat is None:
            break
        kind = decision(work, seat)
        assert kind is not None  # a seat to act has a decision
        count, at = MOVES[kind](work, seat)
        (apply_move, _), move = at(int(rand() * count))
        apply_move(work, seat, move, None)
        steps += 1
    return work, steps


def _cards_from(state: CFState, ids: tuple[str, ...], allowed: list[int], where: str) -> list[int]:
    index = {state.cards[c].cid: c for c in allowed}
    out: list[int] = []
    for cid in ids:
        if cid not in index:
            raise IllegalAction(f"Card {cid} is not {where}.")
        if index[cid] in out:
            raise IllegalAction(f"Card {cid} is chosen twice.")
        out.append(index[cid])
    return out


def _sea_card(state: CFState, label: int) -> int:
    card = sea.by_label(state, label)
    if card is None:
        raise IllegalAction(f"There is no fish #{label} in the sea.")
    return card


def apply(state: CFState, seat: int, action: Action) -> tuple[CFState, list[Event]]:
    """Validate, then apply to a copy. The given state is never changed.

    An action the engine has just enumerated for this very state and seat (see
    engine/lazy.py) is legal by construction: its compact move is applied directly, and
    its events are written only if someone reads them.
    """
    last = lazy.issued
    if action is last[2] and state is last[0] and seat == last[1]:
        new = state.fork()
        last[3](new, seat, last[4], None)  # no log now: ReplayEvents writes it if it is read
        replay = ReplayEvents()  # made and given its step here, not by a call: at every step
        replay.step = last
        return new, replay
    if not 0 <= seat < state.n:
        raise IllegalAction(f"There is no seat {seat}.")
    kind = decision(state, seat)
    if kind is None:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        raise IllegalAction(f"{state.names[seat]} has nothing to decide right now.")
    handler = _HANDLERS.get((kind, action.kind))
    if handler is None:
        raise IllegalAction(f"That move does not fit now: {pending(state)[seat].text}")
    new = state.fork()
    events: list[Event] = []
    handler(new, seat, action, events)
    settle(new, events)
    return new, events


def _cast(state: CFState, seat: int, action: Cast, events: list[Event] | None) -> None:
    hand = state.hands[seat]
    rods = _cards_from(state, action.rods, hand, "in your hand")
    baits = _cards_from(state, action.baits, hand, "in your hand")
    error = casting.cast_error(state, seat, rods, baits)
    if error:
        raise IllegalAction(error)
    _do_cast(state, seat, rods, baits, events)


def _do_cast(state: CFState, seat: int, rods: list[int], baits: list[int], events: list[Event] | None) -> None:
    if state.phase == "collect":
        casting.cast_early(state, seat, rods, baits)  # face down until everyone has cast
        return
    casting.apply_cast(state, seat, rods, baits)  # the last cast is revealed by sequence.settle


def _fish_bait(state: CFState, seat: int, action: FishBait, events: list[Event] | None) -> None:
    fish = None
    if action.fish is not None:
        fish = _cards_from(state, (action.fish,), state.piles[seat], "in your catch pile")[0]
    casting.apply_fish_bait(state, seat, fish, events)  # the last choice sets the catch order


def _look(state: CFState, seat: int, action: Look, events: list[Event] | None) -> None:
    turn = current_turn(state)
    if not turn.looks_left:
        raise IllegalAction("You have no Fish Finder look left.")
    card = _sea_card(state, action.label)
    if card in turn.peeks:
        raise IllegalAction(f"You have already looked at fish #{action.label}.")
    catching.look(state, card, events)


def _shuffle(state: CFState, seat: int, action: Shuffle, events: list[Event] | None) -> None:
    if not current_turn(state).shuffles_left:
        raise IllegalAction("You have no Turbulent Bait shuffle left.")
    catching.shuffle(state, events)


def _attempt(state: CFState, seat: int, action: Attempt, events: list[Event] | None) -> None:
    allowed = catching.selectable(state)
    want = catching.attempts_allowed(state, allowed)
    if len(action.labels) != want:
        if want == 2:
            raise IllegalAction("With the Super-Fast Reel you must choose two different fish.")
        raise IllegalAction("Choose exactly one fish.")
    cards = [_sea_card(state, x) for x in action.labels]
    if len(set(cards)) != len(cards):
        raise IllegalAction("Choose two different fish.")
    for label, card in zip(action.labels, cards, strict=True):
        if card not in allowed:
            raise IllegalAction(
                f"Fish #{label} is covered by another card; only a Bait Bucket can reach it."
            )
    catching.attempt(state, cards, events)


def _pick_bait(state: CFState, seat: int, action: PickBait, events: list[Event] | None) -> None:
    bait = _cards_from(state, (action.bait,), cast_of(state, seat)[1], "among the baits you cast")[0]
    catching.pick_bait(state, bait, events)


def _split(state: CFState, seat: int, action: Split, events: list[Event] | None) -> None:
    first = _cards_from(state, action.first, cast_of(state, seat)[1], "among the baits you cast")
    error = catching.split_error(state, first)
    if error:
        raise IllegalAction(error)
    catching.split(state, first, events)


def _pair(state: CFState, seat: int, action: PairAttempt, events: list[Event] | None) -> None:
    card = None
    if action.label is not None:
        card = _sea_card(state, action.label)
        if card not in catching.selectable(state):
            raise IllegalAction(f"Fish #{action.label} is covered by another card.")
    catching.pair_attempt(state, card, events)


def _discard_rod(state: CFState, seat: int, action: DiscardRod, events: list[Event] | None) -> None:
    choices = catching.puffer_choices(state, seat)
    rod = _cards_from(state, (action.rod,), state.hands[seat], "in your hand")[0]
    if rod not in choices:
        raise IllegalAction("You must discard one of your fastest rods.")
    catching.apply_puffer_choice(state, seat, rod, events)


def _end_turn(state: CFState, seat: int, action: EndTurn, events: list[Event] | None) -> None:
    catching.end_turn(state, events)


def _continue(state: CFState, seat: int, action: Continue, events: list[Event] | None) -> None:
    catching.go_on(state, events)


def _draw(state: CFState, seat: int, action: Draw, events: list[Event] | None) -> None:
    error = collecting.draw_error(state, seat, action.rods, action.baits)
    if error:
        raise IllegalAction(error)
    collecting.draw(state, seat, action.rods, action.baits, events)


# Each handler takes its own action class; the table is keyed by (decision, action kind).
Handler = Callable[[CFState, int, Any, list[Event] | None], None]
_HANDLERS: dict[tuple[str, str], Handler] = {
    ("cast", "cast"): _cast,
    ("fish_bait", "fish_bait"): _fish_bait,
    ("catch", "look"): _look,
    ("catch", "shuffle"): _shuffle,
    ("catch", "attempt"): _attempt,
    ("pick_bait", "pick_bait"): _pick_bait,
    ("split", "split"): _split,
    ("pair", "pair_attempt"): _pair,
    ("finish", "shuffle"): _shuffle,
    ("finish", "end_turn"): _end_turn,
    ("between", "shuffle"): _shuffle,
    ("between", "continue"): _continue,
    ("puffer", "discard_rod"): _discard_rod,
    ("collect", "draw"): _draw,
}
