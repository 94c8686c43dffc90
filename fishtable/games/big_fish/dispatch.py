"""The protocol's moving parts for Big Fish: who decides, what is legal, and applying.

Decision kinds:
  place          opening placement (simultaneous, secret)
  draw, spawn, grow, catch, wild   the steps of the active seat's turn (private)
  shrink         a black card played on the seat: which fish shrinks (simultaneous, secret)
  event_remove, event_discard, event_spawn, event_grow   a round-end event's choice (simultaneous)
  hand_limit     discarding down to 7 at the round end (simultaneous, secret)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from fishtable.engine.errors import IllegalAction
from fishtable.engine.lazy import replay_events
from fishtable.engine.protocol import Event, Prompt
from fishtable.games.big_fish import roundend, sequence, setup, turn, wild
from fishtable.games.big_fish.actions import (
    DONE,
    DRAW_DECK,
    ONE_CARD,
    PLACES,
    PLAYS,
    Action,
    Catch,
    Discard,
    Done,
    DrawDeck,
    Grow,
    Place,
    PlayWild,
    Remove,
    Shrink,
    Spawn,
    TakeFaceUp,
    one_card,
    play_wild,
)
from fishtable.games.big_fish.cards import BIG, HAND_SIZE, SIZE_KEYS, SIZE_WORDS
from fishtable.games.big_fish.common import bag_blocked, join_words, number, plural, protected, sizes_words
from fishtable.games.big_fish.state import BFState, put, without


def decision(state: BFState, seat: int) -> str | None:
    """The kind of decision `seat` faces now, or None; cheap, for the hot path."""
    phase = state.phase
    if phase == "turn":
        return state.step if seat == state.seat else None
    if phase == "over" or seat not in state.waiting:
        return None
    if phase == "event":
        return roundend.CHOICE_KINDS[state.events[state.resolving].effect]
    return _CHOICE_PHASES[phase]


# The decision every waiting seat faces in the simultaneous phases other than an event.
_CHOICE_PHASES = {"place": "place", "shrink": "shrink", "discard": "hand_limit"}


@lru_cache(maxsize=8192)
def _prompt(seat: int, kind: str, text: str, simultaneous: bool) -> Prompt:
    # Prompts are immutable and few, so playouts reuse them instead of rebuilding.
    return Prompt(seat=seat, kind=kind, text=text, private=True, simultaneous=simultaneous)


# A turn prompt depends only on these, so playouts look it up without building its text.
_TURN_PROMPTS: dict[tuple[int, str, int, int], Prompt] = {}


# The prompts of the turn's steps, by decision: {fish} and {cards} count what the step allows.
_STEP_PROMPTS = {
    "draw": "Draw {cards}, one at a time, from the Face-Up Cards or the deck ({taken} taken so far).",
    "spawn": "Spawn up to {fish} from your hand as Larval fish ({taken} so far), or stop.",
    "grow": "Grow up to {fish} by one size each ({taken} so far), or stop.",
    "catch": "Catch up to {fish} from your Fishing Spot ({taken} so far), or stop.",
    "wild": "Play one wild card from your hand, or stop.",
}
# The prompts of an event being resolved: {need} in words, {cards} in figures.
_EVENT_PROMPTS = {
    "event_remove": "{event}: choose {need} {size} fish to remove from your Fishing Spot.",
    "event_discard": "{event}: choose {cards} to discard from your hand.",
    "event_spawn": "{event}: you may spawn {need} fish from your hand as Larval fish, or pass.",
    "event_grow": "{event}: you may grow {need} more fish by one size, or pass.",
}


def prompt_text(state: BFState, seat: int, kind: str) -> str:
    step = _STEP_PROMPTS.get(kind)
    if step is not None:
        allowed = state.allowed
        return step.format(cards=plural(allowed, "card"), fish=plural(allowed, "fish", "fish"), taken=state.taken)
    if kind == "place":
        sizes = setup.open_sizes(state, seat)
        if len(sizes) == 1 and not state.aside[seat]:
            return "Place your only fish card in your Fishing Spot as a Big Fish."
        words = join_words([SIZE_WORDS[s] for s in sizes])
        return f"Place your starting fish in secret, one at a time: choose a fish for each size still open ({words})."
    if kind == "shrink":
        c = state.cards[state.resolving]
        return f"{c.name}: choose which of your {SIZE_WORDS[c.from_size]} Fish shrinks to {SIZE_WORDS[c.to_size]}."
    need = state.need[seat]
    if kind == "hand_limit":
        return f"Discard down to {HAND_SIZE} cards: choose {plural(need, 'card')} to discard."
    ev = state.events[state.resolving]
    return _EVENT_PROMPTS.get(kind, _EVENT_PROMPTS["event_grow"]).format(
        event=ev.name, need=number(need), cards=plural(need, "card"), size=SIZE_WORDS[ev.size])


def first_to_act(state: BFState) -> int | None:
    """The first seat `pending(state)` lists, without building the prompts."""
    phase = state.phase
    if phase == "turn":
        return state.seat
    waiting = state.waiting
    if phase == "over" or not waiting:
        return None
    return min(waiting)


def pending(state: BFState) -> dict[int, Prompt]:
    phase = state.phase
    if phase == "turn":
        seat = state.seat
        key = (seat, state.step, state.allowed, state.taken)
        prompt = _TURN_PROMPTS.get(key)
        if prompt is None:
            if len(_TURN_PROMPTS) > 4096:
                _TURN_PROMPTS.clear()
            prompt = _TURN_PROMPTS[key] = _prompt(seat, key[1], prompt_text(state, seat, key[1]), False)
        return {seat: prompt}
    out: dict[int, Prompt] = {}
    waiting = sorted(state.waiting)
    if phase == "over" or not waiting:
        return out
    kind = decision(state, waiting[0])  # the same for every waiting seat: the phase's
    assert kind is not None  # a waiting seat has a choice to make
    resolving = _resolving_key(state, kind)
    sizes = state.sizes
    need = state.need
    aside = state.aside
    place = kind == "place"
    for seat in waiting:
        # A secret choice's prompt depends only on these; playouts look it up without building its text.
        chosen = aside[seat]
        choice_key = (seat, kind, need[seat], resolving,
                      tuple([sizes[c] for c in chosen]) if place and chosen else ())
        prompt = _CHOICE_PROMPTS.get(choice_key)
        if prompt is None:
            if len(_CHOICE_PROMPTS) > 4096:
                _CHOICE_PROMPTS.clear()
            prompt = _CHOICE_PROMPTS[choice_key] = _prompt(seat, kind, prompt_text(state, seat, kind), True)
        out[seat] = prompt
    return out


_ChoiceKey = tuple[int, str, int, tuple[object, ...], tuple[int, ...]]
_CHOICE_PROMPTS: dict[_ChoiceKey, Prompt] = {}


def _resolving_key(state: BFState, kind: str) -> tuple[object, ...]:
    """What a prompt's text reads from the card being resolved."""
    if kind == "shrink":
        c = state.cards[state.resolving]
        return (c.name, c.from_size, c.to_size)
    if kind.startswith("event_"):
        ev = state.events[state.resolving]
        return (ev.name, ev.size)
    return ()


