"""The course of a hand: the deal, the rounds in order, the showdown and the end.

Hand order (FP-Q-30): ante and deal; betting round 1; the reveal; swap 1;
betting round 2; swap 2; betting round 3; the showdown. A hand stops early
when all but one player fold: that player wins without showing.
"""

from __future__ import annotations

from fishtable.engine import fastrng
from fishtable.engine import rng as rand
from fishtable.engine.protocol import Event
from fishtable.games.fishing_party_poker import hands as hv
from fishtable.games.fishing_party_poker.common import card_text, cards_text, chips_text, event, names_text
from fishtable.games.fishing_party_poker.pots import layers, pot_names, share
from fishtable.games.fishing_party_poker.state import Award, PokerState

HAND_SIZE = 5
COMMUNITY_SIZE = 5
DIE_SIDES = 6


# -- the first dealer (FP-POKER-1, FP-Q-32) ---------------------------------------------------------


def roll_for_dealer(state: PokerState, events: list[Event] | None) -> int:
    """Everyone rolls the die; the highest roll deals first, tied players rolling again."""
    rolling = list(range(state.n))
    first = True
    while True:
        rolls = []
        for _ in rolling:
            state.rng, k = rand.below(state.rng, DIE_SIDES)
            rolls.append(k + 1)
        shown = ", ".join(f"{state.names[s]} {r}" for s, r in zip(rolling, rolls, strict=True))
        lead = "Die rolls for the first dealer" if first else "They roll again"
        if events is not None:
            events.append(event("die", f"{lead}: {shown}.", news=True))
        best = max(rolls)
        top = [s for s, r in zip(rolling, rolls, strict=True) if r == best]
        if len(top) == 1:
            if events is not None:
                events.append(event("dealer", f"{state.names[top[0]]} rolled highest and deals first.", news=True))
            return top[0]
        if events is not None:
            events.append(event("die", f"{names_text(state, top)} tie with {best}.", news=True))
        rolling = top
        first = False


# -- a new hand (FP-POKER-1..5) -------------------------------------------------------------------


_UNDEALT: dict[int, tuple[int, ...]] = {}  # the unshuffled deck of so many cards


def _undealt(cards: int) -> tuple[int, ...]:
    deck = _UNDEALT[cards] = tuple(range(cards))
    return deck


def start_hand(state: PokerState, events: list[Event] | None) -> None:
    n = len(state.names)
    chips = state.chips = state.chips[:]  # copied before changing (see PokerState.fork)
    state.hand_no += 1
    state.phase = "betting"
    order = [s for s in state.clockwise_from(state.dealer) if chips[s] > 0]
    players = len(order)
    dealt = HAND_SIZE * players + COMMUNITY_SIZE
    deck = list(_UNDEALT.get(len(state.cards)) or _undealt(len(state.cards)))
    state.rng = fastrng.shuffle_top(state.rng, deck, dealt)  # only the cards dealt need drawing
    # The cards come off the top one at a time: a card to each player from the dealer's left,
    # five times over, then five face down in the middle.
    top = deck[-dealt:][::-1]
    del deck[-dealt:]
    state.deck = deck
    hands: list[list[int]] = [[] for _ in range(n)]
    for i, s in enumerate(order):
        hands[s] = top[i:HAND_SIZE * players:players]
    state.hands = hands
    state.community = top[HAND_SIZE * players:]
    state.known = ((),) * n
    state.face_up = False
    state.in_hand = [c > 0 for c in chips]
    state.folded = [False] * n
    state.committed = committed = [0] * n
    state.aggressors = []
    state.shown = []
    state.awards = []
    state.next_dealer = -1
    state.betting_round = state.swap_round = 0
    if events is not None:
        events.append(event("hand", f"Hand {state.hand_no}: {state.names[state.dealer]} deals.", news=True))

    # The ante (FP-POKER-2); a player with less than the ante puts in all they have.
    ante = state.ante
    short = []
    for s in order:
        amount = ante if ante < chips[s] else chips[s]
        chips[s] -= amount
        committed[s] = amount
        if chips[s] == 0:
            short.append(s)
    if events is not None:
        if len(short) < players:
            if not short:
                events.append(event("ante", f"Everyone antes {ante}."))
            else:
                full = [s for s in range(n) if committed[s] and s not in short]
                verb = "antes" if len(full) == 1 else "ante"
                events.append(event("ante", f"{names_text(state, full)} {verb} {ante}."))
        for s in short:
            events.append(event("ante", f"{state.names[s]} antes {committed[s]}, every chip left, and is all in."))
        for s in order:
            events.append(event("deal", f"You are dealt {cards_text(state, hands[s])}.", to=(s,)))
        events.append(event("deal", "Five cards each; five community cards lie face down in the middle."))
    start_betting(state, 1, events)


# -- betting rounds and swaps ------------------------------------------------------------------------


