"""Free actions and moves other than fishing: lures, permanent cards, Goggles, exchanges,
table swaps, Fishing Rods, First Aid Kits, Ouch, Tire and Snap, passing, and discarding
down to the hand size. Each `*_error` returns why a choice is illegal, or None."""

from __future__ import annotations

from fishtable.engine.protocol import Event
from fishtable.games.fishing_party.cards import (
    FIRST_AID,
    GLOVE,
    GOGGLES,
    GPS,
    LURES,
    OUCH,
    PERMANENT,
    ROD,
    SNAP,
    TABLE_SIZE,
    TIRE,
)
from fishtable.games.fishing_party.common import (
    available,
    card_text,
    cards_text,
    draw_cards,
    event,
    give_cards,
    hand_size,
    has_perm,
    plural,
)
from fishtable.games.fishing_party.knowledge import (
    discarded_openly,
    discarded_secretly,
    entered_hand,
    left_hand,
    left_unseen,
)
from fishtable.games.fishing_party.state import NONE, FPState, hand_with, hand_without, to_discard
from fishtable.games.fishing_party.turn import end_turn, move_done, next_turn

MAX_EXCHANGE = 3  # FP-MOVE-3
MAX_SWAP = 3  # FP-MOVE-5


# -- Free actions ---------------------------------------------------------------------------------


def lure_error(state: FPState, seat: int, card: int) -> str | None:
    if state.static.codes[card] not in LURES:
        return f"{card_text(state, card)} is not a lure."
    if state.rods[seat] == NONE:
        # FP-Q-10: a lure needs a rod in front of you, or goes down together with one (FP-MOVE-8).
        return "You need a Fishing Rod in front of you to put on a lure; lay a rod and a lure together as your move."
    return None


