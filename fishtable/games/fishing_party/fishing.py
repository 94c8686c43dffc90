"""Catching fish: the attempt, "Broken Line, anyone?", the roll, the Spray Bottle and the
Fish Pond (FP-CATCH-*, FP-SPECIAL-12/13/20..22, FP-Q-11, FP-Q-16, FP-Q-19)."""

from __future__ import annotations

from fishtable.engine.protocol import Event
from fishtable.games.fishing_party import scoring
from fishtable.games.fishing_party.cards import BROKEN_LINE, DIE_SIDES, FISH, LURES, SPRAY, rolls_words
from fishtable.games.fishing_party.common import card_text, event, has_perm, roll_die
from fishtable.games.fishing_party.knowledge import discarded_openly, entered_hand, left_hand
from fishtable.games.fishing_party.state import NONE, FPState, LastAttempt, hand_with, hand_without, to_discard
from fishtable.games.fishing_party.turn import move_done


def fish_error(state: FPState, seat: int, card: int) -> str | None:
    """Why this fish cannot be tried for now, or None. A hopeless try is refused (FP-Q-11)."""
    st = state.static
    if st.codes[card] != FISH:
        return f"{card_text(state, card)} is not a fish."
    if state.rods[seat] == NONE:
        return "You need a Fishing Rod in front of you to fish."  # FP-CATCH-1
    lure = state.lures[seat]
    if lure == NONE:
        return "You need a lure in front of you to fish."  # FP-CATCH-1
    if state.ouches[seat] != NONE:
        return "There is an Ouch on you: play a First Aid Kit before you fish again."  # FP-CATCH-2
    kind = st.kind_of[card]
    if not st.cards[lure].wins[kind]:
        catchers = _catchers(state, kind)
        if not catchers:
            return f"{st.kinds[kind]}: your {st.cards[lure].name} does not catch it."
        name = st.cards[lure].name
        return f"{st.kinds[kind]}: only {catchers} catches it; your lure is {_article(name)} {name}."
    for c in state.ponds[seat]:
        if st.kind_of[c] == kind and st.weight[card] <= st.weight[c]:
            # FP-CATCH-10/11, FP-Q-9: only a strictly heavier fish may replace one in the pond.
            return (f"Your Fish Pond already holds a {st.kinds[kind]} of {st.weight[c]} lb; "
                    f"only a heavier one may replace it.")
    return None


def _catchers(state: FPState, kind: int) -> str:
    """The lures of this game that catch a kind, in words: "a Wobbler or a Magic Lure" (cached)."""
    st = state.static
    key = ("catchers", kind)
    words = st.action_cache.get(key)
    if words is None:
        names: list[str] = []
        for c in st.cards:
            if c.code in LURES and c.wins[kind] and c.name not in names:
                names.append(c.name)
        named = [f"{_article(n)} {n}" for n in names]
        words = ", ".join(named[:-1]) + " or " + named[-1] if len(named) > 1 else "".join(named)
        st.action_cache[key] = words
    return words


def _article(name: str) -> str:
    return "an" if name[:1].lower() in "aeiou" else "a"


