"""The Catch phase: one turn per player in catch order, with every special card and fish effect."""

from __future__ import annotations

from collections.abc import Sequence

from fishtable.engine.protocol import Event
from fishtable.games.crazy_fishing import sea
from fishtable.games.crazy_fishing.common import (
    cap,
    cards_text,
    effective_bait,
    event,
    fish_bait_value,
    fish_text,
    raw_bait,
    value_text,
)
from fishtable.games.crazy_fishing.state import CFState, Turn, cast_of, current_turn, put


def start_turn(state: CFState, events: list[Event] | None) -> None:
    """Begin the turn of the seat at `turn_index` (sequence.settle ends the phase after the last)."""
    seat = state.order[state.turn_index]
    rods, baits = cast_of(state, seat)
    table = state.cards
    finders = shuffles = 0
    has_reel = bucket = False
    for c in rods + baits:  # one pass: rods and baits have specials of their own (cards.RodSpecial...)
        special = table[c].special
        if special is None:
            continue
        if special == "fish_finder":
            finders += 1
        elif special == "turbulent":
            shuffles += 1
        elif special == "super_fast_reel":
            has_reel = True
        elif special == "bait_bucket":
            bucket = True
    # CF-ROD-2, CF-Q-8: a Reel needs another rod and two baits; a fish bait can't split.
    reel = has_reel and len(rods) >= 2 and len(baits) >= 2 and state.fish_bait[seat] is None
    state.turn = turn = Turn.start(seat, finders, shuffles, bucket, reel)
    if events is not None:
        events.append(event("turn", f"{state.names[seat]}'s turn to fish."))
    if state.beside or (state.sea and state.layout.coverers is None):
        return  # begin_choosing, when a fish can be reached: nothing to do (the usual case)
    begin_choosing(state, events, turn)


def begin_choosing(state: CFState, events: list[Event] | None, turn: Turn | None = None) -> None:
    if turn is None:
        turn = current_turn(state)
    turn.stage = "choose"
    if sea.fish_count(state) == 0:
        # CF-Q-13: nothing left to catch; the played cards are still discarded.
        if events is not None:
            events.append(event("empty", f"The sea is empty: {state.names[turn.seat]} cannot fish."))
        end_turn(state, events)
        return
    if not sea.any_uncovered(state):
        # CF-CATCH-4: no eligible fish, so the sea is shuffled before choosing.
        sea.reshuffle(state)
        turn.peeks = []
        if events is not None:
            events.append(event("reshuffle_sea", "No fish can be reached, so the sea is shuffled."))


def selectable(state: CFState) -> list[int]:
    """Fish the current player may target now (the Bait Bucket reaches covered ones)."""
    turn = state.turn
    assert turn is not None, "no catch turn is being played"
    pool = state.sea + state.beside if turn.bucket else sea.uncovered(state)
    targets = turn.targets
    return [c for c in pool if c not in targets] if targets else pool  # a new list either way


def attempts_allowed(state: CFState, choices: list[int] | None = None) -> int:
    """Two fish with an active Super-Fast Reel when two can be chosen (CF-Q-9), else one."""
    if not current_turn(state).reel:
        return 1
    return 2 if len(selectable(state) if choices is None else choices) >= 2 else 1


def look(state: CFState, card: int, events: list[Event] | None) -> None:
    turn = current_turn(state)
    turn.looks_left -= 1
    turn.peeks = [*turn.peeks, card]
    if events is not None:
        name = state.names[turn.seat]
        label = state.layout.label[card]
        events.append(event("look", f"{name} looks at fish #{label} with the Infallible Fish Finder."))
        events.append(event("look_private", f"You look at fish #{label}: {fish_text(state.cards[card])}.",
                            (turn.seat,)))


def shuffle(state: CFState, events: list[Event] | None) -> None:
    turn = current_turn(state)
    turn.shuffles_left -= 1
    sea.reshuffle(state)
    turn.peeks = []  # CF-BAIT-8: no fish can be followed through a shuffle
    if events is not None:
        name = state.names[turn.seat]
        events.append(event("shuffle", f"{name} stirs the sea with the Turbulent Bait: the sea is shuffled."))
    if turn.stage == "finish":
        end_turn(state, events)
    elif turn.stage == "between":
        go_on(state, events)


def go_on(state: CFState, events: list[Event] | None) -> None:
    """Resolve the second Reel fish after the between-attempts choice."""
    turn = current_turn(state)
    turn.stage = "choose"
    resolve(state, turn, events)


