"""Worlds as one seat may imagine them, for the search bots: `GAME.sample_world(view, rng)`,
and what a position is worth when a playout stops early: `GAME.evaluate(state, seat)`.

From one seat's view alone the sampler deals every card hidden from that seat
at random among the places it could be, into a full state that plays on:

- the seat's own hand, the community once face up, and every hand shown at a
  showdown stay where the view shows them;
- a card everyone saw another seat take from the community in a swap stays
  in that hand (`SeatPanel.known`), at a random place in it; a card given up in
  a swap lies face up in the community, where the view shows it;
- every other card is dealt uniformly: the rest of each hand still dealt
  (folded ones too), the face-down community before the reveal, and the deck;
- chips, bets, the betting round's state (who has acted, who may raise, the
  bets and raises so far, who bet or raised this hand) come from the view;
- the generator state is new: the seat cannot know the next deal.

A seat that bet or raised this hand is taken at its word, a little: its
hidden cards are redrawn (a few times at most) until they make a hand that the
greedy player would bet with, judged by the cards it could see (the face-up
community, or, before the reveal, this world's community as one guess). A
uniform deal made the search believe a raise as often bluffs as not, and call
every raise down with a middling hand.
"""

from __future__ import annotations

import random

from fishtable.engine import rng as rand
from fishtable.games.fishing_party_poker.bots import BET_CHANCE, after_swaps, beat_chance
from fishtable.games.fishing_party_poker.cards import Card
from fishtable.games.fishing_party_poker.hands import evaluate as hand_value
from fishtable.games.fishing_party_poker.hands import rank_bit
from fishtable.games.fishing_party_poker.pots import layers
from fishtable.games.fishing_party_poker.state import Award, PokerState
from fishtable.games.fishing_party_poker.tables import tables_for
from fishtable.games.fishing_party_poker.views import PokerView

_cache: dict[int, tuple[tuple[Card, ...], dict[str, int], tuple[str, ...], tuple[int, ...], tuple[int, ...],
                        tuple[str, ...]]] = {}


class SampleError(ValueError):
    """The view does not describe a position this sampler can rebuild (it was not made by GAME.view)."""


def _table(cards: tuple[Card, ...]) -> tuple[dict[str, int], tuple[str, ...], tuple[int, ...], tuple[int, ...],
                                            tuple[str, ...]]:
    entry = _cache.get(id(cards))
    if entry is None or entry[0] is not cards:
        if len(_cache) > 64:
            _cache.clear()
        entry = _cache[id(cards)] = (
            cards, {c.cid: c.idx for c in cards}, tuple(c.cid for c in cards),
            tuple(rank_bit(c.rank) for c in cards), tuple(c.suit for c in cards), tuple(c.index for c in cards))
    return entry[1:]


def sample_world(view: PokerView, rng: random.Random) -> PokerState:
    s = view.seat
    if s is None:
        raise SampleError("A world is sampled from one seat's view, not from the public table.")
    cards = tables_for(view.card_set)
    ix, cids, bits, suits, labels = _table(cards)
    panels = view.seats
    n = len(panels)
    phase = view.phase
    betting_now = phase == "betting"

    # -- what the seat sees ---------------------------------------------------------------------
    hands: list[list[int]] = [[] for _ in range(n)]
    seen: set[int] = set()
    if view.hand is not None:
        hands[s] = [ix[f.id] for f in view.hand]
        seen.update(hands[s])
    community: list[int | None] = [ix[slot.card.id] if slot.card is not None else None for slot in view.community]
    seen.update(c for c in community if c is not None)
    known: list[tuple[int, ...]] = []
    open_slots: list[tuple[int, int]] = []  # (seat, cards still to deal)
    for p in panels:
        k = p.seat
        mine = tuple(ix[f.id] for f in p.known)
        known.append(mine)
        if k == s or not p.cards:
            continue
        if p.shown is not None:
            hands[k] = [ix[f.id] for f in p.shown]
            seen.update(hands[k])
            continue
        hands[k] = list(mine)
        seen.update(mine)
        open_slots.append((k, p.cards - len(mine)))
    hidden = [c for c in range(len(cards)) if c not in seen]
    face_down = [i for i, c in enumerate(community) if c is None]
    if sum(m for _, m in open_slots) + len(face_down) > len(hidden):
        raise SampleError("More hidden places than hidden cards.")

    # -- the deal ---------------------------------------------------------------------------------
    rng.shuffle(hidden)
    at = 0
    bettors = set(view.aggressors) - {s}
    still_in = sum(1 for p in panels if p.status in ("in", "all in"))
    for k, missing in open_slots:
        hand = hands[k]
        if k in bettors and missing and still_in > 1:
            _draw_a_betting_hand(hidden, at, missing, hand, community, view, still_in - 1, bits, suits, rng)
        for c in hidden[at:at + missing]:
            hand.insert(rng.randint(0, len(hand)), c)  # the known cards lie anywhere in it
        at += missing
    for i in face_down:
        community[i] = hidden[at]
        at += 1
    deck = hidden[at:]

    # -- the table ----------------------------------------------------------------------------------
    result = view.result
    level = view.current_bet if betting_now else 0
    wagers = view.max_raises + 1 - view.raises_left if betting_now else 0
    betting_round = view.betting_round if betting_now else None
    if betting_now and betting_round is None:
        raise SampleError("A betting phase with no betting round.")
    return PokerState(
        cards=cards, cids=cids, bits=bits, suits=suits, names=tuple(p.name for p in panels),
        bots=tuple(p.is_bot for p in panels), ante=view.ante, small_bet=view.small_bet, big_bet=view.big_bet,
        max_raises=view.max_raises, max_hands=view.hand_limit, opening=(),
        rng=rand.seed_state(rng.getrandbits(64)), phase=phase, hand_no=view.hand_number, dealer=view.dealer,
        chips=[p.chips for p in panels], hands_won=[p.hands_won for p in panels], deck=deck, hands=hands,
        community=community,  # type: ignore[arg-type]  # every place is dealt now
        face_up=view.community_face_up,
        in_hand=[p.cards > 0 for p in panels],
        folded=[p.status == "folded" for p in panels],
        committed=[p.in_pot for p in panels],
        betting_round=betting_round if betting_round is not None else (view.swap_round or 0),
        swap_round=(betting_round - 1) if betting_round is not None else (view.swap_round or 0),
        round_bet=[p.round_bet for p in panels],
        level=level,
        wagers=wagers,
        acted=[p.acted for p in panels],
        may_raise=[p.may_raise for p in panels],
        actor=view.actor if phase in ("betting", "swap") and view.actor is not None else -1,
        aggressors=list(view.aggressors),
        shown=list(view.showdown_order),
        awards=[Award(a.pot, a.amount, a.winners, a.hand, a.returned) for a in view.awards],
        next_dealer=view.actor if phase == "hand_over" and view.actor is not None else -1,
        stopping=view.stopping,
        stopped_by=-1,  # not shown; nothing depends on it
        end_reason=result.notes[0] if result is not None and result.notes else "",
        labels=labels,
        known=tuple(known),
    )