def place_lure(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    old = state.lures[seat]
    hand = hand_without(state, seat, card)
    left_hand(state, seat, card)
    state.lures[seat] = card
    if old != NONE:
        hand.append(old)  # FP-Q-10: a swapped-out lure goes back to the hand
        entered_hand(state, seat, old)
    if events is not None:
        name = state.static.names[seat]
        if old == NONE:
            events.append(event("lure", f"{name} puts on a {card_text(state, card)}."))
        else:
            events.append(event("lure", f"{name} swaps the {card_text(state, old)} for a {card_text(state, card)}."))


def permanent_error(state: FPState, card: int) -> str | None:
    if state.static.codes[card] not in PERMANENT:
        return f"{card_text(state, card)} is not a permanent card (GPS, Glove or Spray Bottle)."
    return None


def place_permanent(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    hand_without(state, seat, card)
    left_hand(state, seat, card)
    state.perms[seat] = (*state.perms[seat], card)
    code = state.static.codes[card]
    if events is not None:
        name = state.static.names[seat]
        what = {GPS: "may now hold seven cards", GLOVE: "is protected from Ouch"}.get(
            code, "may change their catch rolls by one")
        events.append(event("permanent", f"{name} lays the {card_text(state, card)} face up and {what}.", news=True))
    if code == GPS:
        give_cards(state, seat, 1, events, "for the GPS")  # FP-SPECIAL-17


def goggles_error(state: FPState, card: int) -> str | None:
    if state.static.codes[card] != GOGGLES:
        return f"{card_text(state, card)} is not Goggles."
    return None


def play_goggles(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    """FP-SPECIAL-4, FP-Q-17: new table cards first, then the old ones and the Goggles go face down."""
    hand_without(state, seat, card)
    left_hand(state, seat, card)
    old = state.table
    new = draw_cards(state, TABLE_SIZE, events)
    state.table = new
    to_discard(state, *old, card)
    discarded_openly(state, (*old, card))
    if events is not None:
        name = state.static.names[seat]
        events.append(event("goggles", f"{name} plays Goggles: the table is cleared and "
                                       f"{plural(len(new), 'new card')} laid: {cards_text(state, new)}.", news=True))


# -- Exchanging with the draw pile (FP-MOVE-3, FP-MOVE-4, FP-Q-6) ------------------------------------


def exchange_limit(state: FPState) -> int:
    """How many cards the exchange in progress may hold: three, or as many as can be drawn back."""
    return min(MAX_EXCHANGE, available(state))


def start_exchange_error(state: FPState, seat: int) -> str | None:
    if not state.hands[seat]:
        return "You have no cards to exchange."
    if not available(state):
        return "The draw and discard piles are empty: there is nothing to exchange with."
    return None


def start_exchange(state: FPState, seat: int, events: list[Event] | None) -> None:
    state.moved = True
    state.stage = "exchange"


def exchange_error(state: FPState) -> str | None:
    if len(state.aside) >= exchange_limit(state):
        if available(state) <= len(state.aside):
            return "No more cards can be drawn back: the draw and discard piles are used up."
        return f"An exchange takes at most {MAX_EXCHANGE} cards."
    return None


def put_aside(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    hand_without(state, seat, card)
    left_unseen(state, seat)
    state.aside = [*state.aside, card]
    if events is not None:
        events.append(event("exchange", f"You put aside {card_text(state, card)} to exchange.", (seat,)))
    if len(state.aside) >= exchange_limit(state):
        draw_back(state, seat, events)


def draw_back(state: FPState, seat: int, events: list[Event] | None) -> None:
    """Draw as many as were put aside (reshuffling if needed), then discard those face down."""
    aside = state.aside
    drawn = draw_cards(state, len(aside), events)
    hand_with(state, seat, *drawn)
    to_discard(state, *aside)
    discarded_secretly(state, seat, aside)
    if events is not None:
        name = state.static.names[seat]
        events.append(event("exchange", f"{name} exchanges {plural(len(aside), 'card')} with the draw pile.",
                            news=True))
        # A "draw": the cards are the seat's secret, studied before its screen is covered.
        events.append(event("draw", f"You discard {cards_text(state, aside)} and draw "
                                        f"{cards_text(state, drawn)}.", (seat,)))
    move_done(state, events)


# -- Swapping with the table (FP-MOVE-5, FP-MOVE-6) -----------------------------------------------
# A swap is built pair by pair: take a table card, then give a card of the hand for it.


def start_swap_error(state: FPState, seat: int) -> str | None:
    if not state.hands[seat]:
        return "You have no cards to swap."
    if not state.table:
        return "There are no cards on the table."
    return None


def start_swap(state: FPState, seat: int, events: list[Event] | None) -> None:
    state.moved = True
    state.stage = "swap"


def take_error(state: FPState, take: int) -> str | None:
    if take in state.given:
        return f"You just gave the {card_text(state, take)} to the table; it cannot come back in the same swap."
    if len(state.taken) >= MAX_SWAP:
        return f"A swap takes at most {MAX_SWAP} cards."
    return None


def take(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    """The card is chosen; it stays on the table until a card is given for it."""
    state.stage = "give"
    state.taken = (*state.taken, card)


def give_error(state: FPState, give: int) -> str | None:
    if give in state.taken:
        return f"You just took the {card_text(state, give)} from the table; it cannot go back in the same swap."
    return None


def give(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    """The given card lies face up where the taken one lay (FP-MOVE-6)."""
    taken = state.taken[-1]
    hand = hand_without(state, seat, card)
    left_hand(state, seat, card, state.taken[:-1])
    hand.append(taken)
    entered_hand(state, seat, taken)
    table = state.table = state.table[:]
    table[table.index(taken)] = card
    state.given = (*state.given, card)
    state.stage = "swap"
    if events is not None:
        name = state.static.names[seat]
        # News: the table's cards changed, and the others see it before the next pass screen.
        events.append(event("swap", f"{name} swaps {card_text(state, card)} from their hand for "
                                    f"{card_text(state, taken)} on the table.", news=True))
    if not can_take_more(state):
        move_done(state, events)


def can_take_more(state: FPState) -> bool:
    """Another pair is possible: fewer than three so far, a table card not just given, a hand card not just taken."""
    taken = state.taken
    if len(taken) >= MAX_SWAP:
        return False
    # Between pairs every taken card is in the hand and every given card on the table (neither can
    # go back in the same swap), all distinct: so a size comparison says it.
    return len(state.table) > len(state.given) and len(state.hands[state.seat]) > len(taken)


# -- Special cards as the move (FP-SPECIAL-*) ------------------------------------------------------


def rod_error(state: FPState, seat: int, card: int, lure: int | None) -> str | None:
    codes = state.static.codes
    if codes[card] != ROD:
        return f"{card_text(state, card)} is not a Fishing Rod."
    if state.rods[seat] != NONE:
        return "You already have a Fishing Rod in front of you."  # FP-Q-27
    if lure is not None and codes[lure] not in LURES:
        return f"{card_text(state, lure)} is not a lure."
    return None


def play_rod(state: FPState, seat: int, card: int, lure: int | None, events: list[Event] | None) -> None:
    state.moved = True
    hand = hand_without(state, seat, card)
    left_hand(state, seat, card)
    state.rods[seat] = card
    if lure is not None:  # FP-MOVE-8: the lure goes down with the rod
        hand.remove(lure)
        left_hand(state, seat, lure)
        if state.lures[seat] != NONE:
            hand.append(state.lures[seat])
            entered_hand(state, seat, state.lures[seat])
        state.lures[seat] = lure
    if events is not None:
        text = f"{state.static.names[seat]} lays a Fishing Rod in front of them"
        if lure is not None:
            text += f", with a {card_text(state, lure)}"
        events.append(event("rod", text + ".", news=True))
    move_done(state, events)


def first_aid_error(state: FPState, seat: int, card: int) -> str | None:
    if state.static.codes[card] != FIRST_AID:
        return f"{card_text(state, card)} is not a First Aid Kit."
    if state.ouches[seat] == NONE:
        return "There is no Ouch on you to cancel."  # FP-Q-12
    return None


def first_aid(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    state.moved = True
    hand_without(state, seat, card)
    left_hand(state, seat, card)
    to_discard(state, state.ouches[seat], card)
    discarded_openly(state, (state.ouches[seat], card))
    state.ouches[seat] = NONE
    if events is not None:
        events.append(event("first_aid", f"{state.static.names[seat]} plays a First Aid Kit: the Ouch is gone.",
                            news=True))
    move_done(state, events)


def unlucky_error(state: FPState, seat: int, card: int, target: int) -> str | None:
    st = state.static
    code = st.codes[card]
    if code not in (OUCH, TIRE, SNAP):
        return f"{card_text(state, card)} cannot be played on another player as a move."
    if not 0 <= target < st.n:
        return f"There is no seat {target + 1}."
    if target == seat:
        return f"You cannot play {st.cards[card].name} on yourself."  # FP-SPECIAL-14
    if state.unlucky:
        return "Only one Unlucky card of your own may be played in a turn."  # FP-VAR-8
    who = st.names[target]
    if code == OUCH:
        if state.ouches[target] != NONE:
            return f"{who} already has an Ouch on them."  # FP-Q-13
        if has_perm(state, target, GLOVE):
            return f"{who}'s Glove protects them from Ouch."  # FP-SPECIAL-8
    elif code == TIRE:
        if state.lures[target] == NONE:
            return f"{who} has no lure in front of them."  # FP-Q-14
    elif state.rods[target] == NONE:
        return f"{who} has no Fishing Rod in front of them."  # FP-Q-14
    return None


def give_unlucky(state: FPState, seat: int, card: int, target: int, events: list[Event] | None) -> None:
    st = state.static
    state.moved = True
    state.unlucky = True
    hand_without(state, seat, card)
    left_hand(state, seat, card)
    code = st.codes[card]
    if code == OUCH:  # FP-SPECIAL-6: it stays on the target until a First Aid Kit (FP-Q-13)
        state.ouches[target] = card
    elif code == TIRE:  # FP-SPECIAL-9
        lure = state.lures[target]
        state.lures[target] = NONE
        to_discard(state, lure, card)
        discarded_openly(state, (lure, card))
    else:  # FP-SPECIAL-10: the rod is discarded, the lure goes back to the hand
        to_discard(state, state.rods[target], card)
        discarded_openly(state, (state.rods[target], card))
        state.rods[target] = NONE
        lure = state.lures[target]
        if lure != NONE:
            state.lures[target] = NONE
            hand_with(state, target, lure)
            entered_hand(state, target, lure)
    if events is not None:
        name, who = st.names[seat], st.names[target]
        if code == OUCH:
            text = f"{name} plays an Ouch on {who}: no fishing for {who} until a First Aid Kit."
        elif code == TIRE:
            text = f"{name} plays a Tire on {who}: {who}'s {card_text(state, lure)} is discarded."
        else:
            text = f"{name} plays a Snap on {who}: {who}'s Fishing Rod breaks"
            if lure != NONE:
                text += f" and the {card_text(state, lure)} goes back to {who}'s hand"
            text += "."
        events.append(event("unlucky", text, news=True))
    move_done(state, events)


def pass_turn(state: FPState, seat: int, events: list[Event] | None) -> None:
    """FP-Q-7: no (further) move; the turn ends with the usual refill."""
    if not state.moved and events is not None:
        events.append(event("pass", f"{state.static.names[seat]} passes.", news=True))
    end_turn(state, events)


# -- Discarding down to the hand size (FP-Q-15) -------------------------------------------------------


def discard_down(state: FPState, seat: int, card: int, events: list[Event] | None) -> None:
    hand = hand_without(state, seat, card)
    left_unseen(state, seat)
    to_discard(state, card)
    discarded_secretly(state, seat, (card,))
    if events is not None:
        events.append(event("discard", f"{state.static.names[seat]} discards a card face down."))
        events.append(event("discard", f"You discard {card_text(state, card)}.", (seat,)))
    if len(hand) <= hand_size(state, seat):
        next_turn(state, events)