def start_betting(state: PokerState, round_no: int, events: list[Event] | None) -> None:
    n = len(state.names)
    state.phase = "betting"
    state.betting_round = round_no
    state.round_bet = [0] * n
    state.level = 0
    state.wagers = 0
    state.acted = [False] * n
    state.may_raise = [True] * n
    # FP-POKER-7: the player to the dealer's left opens; every round starts there. A betting
    # round needs two players still in with chips (`PokerState.live`): the first of them opens.
    chips, in_hand, folded = state.chips, state.in_hand, state.folded
    first = -1
    for s in state.clockwise_from(state.dealer):
        if in_hand[s] and not folded[s] and chips[s] > 0:
            if first >= 0:
                state.actor = first
                return
            first = s
    state.actor = -1
    if events is not None:
        events.append(event(
            "betting", f"No betting in round {round_no}: at most one player still in has chips to bet."))
    end_betting(state, events)


def end_betting(state: PokerState, events: list[Event] | None) -> None:
    state.actor = -1
    state.round_bet = [0] * state.n
    state.level = 0
    if state.betting_round == 1:
        reveal(state, events)
        start_swap(state, 1, events)
    elif state.betting_round == 2:
        start_swap(state, 2, events)
    else:
        showdown(state, events)


def reveal(state: PokerState, events: list[Event] | None) -> None:
    """FP-POKER-9: the dealer turns the five community cards face up."""
    state.face_up = True
    if events is not None:
        events.append(event(
            "reveal",
            f"{state.names[state.dealer]} turns the community cards face up: {cards_text(state, state.community)}.",
            news=True,
        ))


def swap_order(state: PokerState) -> list[int]:
    """FP-POKER-10, FP-Q-30: from the dealer's left, clockwise; folded players do not swap."""
    return [s for s in state.clockwise_from(state.dealer) if state.in_hand[s] and not state.folded[s]]


def start_swap(state: PokerState, swap_no: int, events: list[Event] | None) -> None:
    state.phase = "swap"
    state.swap_round = swap_no
    in_hand, folded = state.in_hand, state.folded
    for s in state.clockwise_from(state.dealer):  # the first of `swap_order`
        if in_hand[s] and not folded[s]:
            state.actor = s
            return


def next_swapper(state: PokerState, events: list[Event] | None) -> None:
    """The next player still in after the actor, clockwise, before coming back round to the dealer."""
    n = state.n
    dealer, in_hand, folded = state.dealer, state.in_hand, state.folded
    s = state.actor
    while s != dealer:  # swap_order ends with the dealer's seat
        s = (s + 1) % n
        if in_hand[s] and not folded[s]:
            state.actor = s
            return
    start_betting(state, state.swap_round + 1, events)


def do_swap(state: PokerState, seat: int, give: int, take: int, events: list[Event] | None) -> None:
    """FP-Q-30: the card given up goes face up into the community, in the place of the card taken."""
    # Copied before changing: `apply` works on a fork that shares them with the state it was given.
    hands = state.hands = state.hands[:]
    hand = hands[seat] = hands[seat][:]
    community = state.community = state.community[:]
    slot = community.index(take)
    hand[hand.index(give)] = take
    community[slot] = give
    known = list(state.known) or [()] * state.n
    seen = known[seat]
    if give in seen:
        seen = tuple([c for c in seen if c != give])
    known[seat] = (*seen, take)  # everyone saw where it went
    state.known = tuple(known)
    if events is not None:
        events.append(event(
            "swap",
            f"{state.names[seat]} takes {card_text(state, take)} from community place {slot + 1} "
            f"and puts {card_text(state, give)} there.",
            news=True,
        ))
    next_swapper(state, events)


def keep_hand(state: PokerState, seat: int, events: list[Event] | None) -> None:
    if events is not None:
        events.append(event("swap", f"{state.names[seat]} keeps their hand.", news=True))
    next_swapper(state, events)


# -- the end of a hand ---------------------------------------------------------------------------


def hand_value(state: PokerState, seat: int) -> int:
    return hv.evaluate(state.hands[seat], state.bits, state.suits)


def showdown_order(state: PokerState) -> list[int]:
    """FP-POKER-12, FP-Q-31: the highest bettor shows first, then the others clockwise.

    Among the players who put the most in the pot this hand, the last one to bet or
    raise shows first; if none of them bet or raised, the first of them clockwise
    from the dealer's left.
    """
    contenders = state.contenders()
    committed = state.committed
    top = max(map(committed.__getitem__, contenders))
    highest = [s for s in contenders if committed[s] == top]
    for first in reversed(state.aggressors):
        if first in highest:
            break
    else:
        for first in state.clockwise_from(state.dealer):
            if first in highest:
                break
    # Clockwise from `first` itself: the seats after the one on its right.
    return [s for s in state.clockwise_from((first - 1) % len(state.names)) if s in contenders]