# -- legal actions -------------------------------------------------------------------------------


def _event_grow_options(state: BFState, seat: int) -> list[int]:
    chosen = state.targets[seat]
    sizes = state.sizes
    return [f for f in state.spots[seat] if sizes[f] < BIG and f not in chosen]


def _event_remove_options(state: BFState, seat: int) -> list[int]:
    size = state.events[state.resolving].size
    chosen = state.targets[seat]
    return [f for f in state.spots[seat] if state.sizes[f] == size and f not in chosen]


def wild_actions(state: BFState, seat: int) -> list[Action]:
    cards = state.cards
    cids = state.cids
    entry = _BY_CARD
    if entry[0] is not cids or entry[1] is not cards:
        entry = _card_actions(cids, cards)
    is_fish = entry[7]
    plain = entry[8]
    out: list[Action] = []
    swaps = None
    for c in state.hands[seat]:
        if is_fish[c]:
            continue
        card = cards[c]
        effect = card.effect
        if effect == "steal":
            wc = cids[c]
            out += [PLAYS[wc, t, cids[f], None] for t, f in wild.steal_targets(state, seat, card)]
        elif effect == "swap":
            if swaps is None:
                swaps = wild.swap_targets(state, seat)
            wc = cids[c]
            out += [PLAYS[wc, t, cids[f], cids[m]] for m, t, f in swaps]
        else:
            out.append(plain[c])  # play_wild(cid)
    return out