def attempt(state: CFState, cards: Sequence[int], events: list[Event] | None) -> None:
    turn = current_turn(state)
    seat = turn.seat
    turn.looks_left = 0  # looks come before the choice (CF-ROD-7, CF-Q-22)
    # Only a Bait Bucket reaches a covered fish: without one, every target lies uncovered.
    turn.overlapped = [c for c in cards if sea.is_covered(state, c)] if turn.bucket else []
    if events is not None:
        for c in cards:
            events.append(event(
                "flip",
                f"{state.names[seat]} turns over fish #{state.layout.label[c]}: {fish_text(state.cards[c])}.",
            ))
    if len(cards) == 2:
        turn.targets = list(cards)
        turn.second = cards[1]
        turn.stage = "split"
        return
    card = cards[0]
    baits = cast_of(state, seat)[1]
    if len(baits) >= 2 and needs_bait_pick(state, seat, baits):  # (one bait never needs a pick)
        turn.targets = [card]
        turn.stage = "pick_bait"
        return
    # The usual attempt, one fish with the whole bait (the shuffle resolve() may offer first is a
    # Reel's, before its second fish, never a lone one).
    turn.targets = [card]
    turn.groups = [baits]
    resolve(state, turn, events)


def needs_bait_pick(state: CFState, seat: int, baits: list[int]) -> bool:
    """CF-Q-9: plain baits never add up, not even two cast beside a Reel that gets one attempt.

    The whole group (`baits`, the seat's cast) counts only if it holds a '+' bait; otherwise
    the player picks one bait card for the attempt (after the fish is turned over, as for a split).
    """
    if len(baits) < 2 or state.fish_bait[seat] is not None:
        return False
    cards = state.cards
    for c in baits:  # noqa: SIM110 - a plain loop: this runs at every attempt
        if cards[c].plus:
            return False
    return True


def pick_bait(state: CFState, bait: int, events: list[Event] | None) -> None:
    turn = current_turn(state)
    turn.groups = [[bait]]
    turn.stage = "choose"
    if events is not None:
        events.append(event(
            "bait",
            f"{state.names[turn.seat]} uses the {state.cards[bait].label} bait on this fish "
            "(plain baits never add up).",
        ))
    resolve(state, turn, events)


def split_error(state: CFState, first: list[int]) -> str | None:
    baits = cast_of(state, current_turn(state).seat)[1]
    second = [b for b in baits if b not in first]
    if not first or not second:
        return "Each of the two fish needs at least one bait card."
    for group in (first, second):
        if len(group) > 1 and not any(state.cards[c].plus for c in group):
            return "Bait cards can only be added together when the group holds a '+' bait."
    return None


def split(state: CFState, first: list[int], events: list[Event] | None) -> None:
    turn = current_turn(state)
    baits = cast_of(state, turn.seat)[1]
    second = [b for b in baits if b not in first]
    turn.groups = [list(first), second]
    turn.stage = "choose"
    resolve(state, turn, events)


def resolve(state: CFState, turn: Turn, events: list[Event] | None) -> None:
    """Resolve the current turn's queued targets in order; stop when a decision is needed."""
    while turn.targets:
        targets = turn.targets
        card = targets[0]
        if card == turn.second and turn.shuffles_left and not turn.between_offered:
            # CF-Q-24: with a Reel, the Turbulent Bait may also stir between the two attempts.
            turn.between_offered = True
            turn.stage = "between"
            return
        groups = turn.groups
        group = groups[0]
        turn.targets, turn.groups = targets[1:], groups[1:]
        _resolve_one(state, turn, card, group, events)
        stage = turn.stage
        if stage == "pair" or stage == "puffer":
            return
    after_attempts(state, turn, events)


def after_attempts(state: CFState, turn: Turn, events: list[Event] | None) -> None:
    if turn.shuffles_left > 0 and (state.sea or state.beside):
        turn.stage = "finish"
    else:
        end_turn(state, events)