def showdown(state: PokerState, events: list[Event] | None) -> None:
    """Every player still in shows, one at a time (nobody mucks), and the pots are paid."""
    order = showdown_order(state)
    values = {}
    for s in order:
        values[s] = v = hand_value(state, s)
        if events is not None:
            events.append(event(
                "show", f"{state.names[s]} shows {cards_text(state, state.hands[s])}: {hv.hand_name(v)}.", news=True))
    state.shown = order
    pay_pots(state, values, events)
    end_hand(state, events)


def pay_pots(state: PokerState, values: dict[int, int], events: list[Event] | None) -> None:
    """FP-POKER-13: each pot goes to the best hand that can win it; ties split it (FP-Q-31)."""
    contenders = state.contenders()
    stacks = state.chips
    if contenders and all(map(stacks.__getitem__, contenders)):  # nobody still in is all in: the one pot `layers` gives
        total = sum(state.committed)
        pots = [(total, tuple(contenders))] if total else []
    else:
        pots = layers(state.committed, contenders, [c == 0 for c in stacks])
    state.chips = state.chips[:]  # copied before changing (see PokerState.fork)
    names = pot_names(len(pots))
    left_of_dealer = state.clockwise_from(state.dealer)
    won = set()
    awards = []
    for (amount, eligible), pot in zip(pots, names, strict=True):
        if len(eligible) == 1:
            s = eligible[0]
            state.chips[s] += amount
            own = state.committed[s] - max((state.committed[o] for o in range(state.n) if o != s), default=0)
            returned = own >= amount  # every chip of this pot is the seat's own unmatched bet
            awards.append(Award(pot, amount, (s,), "", returned))
            if not returned:
                won.add(s)
            if events is not None:
                if returned:
                    events.append(event("pot", f"{state.names[s]} takes back {chips_text(amount)} nobody matched."))
                else:
                    events.append(event("pot", f"{state.names[s]} wins {pot} ({amount}): nobody else can win it.",
                                        news=True))
            continue
        best = max(map(values.__getitem__, eligible))
        winners = tuple([s for s in left_of_dealer if s in eligible and values[s] == best])
        shares = share(amount, winners, left_of_dealer)
        for s, chips in shares.items():
            state.chips[s] += chips
        won.update(winners)
        name = hv.hand_name(best)
        awards.append(Award(pot, amount, winners, name))
        if events is None:
            continue
        if len(winners) == 1:
            text = f"{state.names[winners[0]]} wins {pot} ({amount}) with {name}."
        else:
            text = f"{names_text(state, winners)} split {pot} ({amount}) with {name}"
            if amount % len(winners):
                odd = [s for s in winners if shares[s] > amount // len(winners)]
                text += f"; the odd {'chip goes' if len(odd) == 1 else 'chips go'} to {names_text(state, odd)}"
            text += "."
        events.append(event("pot", text, news=True))
    hands_won = state.hands_won = state.hands_won[:]  # copied before changing (see do_swap)
    for s in won:
        hands_won[s] += 1
    state.awards = awards


def win_uncontested(state: PokerState, events: list[Event] | None) -> None:
    """All but one folded: the last player wins everything and shows nothing (FP-Q-29)."""
    (winner,) = state.contenders()
    total = sum(state.committed)
    state.chips = state.chips[:]  # copied before changing (see PokerState.fork)
    state.chips[winner] += total
    state.hands_won = state.hands_won[:]  # copied before changing (see do_swap)
    state.hands_won[winner] += 1
    state.awards = [Award("the pot", total, (winner,), "")]
    state.shown = []
    if events is not None:
        events.append(event("pot", f"{state.names[winner]} wins the pot ({total}); everyone else folded.", news=True))
    end_hand(state, events)


def end_hand(state: PokerState, events: list[Event] | None) -> None:
    n = state.n
    state.actor = -1
    state.committed = [0] * n
    state.round_bet = [0] * n
    state.level = 0
    if events is not None:
        for s in range(n):
            if state.in_hand[s] and state.chips[s] == 0:
                events.append(event("out", f"{state.names[s]} has no chips left and is out.", news=True))
    chips = state.chips
    alive = [s for s in range(n) if chips[s] > 0]
    if len(alive) == 1:
        end_session(state, f"{state.names[alive[0]]} has every chip.", events)
    elif state.stopping:
        end_session(state, f"The table stopped after hand {state.hand_no}.", events)
    elif state.max_hands and state.hand_no >= state.max_hands:
        end_session(state, f"The hand limit of {state.max_hands} hands is reached.", events)
    else:
        state.phase = "hand_over"
        # FP-POKER-1: the deal passes clockwise, to the next player who still has chips.
        for s in state.clockwise_from(state.dealer):
            if chips[s] > 0:
                state.next_dealer = s
                break


def end_session(state: PokerState, reason: str, events: list[Event] | None) -> None:
    state.phase = "over"
    state.actor = -1
    state.next_dealer = -1
    state.end_reason = reason
    if events is not None:
        events.append(event("end", f"The session is over. {reason}", news=True))


def deal_next(state: PokerState, events: list[Event] | None) -> None:
    state.dealer = state.next_dealer
    start_hand(state, events)