_REDRAWS = 6  # tries at a hand that bets, before a bettor keeps whatever it was dealt
_GUESSES = 3  # communities imagined for a bettor before the reveal (the greedy player imagines 12)


def _draw_a_betting_hand(
    hidden: list[int], at: int, missing: int, known: list[int], community: list[int | None], view: PokerView,
    opponents: int, bits: tuple[int, ...], suits: tuple[int, ...], rng: random.Random,
) -> None:
    """Reorder `hidden` from `at` so that its `missing` cards there, with `known`, make a hand
    the greedy player bets with, if one of a few draws does; the rest stays shuffled."""
    end = at + missing
    face_up = view.community_face_up
    swaps = (1 if view.betting_round == 2 else 0) if face_up else 2
    size = len(hidden)
    if face_up:
        guesses = [[(bits[c], suits[c]) for c in community if c is not None]]
    else:  # a few guesses at the community: cards of this world's deck, beyond the hands
        guesses = [[(bits[c], suits[c]) for c in hidden[size - 5 * g - 5:size - 5 * g]] for g in range(_GUESSES)]
        if end > size - 5 * _GUESSES:
            return  # no room to guess: keep the deal
    for _ in range(_REDRAWS):
        cards = [(bits[c], suits[c]) for c in (*known, *hidden[at:end])]
        if len(cards) != 5:
            return
        chance = sum(beat_chance(after_swaps(cards, seen, swaps)) for seen in guesses) / len(guesses)
        if chance ** opponents >= BET_CHANCE:
            return
        for i in range(at, end):  # another draw for this seat from the cards not dealt yet
            j = rng.randrange(i, size)
            hidden[i], hidden[j] = hidden[j], hidden[i]


# -- evaluating a position -------------------------------------------------------------------------


def evaluate(state: PokerState, seat: int) -> float:
    """What the position is worth to `seat`, in [0, 1], for a playout cut short.

    Its share of all the chips at the table once the hand under way is settled as
    if every player still in showed down now with the cards they hold (the pots
    split by the engine's own rules, before any later swap or bet). Between
    hands this is simply its share of the chips. A finished session gives 1 to a
    sole winner, 1/k to each of k tied ones, and 0 to the others.
    """
    chips = state.chips
    if state.phase == "over":
        best = max(chips)
        return 0.0 if chips[seat] < best else 1.0 / chips.count(best)
    committed = state.committed
    total = sum(chips) + sum(committed)
    if not total:
        return 0.0
    mine: float = chips[seat]
    pot = sum(committed)
    if pot and state.phase != "hand_over" and state.in_hand[seat] and not state.folded[seat]:
        contenders = state.contenders()
        if len(contenders) == 1:
            mine += pot
        else:
            hands, bits, suits = state.hands, state.bits, state.suits
            values = {c: hand_value(hands[c], bits, suits) for c in contenders}
            all_in = [c == 0 for c in chips]
            for amount, eligible in layers(committed, contenders, all_in):
                if seat in eligible:
                    best = max(values[c] for c in eligible)
                    if values[seat] == best:
                        mine += amount / sum(1 for c in eligible if values[c] == best)
    return mine / total


def rollout_done(start: PokerState, state: PokerState) -> bool:
    """Whether a playout begun at `start` may stop at `state` and be scored by `evaluate`:
    the hand under way at the start is settled (or the session is over)."""
    return state.phase in ("hand_over", "over") or state.hand_no != start.hand_no