def _resolve_one(state: CFState, turn: Turn, card: int, group: list[int], events: list[Event] | None) -> None:
    seat = turn.seat
    cards = state.cards
    fish = cards[card]
    fish_bait = state.fish_bait[seat]
    if fish_bait is not None:
        base = fish_bait_value(state, fish_bait)
    elif len(group) == 1:
        base = cards[group[0]].value  # raw_bait of one card
    else:
        base = raw_bait(state, group)
    # the modifiers at this moment (CF-Q-31)
    value = effective_bait(state, seat, base)
    if value >= fish.value:
        _take(state, card)
        piles = state.piles = state.piles[:]
        piles[seat] = [*piles[seat], card]
        state.caught_round = [*state.caught_round, (card, seat)]
        if events is not None:
            name = state.names[seat]
            events.append(event("catch", f"{name}'s bait {value_text(value)} catches {fish_text(fish)}."))
        if fish.oos:
            _trigger(state, card, group, events)
        return
    name = state.names[seat]
    if card not in state.seen:  # everyone saw its front; it goes back face down where all can see
        state.seen = [*state.seen, card]
    beside = card in turn.overlapped and turn.bucket
    if beside:
        _take(state, card, keep_seen=True)
        state.beside = [*state.beside, card]
    if events is not None:
        where = "is put face down beside the sea" if beside else "goes back face down to its place"
        events.append(event("escape", f"{cap(fish_text(fish))} gets away from {name}'s bait {value_text(value)} "
                                      f"and {where}."))


def _take(state: CFState, card: int, keep_seen: bool = False) -> None:
    # Each card is in one place, once: a copy without it (the engine replaces lists).
    if card in state.beside:
        rest = state.beside[:]
        rest.remove(card)
        state.beside = rest
    else:
        rest = state.sea[:]
        rest.remove(card)
        state.sea = rest
    if not keep_seen and card in state.seen:
        seen = state.seen[:]
        seen.remove(card)
        state.seen = seen


# -- out-of-series fish effects (CF-OOS-15..28) ------------------------------------------

def _trigger(state: CFState, card: int, group: list[int], events: list[Event] | None) -> None:
    effect = state.cards[card].special
    turn = current_turn(state)
    name = state.names[turn.seat]
    if effect == "pair_of_fish":
        turn.pair_group = list(group)
        if selectable(state):
            turn.stage = "pair"
            if events is not None:
                events.append(event("effect", f"A Pair of Fish: {name} may try for another fish with the same bait."))
    elif effect == "sustainable_fishing":
        _sustainable(state, card, events)
    elif effect == "smart_bream":
        shown = [c for c in sea.uncovered(state) if c not in turn.targets]
        state.seen = state.seen + [c for c in shown if c not in state.seen]  # CF-Q-35: places unchanged
        if events is None:
            return
        listing = "; ".join(
            f"#{state.layout.label[c]} {fish_text(state.cards[c])}" for c in shown
        ) or "nothing"
        events.append(event(
            "effect",
            f"Smart Bream: every reachable fish is shown to all: {listing}. They go back face down in place.",
        ))
    elif effect == "puffer_fish":
        _puffer(state, events)
    elif effect in ("golden_fish", "useless_fish", "crab", "moray_eel"):
        words = {
            "golden_fish": "adds 2 to their bait",
            "useless_fish": "takes 2 from their bait",
            "crab": "forbids them '+' baits",
            "moray_eel": "forbids them '+' rods",
        }[effect]
        if events is not None:
            events.append(event("effect", f"While it tops {name}'s catch, the {state.cards[card].name} {words}."))
    elif effect == "prawn" and events is not None:
        events.append(event("effect", f"The Prawn will make {name}'s 1-point fish worth 2 at the end."))


def _sustainable(state: CFState, card: int, events: list[Event] | None) -> None:
    candidates = [
        (fish, owner) for fish, owner in state.caught_round
        if fish != card and fish in state.piles[owner]
    ]
    if candidates:
        biggest = max(state.cards[f].value for f, _ in candidates)
        fish, owner = [c for c in candidates if state.cards[c[0]].value == biggest][-1]
        state.piles = put(state.piles, owner, [c for c in state.piles[owner] if c != fish])
        state.caught_round = [x for x in state.caught_round if x != (fish, owner)]
        state.sea = [*state.sea, fish]
        if events is not None:
            events.append(event(
                "effect",
                f"Sustainable Fishing: {state.names[owner]} releases {fish_text(state.cards[fish])}, "
                "the biggest catch of the round, back into the sea.",
            ))
    elif events is not None:
        events.append(event("effect", "Sustainable Fishing: no other fish was caught this round to release."))
    sea.reshuffle(state)
    current_turn(state).peeks = []
    if events is not None:
        events.append(event("shuffle", "The sea is shuffled with eyes closed."))


def puffer_choices(state: CFState, seat: int) -> list[int]:
    """The rods `seat` might have to discard: its fastest ones in hand."""
    rods = [c for c in state.hands[seat] if state.cards[c].type == "rod"]
    if not rods:
        return []
    top = max(state.cards[c].value for c in rods)
    return [c for c in rods if state.cards[c].value == top]