_CardActions = tuple[tuple[Action, ...], ...]
# The one-card actions of a card table by card index, with whether each card is a fish:
# (cids, cards, take, spawn, grow, catch, discard, is_fish, play_wild with no target or None for a
# fish card, {size: each fish card's placement at that size}, {cid: card} or None if two cards
# share an id), read and rebound as one tuple, so a search thread never pairs one table's entry
# with another's.
_BY_CARD: tuple[Any, ...] = ((), (), (), (), (), (), (), (), (), {}, None)


def _card_actions(cids: tuple[str, ...], cards: tuple[Any, ...]) -> tuple[Any, ...]:
    """The `_BY_CARD` entry for a card table, built once per table (the same one for every game
    dealt from the same card data)."""
    global _BY_CARD
    entry = _BY_CARD
    if entry[0] != cids or entry[1] != cards:
        entry = (cids, cards,
                 *(tuple([ONE_CARD[kind][cid] for cid in cids])
                   for kind in ("take_face_up", "spawn", "grow", "catch", "discard")),
                 tuple([c.type == "fish" for c in cards]),
                 tuple([None if c.type == "fish" else play_wild(cid) for c, cid in zip(cards, cids, strict=True)]),
                 {size: tuple([PLACES[cid, SIZE_KEYS[size]] if c.type == "fish" else None
                               for c, cid in zip(cards, cids, strict=True)]) for size in setup.PLACED_SIZES},
                 _index_of(cids))
    else:
        entry = (cids, cards, *entry[2:])  # the same tables, known by these objects from now on
    _BY_CARD = entry
    return entry


def _index_of(cids: tuple[str, ...]) -> dict[str, int] | None:
    index = {cid: c for c, cid in enumerate(cids)}
    return index if len(index) == len(cids) else None


def legal_actions(state: BFState, seat: int) -> list[Action]:
    kind = decision(state, seat)
    if kind is None:
        return []
    cids = state.cids
    cards = state.cards
    entry = _BY_CARD
    if entry[0] is not cids or entry[1] is not cards:
        entry = _card_actions(cids, cards)
    out: list[Action]
    # Plain loops over the card-indexed actions: a playout asks this at every step.
    if kind == "draw":
        take = entry[2]
        out = [take[c] for c in state.row]
        if state.deck or state.discard:
            out.append(DRAW_DECK)
        return out
    if kind == "spawn" or kind == "event_spawn":
        spawn = entry[3]
        is_fish = entry[7]
        out = [spawn[c] for c in state.hands[seat] if is_fish[c]]
    elif kind == "grow":
        grow = entry[4]
        sizes = state.sizes
        grown = state.grown
        out = [grow[c] for c in state.spots[seat] if sizes[c] < BIG and c not in grown]  # turn.growable
    elif kind == "catch":
        catch = entry[5]
        out = [catch[c] for c in (turn.catchable(state, seat) if state.hard else state.spots[seat])]
    elif kind == "wild":
        out = wild_actions(state, seat)
    elif kind == "event_grow":
        out = [one_card("grow", cids[f]) for f in _event_grow_options(state, seat)]
    elif kind == "place":
        is_fish = entry[7]
        places = entry[9]
        fish = [c for c in state.hands[seat] if is_fish[c]]
        out = []
        for size in setup.open_sizes(state, seat):
            by_card = places[size]
            out += [by_card[c] for c in fish]
        return out
    elif kind == "shrink":
        card = cards[state.resolving]
        return [one_card("shrink", cids[f]) for f in wild.shrink_candidates(state, seat, card)]
    elif kind in ("hand_limit", "event_discard"):
        discard = entry[6]
        return [discard[c] for c in state.hands[seat]]
    elif kind == "event_remove":
        return [one_card("remove", cids[f]) for f in _event_remove_options(state, seat)]
    else:
        return []
    out.append(DONE)  # the steps and the optional choices may stop here
    return out