def start_attempt(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    """FP-CATCH-3: the fish goes face up beside the lure; then the table may break the line."""
    st = state.static
    state.moved = True
    hand_without(state, seat, card)
    left_hand(state, seat, card)
    state.fishing = card
    if events is not None:
        lure = state.lures[seat]
        need = rolls_words(st.cards[lure].wins[st.kind_of[card]])
        events.append(event("attempt", f"{st.names[seat]} puts down the {card_text(state, card)} beside the "
                                       f"{st.cards[lure].name} and needs a {need}.", news=True))
    if st.reactions:
        state.stage = "reaction"
        state.asking = tuple((seat + i) % st.n for i in range(1, st.n))
    else:
        roll(state, events)


def let_roll(state: FPState, seat: int, events: list[Event] | None) -> None:
    state.asking = tuple(s for s in state.asking if s != seat)
    if not state.asking:
        if events is not None:
            events.append(event("attempt", "No Broken Line: the die is rolled."))
        roll(state, events)


def broken_line_error(state: FPState, card: int) -> str | None:
    if state.static.codes[card] != BROKEN_LINE:
        return f"{card_text(state, card)} is not a Broken Line."
    return None


def break_line(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    """FP-SPECIAL-12: the fisher discards the fish and the lure; one Broken Line per attempt.

    Its player draws nothing now and refills at the end of their own next turn (FP-Q-16).
    """
    st = state.static
    active = state.seat
    fish, lure = state.fishing, state.lures[active]
    hand_without(state, seat, card)
    left_hand(state, seat, card)
    to_discard(state, card, fish, lure)
    discarded_openly(state, (card, fish, lure))
    state.lures[active] = NONE
    state.fishing = NONE
    state.asking = ()
    state.last = LastAttempt(active, fish, lure, 0, 0, "broken", seat)
    if events is not None:
        events.append(event("broken_line", f"{st.names[seat]} plays a Broken Line on {st.names[active]}: the "
                                           f"{card_text(state, fish)} and the {st.cards[lure].name} are discarded.",
                            news=True))
    move_done(state, events)


def _wins(state: FPState) -> tuple[int, ...]:
    st = state.static
    return st.cards[state.lures[state.seat]].wins[st.kind_of[state.fishing]]


def spray_can_help(state: FPState, rolled: int) -> bool:
    """Whether the fisher's Spray Bottle could turn this miss into a catch (FP-SPECIAL-20/21)."""
    if rolled == 1 or not has_perm(state, state.seat, SPRAY):
        return False
    wins = _wins(state)
    return rolled - 1 in wins or (rolled < DIE_SIDES and rolled + 1 in wins)


def roll(state: FPState, events: list[Event] | None) -> None:
    """FP-CATCH-3: one roll. A miss the owner's Spray Bottle could mend waits for their decision."""
    rolled = roll_die(state)
    if rolled not in _wins(state) and spray_can_help(state, rolled):
        state.stage = "spray"
        state.roll = rolled
        if events is not None:
            events.append(event("roll", f"{state.static.names[state.seat]} rolls a {rolled}.", news=True))
        return
    resolve(state, rolled, rolled, events)


def spray_error(state: FPState, change: int) -> str | None:
    counted = state.roll + change
    if not 1 <= counted <= DIE_SIDES:
        return f"A die cannot show {counted}."  # FP-Q-19
    return None


def resolve(state: FPState, rolled: int, counted: int, events: list[Event] | None) -> None:
    """FP-CATCH-5..13: a catch goes to the pond (a smaller one of its kind leaves it); a miss back to hand."""
    st = state.static
    seat, fish, lure = state.seat, state.fishing, state.lures[state.seat]
    name = st.names[seat]
    caught = counted in _wins(state)
    state.fishing = NONE
    state.last = LastAttempt(seat, fish, lure, rolled, counted, "caught" if caught else "missed", NONE)
    if events is not None:
        text = f"{name} rolls a {rolled}"
        if counted != rolled:
            text = f"With the Spray Bottle, {name}'s {rolled} counts as {counted}"
    if not caught:
        hand_with(state, seat, fish)  # FP-CATCH-7
        entered_hand(state, seat, fish)
        if events is not None:
            events.append(event("miss", f"{text}: the {st.kinds[st.kind_of[fish]]} gets away and goes back to "
                                        f"{name}'s hand.", news=True))
        move_done(state, events)
        return
    kind = st.kind_of[fish]
    pond = state.ponds[seat]
    smaller = [c for c in pond if st.kind_of[c] == kind]
    state.ponds[seat] = (*(c for c in pond if st.kind_of[c] != kind), fish)
    if smaller:  # FP-CATCH-11
        to_discard(state, *smaller)
        discarded_openly(state, smaller)
    if events is not None:
        text += f" and catches the {card_text(state, fish)}!"
        if smaller:
            text += f" The smaller {card_text(state, smaller[0])} leaves the Fish Pond for the discard pile."
        events.append(event("catch", text, news=True))
    if len(state.ponds[seat]) == len(st.kinds):
        scoring.finish(state, "six kinds", events)  # FP-END-1, FP-Q-21: at once, no refill
        return
    move_done(state, events)