def _puffer(state: CFState, events: list[Event] | None) -> None:
    if events is not None:
        events.append(event("effect", "Puffer Fish: every player discards their fastest rod in hand."))
    state.puffer_waiting = waiting = state.puffer_waiting[:]
    for seat in range(state.n):
        if puffer_choices(state, seat):
            # Everyone holding a rod answers in private, even when the choice is forced, so
            # the table cannot tell who had a tie to settle (CF-Q-36).
            waiting.append(seat)
        elif events is not None:
            events.append(event("effect", f"{state.names[seat]} has no rod in hand to discard."))
    if state.puffer_waiting:
        turn = current_turn(state)
        turn.resume = turn.stage
        turn.stage = "puffer"


def discard_rod(state: CFState, seat: int, rod: int, events: list[Event] | None) -> None:
    state.hands = put(state.hands, seat, [c for c in state.hands[seat] if c != rod])
    state.rod_discard = [*state.rod_discard, rod]
    if events is not None:
        events.append(event("discard", f"{state.names[seat]} discards a {state.cards[rod].label} rod."))


def apply_puffer_choice(state: CFState, seat: int, rod: int, events: list[Event] | None) -> None:
    """Keep the choice secret until every seat has answered, then discard all together (CF-Q-36)."""
    state.puffer_picks = [*state.puffer_picks, (seat, rod)]
    state.puffer_waiting = [s for s in state.puffer_waiting if s != seat]
    if events is not None:
        events.append(event("discard_private", f"You will discard your {state.cards[rod].label} rod.", (seat,)))
    if state.puffer_waiting:
        return
    for s, r in sorted(state.puffer_picks):
        discard_rod(state, s, r, events)
    state.puffer_picks = []
    turn = current_turn(state)
    resume = turn.resume
    assert resume, "a Puffer Fish interrupts a stage, set aside to go back to"
    turn.stage = resume
    turn.resume = ""
    if turn.stage == "choose":
        resolve(state, turn, events)


def pair_attempt(state: CFState, card: int | None, events: list[Event] | None) -> None:
    turn = current_turn(state)
    turn.stage = "choose"
    if card is None:
        if events is not None:
            events.append(event("effect", f"{state.names[turn.seat]} lets the extra fish go."))
        resolve(state, turn, events)
        return
    turn.targets = [card, *turn.targets]
    turn.groups = [turn.pair_group, *turn.groups]
    if turn.bucket and sea.is_covered(state, card):
        turn.overlapped = [*turn.overlapped, card]
    if events is not None:
        events.append(event(
            "flip",
            f"{state.names[turn.seat]} turns over fish #{state.layout.label[card]}: "
            f"{fish_text(state.cards[card])}.",
        ))
    resolve(state, turn, events)


def end_turn(state: CFState, events: list[Event] | None) -> None:
    """Discard the played cards (CF-CATCH-13) and pass to the next player (CF-CATCH-14)."""
    turn = current_turn(state)
    seat = turn.seat
    rods, baits = cast_of(state, seat)
    state.rod_discard = state.rod_discard + rods
    state.bait_discard = state.bait_discard + baits
    casts = state.casts = state.casts[:]
    casts[seat] = None
    fish = state.fish_bait[seat]
    if fish is not None:
        state.removed = [*state.removed, fish]
        state.fish_bait = put(state.fish_bait, seat, None)
        if events is not None:
            used = fish_text(state.cards[fish])
            events.append(event("discard", f"{state.names[seat]}'s {used}, used as bait, leaves the game."))
    if events is not None:
        events.append(event("discard", f"{state.names[seat]} discards {cards_text(state, rods + baits)}."))
    state.turn = None  # sequence.settle starts the next turn
    state.turn_index += 1


def end_catch_phase(state: CFState, events: list[Event] | None) -> None:
    """After the last turn: the blank casts are discarded (the Collect comes next)."""
    casts = state.casts = state.casts[:]
    for seat in range(state.n):
        cast = casts[seat]
        if cast is None:
            continue
        rods, baits = cast
        state.rod_discard = state.rod_discard + rods
        state.bait_discard = state.bait_discard + baits
        casts[seat] = None
        if (rods or baits) and events is not None:
            played = cards_text(state, rods + baits)
            events.append(event("discard", f"{state.names[seat]} discards the blank cast {played}."))