# -- applying -----------------------------------------------------------------------------------------


def _find(state: BFState, cid: str | None, where: list[int], place_words: str) -> int:
    if cid is None:
        raise IllegalAction(f"Name a card {place_words}.")
    cids = state.cids
    entry = _BY_CARD
    if entry[0] is cids and entry[10] is not None and cid.__class__ is str:
        # The card of that id, by look-up (the table's ids are unique): is it there?
        index: dict[str, int] = entry[10]
        card = index.get(cid)
        if card is not None and card in where:
            return card
        raise IllegalAction(f"There is no card {cid} {place_words}.")
    for c in where:
        if cids[c] == cid:
            return c
    raise IllegalAction(f"There is no card {cid} {place_words}.")


def apply(state: BFState, seat: int, action: Action) -> tuple[BFState, list[Event]]:
    """Validate, then apply to a copy. The given state is never changed.

    The step writes no log: a playout never reads it, and anyone who does gets the
    very same events from `ReplayEvents`, which applies the step again to a copy.
    """
    if not isinstance(seat, int) or not 0 <= seat < len(state.names):
        raise IllegalAction(f"There is no seat {seat}.")
    kind = decision(state, seat)
    if kind is None:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        raise IllegalAction(f"{state.names[seat]} has nothing to decide right now.")
    try:
        handler = _BY_DECISION[kind].get(action.kind)
    except AttributeError:  # not an action at all
        handler = None
    if handler is None:
        raise IllegalAction(f"That move does not fit now: {prompt_text(state, seat, kind)}")
    new = state.fork()
    handler(new, seat, action, None)  # no log now: ReplayEvents writes it if it is read
    return new, replay_events(state, seat, handler, action)


def _place(state: BFState, seat: int, action: Place, events: list[Event] | None) -> None:
    card = _find(state, action.card, state.hands[seat], "in your hand")
    size = SIZE_KEYS.index(action.size)
    error = setup.placement_error(state, seat, card, size)
    if error:
        raise IllegalAction(error)
    setup.place(state, seat, card, size, events)


def _take_face_up(state: BFState, seat: int, action: TakeFaceUp, events: list[Event] | None) -> None:
    card = _find(state, action.card, state.row, "among the Face-Up Cards")
    turn.take_face_up(state, card, events)
    sequence.settle(state, events)


def _draw_deck(state: BFState, seat: int, action: DrawDeck, events: list[Event] | None) -> None:
    if not (state.deck or state.discard):
        raise IllegalAction("The Draw Deck and the discard pile are empty: take a Face-Up Card.")
    turn.draw_deck(state, events)
    sequence.settle(state, events)


def _spawn(state: BFState, seat: int, action: Spawn, events: list[Event] | None) -> None:
    card = _find(state, action.card, state.hands[seat], "in your hand")
    if state.cards[card].type != "fish":
        raise IllegalAction(f"{state.cards[card].name} is a wild card; only fish cards can be spawned.")
    state.taken += 1
    turn.spawn(state, seat, card, events)
    sequence.settle(state, events)


def _own_fish(state: BFState, seat: int, cid: str | None) -> int:
    return _find(state, cid, state.spots[seat], "in your Fishing Spot")


def _grow(state: BFState, seat: int, action: Grow, events: list[Event] | None) -> None:
    fish = _find(state, action.fish, state.spots[seat], "in your Fishing Spot")  # _own_fish
    if state.sizes[fish] == BIG:
        raise IllegalAction(f"Your {state.cards[fish].name} is already a Big Fish and cannot grow any more.")
    if fish in state.grown:
        raise IllegalAction(f"Your {state.cards[fish].name} has already grown this turn; a fish grows one size "
                            "per turn.")
    state.grown = [*state.grown, fish]
    state.taken += 1
    turn.grow(state, seat, fish, events)
    sequence.settle(state, events)


def _catch(state: BFState, seat: int, action: Catch, events: list[Event] | None) -> None:
    fish = _find(state, action.fish, state.spots[seat], "in your Fishing Spot")  # _own_fish
    if state.hard and bag_blocked(state, seat, fish):
        raise IllegalAction(f"Hard mode: you already have a {state.cards[fish].name} in your Ice Box, and its "
                            "bag limit is one per player.")
    state.taken += 1
    turn.catch(state, seat, fish, events)
    sequence.settle(state, events)


def _play_wild(state: BFState, seat: int, action: PlayWild, events: list[Event] | None) -> None:
    card = _find(state, action.card, state.hands[seat], "in your hand")
    c = state.cards[card]
    if c.type != "wild":
        raise IllegalAction(f"{c.name} is a fish card, not a wild card.")
    target = fish = mine = None
    if c.effect in ("steal", "swap"):
        if action.seat is None or not isinstance(action.seat, int) or not 0 <= action.seat < state.n \
                or action.seat == seat:
            raise IllegalAction(f"{c.name}: choose another player's fish.")
        target = action.seat
        fish = _find(state, action.fish, state.spots[target], f"in {state.names[target]}'s Fishing Spot")
        if protected(state, target, c.effect):
            raise IllegalAction(f"{c.name}: {state.names[target]}'s fish are protected.")
        if c.effect == "steal":
            if state.sizes[fish] not in c.sizes:
                raise IllegalAction(f"{c.name} can only take a {sizes_words(c.sizes)} fish.")
            if bag_blocked(state, seat, fish):
                raise IllegalAction(f"Hard mode: you already have a {state.cards[fish].name} in your Ice Box.")
            if action.mine is not None:
                raise IllegalAction(f"{c.name} takes a fish; it does not swap one of yours.")
        else:
            mine = _own_fish(state, seat, action.mine)
            if state.sizes[mine] != state.sizes[fish]:
                raise IllegalAction(f"{c.name}: the two fish must be the same size.")
    elif action.seat is not None or action.fish is not None or action.mine is not None:
        raise IllegalAction(f"{c.name} takes no target.")
    state.taken += 1
    wild.play(state, seat, card, target, fish, mine, events)
    sequence.settle(state, events)


def _done(state: BFState, seat: int, action: Done, events: list[Event] | None) -> None:
    sequence.end_step(state, events)
    sequence.settle(state, events)


def _draw_done(state: BFState, seat: int, action: Done, events: list[Event] | None) -> None:
    raise IllegalAction(f"Draw every card you are allowed ({state.taken} of {state.allowed} so far).")


def _leave(state: BFState, seat: int, events: list[Event] | None) -> None:
    """A seat finished its secret choices; the last one in sets everything off."""
    state.waiting = [s for s in state.waiting if s != seat]
    if state.waiting:
        return
    if state.phase == "shrink":
        wild.resolve_shrink(state, events)
        sequence.settle(state, events)
    else:
        roundend.after_choices(state, events)
        sequence.settle(state, events)


def _choose(state: BFState, seat: int, card: int, where: str) -> None:
    """One secret pick: a card set aside from the hand, or a fish named (`aside` or `targets`)."""
    picks = state.aside if where == "aside" else state.targets
    picks = put(picks, seat, (*picks[seat], card))
    if where == "aside":
        state.aside = picks
    else:
        state.targets = picks
    state.need = put(state.need, seat, state.need[seat] - 1)


def _shrink(state: BFState, seat: int, action: Shrink, events: list[Event] | None) -> None:
    fish = _own_fish(state, seat, action.fish)
    card = state.cards[state.resolving]
    if state.sizes[fish] != card.from_size:
        raise IllegalAction(f"{card.name}: choose one of your {SIZE_WORDS[card.from_size]} Fish.")
    state.targets = put(state.targets, seat, (fish,))
    state.need = put(state.need, seat, 0)
    _leave(state, seat, events)


def _discard(state: BFState, seat: int, action: Discard, events: list[Event] | None) -> None:
    card = _find(state, action.card, state.hands[seat], "in your hand")
    state.hands = put(state.hands, seat, without(state.hands[seat], card))
    _choose(state, seat, card, "aside")  # secret until everyone has chosen
    if state.need[seat] == 0:
        _leave(state, seat, events)


def _event_remove(state: BFState, seat: int, action: Remove, events: list[Event] | None) -> None:
    fish = _own_fish(state, seat, action.fish)
    if fish not in _event_remove_options(state, seat):
        size = SIZE_WORDS[state.events[state.resolving].size]
        raise IllegalAction(f"Choose one of your {size} fish that you have not chosen yet.")
    _choose(state, seat, fish, "targets")
    if state.need[seat] == 0:
        _leave(state, seat, events)


def _event_spawn(state: BFState, seat: int, action: Spawn, events: list[Event] | None) -> None:
    card = _find(state, action.card, state.hands[seat], "in your hand")
    if state.cards[card].type != "fish":
        raise IllegalAction(f"{state.cards[card].name} is a wild card; only fish cards can be spawned.")
    state.hands = put(state.hands, seat, without(state.hands[seat], card))
    _choose(state, seat, card, "aside")
    if state.need[seat] == 0:
        _leave(state, seat, events)


def _event_grow(state: BFState, seat: int, action: Grow, events: list[Event] | None) -> None:
    fish = _own_fish(state, seat, action.fish)
    if fish not in _event_grow_options(state, seat):
        raise IllegalAction(f"Your {state.cards[fish].name} cannot grow now: it is Big, or already chosen.")
    _choose(state, seat, fish, "targets")
    # Fish are public, so finishing when no fish is left to grow gives nothing away.
    if state.need[seat] == 0 or not _event_grow_options(state, seat):
        _leave(state, seat, events)


def _pass(state: BFState, seat: int, action: Done, events: list[Event] | None) -> None:
    state.need = put(state.need, seat, 0)
    _leave(state, seat, events)


# Each handler takes its own action class; the table is keyed by decision, then action kind
# (what `apply` reads at every step).
Handler = Callable[[BFState, int, Any, list[Event] | None], None]
_BY_DECISION: dict[str, dict[str, Handler]] = {
    "place": {"place": _place},
    "draw": {"take_face_up": _take_face_up, "draw_deck": _draw_deck, "done": _draw_done},
    "spawn": {"spawn": _spawn, "done": _done},
    "grow": {"grow": _grow, "done": _done},
    "catch": {"catch": _catch, "done": _done},
    "wild": {"play_wild": _play_wild, "done": _done},
    "shrink": {"shrink": _shrink},
    "hand_limit": {"discard": _discard},
    "event_discard": {"discard": _discard},
    "event_remove": {"remove": _event_remove},
    "event_spawn": {"spawn": _event_spawn, "done": _pass},
    "event_grow": {"grow": _event_grow, "done": _pass},
}
