"""Building a seat's view: the only way game information leaves the engine."""

from __future__ import annotations

from fishtable.games.crazy_fishing import catching, collecting, sea
from fishtable.games.crazy_fishing.cards import INFINITE, Card
from fishtable.games.crazy_fishing.casting import hand_counts, speed_of
from fishtable.games.crazy_fishing.common import EFFECT_NAMES, raw_bait, top_effect
from fishtable.games.crazy_fishing.rules import pending
from fishtable.games.crazy_fishing.scoring import result
from fishtable.games.crazy_fishing.state import CFState
from fishtable.games.crazy_fishing.views import (
    CardFace,
    CrazyFishingView,
    Peek,
    Remembered,
    RevealedCast,
    SeaFish,
    SeatPanel,
    TurnView,
)


def face(card: Card) -> CardFace:
    is_fish = card.type == "fish"
    return CardFace(
        id=card.cid,
        type=card.type,
        name=card.name,
        value=None if card.value >= INFINITE else card.value,
        plus=card.plus,
        special=card.fish_kind if is_fish else card.special,
        effect=card.special if is_fish and card.oos else None,
        three_plus=card.three_plus,
        label=card.label,
    )


def _cast_view(state: CFState, seat: int) -> RevealedCast | None:
    cast = state.casts[seat]
    if cast is None:
        return None
    rods, baits = cast
    # Fish-as-bait choices stay secret, value included, until everyone has chosen (CF-Q-29).
    fish = state.fish_bait[seat] if state.phase != "fish_bait" else None
    bait = 2 * state.cards[fish].value if fish is not None else raw_bait(state, baits)
    return RevealedCast(
        rods=tuple(face(state.cards[c]) for c in rods),
        baits=tuple(face(state.cards[c]) for c in baits),
        fish_bait=face(state.cards[fish]) if fish is not None and state.phase != "fish_bait" else None,
        speed=speed_of(state, seat),
        bait=None if bait >= INFINITE else bait,
        blank=not rods or (not baits and fish is None),
    )


def _status(state: CFState, seat: int, waiting: set[int]) -> str:
    if state.phase in ("cast", "fish_bait"):
        return "choosing" if seat in waiting else "ready"
    if state.phase == "catch":
        if state.turn is not None and state.turn.seat == seat:
            return "fishing"
        if seat in waiting:
            return "choosing"
        return "waiting" if seat in state.order[state.turn_index :] else "done"
    if state.phase == "collect":
        if seat == collecting.current_collector(state):
            return "collecting"
        return "ready" if state.casts[seat] is not None else ""  # cast early for the next round
    return ""


def _effects(state: CFState, seat: int, viewer: int | None) -> tuple[str, ...]:
    out = []
    effect = top_effect(state, seat)
    if effect:
        out.append(EFFECT_NAMES[effect])
    # Only the owner may know of a Prawn buried in their pile (CF-CATCH-9); others see it on top.
    pile = state.piles[seat] if viewer == seat else state.piles[seat][-1:]
    if any(state.cards[c].special == "prawn" and state.cards[c].oos for c in pile):
        out.append(EFFECT_NAMES["prawn"])
    return tuple(out)


def build_view(state: CFState, seat: int | None) -> CrazyFishingView:
    prompts = pending(state)
    waiting = set(prompts)
    cards = state.cards
    # Casts are face down in Cast, before the fish-bait choices are shown, and in Collect
    # (where the only casts are those made early for the next round).
    secret_cast = state.phase in ("cast", "collect") or (state.phase == "fish_bait" and not state.revealed)
    panels = []
    for s in range(state.n):
        if (state.phase == "cast" or (state.phase == "collect" and state.casts[s] is not None)) \
                and state.frozen_counts:
            rods, baits = state.frozen_counts[s]  # CF-Q-14: frozen from the seat's cast until the reveal
        else:
            rods, baits = hand_counts(state, s)
        pile = state.piles[s]
        panels.append(SeatPanel(
            seat=s,
            name=state.names[s],
            is_bot=state.bots[s],
            hand_size=rods + baits,
            hand_rods=rods,
            hand_baits=baits,
            pile_size=len(pile),
            pile_top=face(cards[pile[-1]]) if pile else None,
            status=_status(state, s, waiting),
            cast=None if secret_cast else _cast_view(state, s),
            effects=_effects(state, s, seat),
            catch_position=state.order.index(s) + 1 if s in state.order else None,
            # The scores are counted from the piles: at the end every catch is shown.
            pile=tuple(face(cards[c]) for c in pile) if state.phase == "over" else None,
            caught_this_round=sum(1 for _, owner in state.caught_round if owner == s),
        ))
    turn = state.turn
    own_turn = turn is not None and seat == turn.seat
    # Which fish the fisher may pick is public: the cast lies face up (Bait Bucket or not).
    can_pick = set(catching.selectable(state)) if turn is not None and turn.stage in ("choose", "pair") else set()
    label = state.layout.label
    pos = state.layout.pos
    sea_view = [
        SeaFish(label=label[c], x=pos[c][0], y=pos[c][1], back=cards[c].back,
                covered=sea.is_covered(state, c), beside=False, selectable=c in can_pick)
        for c in state.sea
    ] + [
        SeaFish(label=label[c], x=pos[c][0], y=pos[c][1], back=cards[c].back, covered=False,
                beside=True, selectable=c in can_pick)
        for c in state.beside
    ]
    turn_view = None
    in_sea = set(state.sea) | set(state.beside)
    if turn is not None:
        turn_view = TurnView(
            seat=turn.seat,
            stage=turn.stage,
            looks_left=turn.looks_left,
            shuffles_left=turn.shuffles_left,
            bait_bucket=turn.bucket,
            reel=turn.reel,
            flipped=tuple(face(cards[c]) for c in turn.targets),
            flipped_labels=tuple(label[c] for c in turn.targets),
            bait_groups=tuple(tuple(face(cards[c]) for c in g) for g in turn.groups),
            looked=tuple(label[c] for c in turn.peeks if c in in_sea),
            flipped_covered=tuple(c in turn.overlapped for c in turn.targets),
            pair_bait=tuple(face(cards[c]) for c in turn.pair_group) if turn.stage == "pair" else (),
            puffer_waiting=tuple(state.puffer_waiting) if turn.stage == "puffer" else (),
        )
    my_cast = hand = my_pile = my_fish_bait = my_puffer_rod = prompt = None
    if seat is not None:  # what only this seat sees
        if secret_cast and state.casts[seat] is not None:
            my_cast = _cast_view(state, seat)
        hand = tuple(face(cards[c]) for c in state.hands[seat])
        my_pile = tuple(face(cards[c]) for c in state.piles[seat])
        bait_fish = state.fish_bait[seat]
        if state.phase == "fish_bait" and bait_fish is not None:
            my_fish_bait = face(cards[bait_fish])
        my_puffer_rod = next((face(cards[r]) for s, r in state.puffer_picks if s == seat), None)
        prompt = prompts.get(seat)
    peeks: tuple[Peek, ...] = ()
    if turn is not None and own_turn:
        # A look is kept only while that fish is still in the sea.
        peeks = tuple(Peek(label=label[c], fish=face(cards[c])) for c in turn.peeks if c in in_sea)
    return CrazyFishingView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        seats=tuple(panels),
        sea=tuple(sea_view),
        sea_count=sea.fish_count(state),
        sea_width=sea.SEA_WIDTH,
        sea_height=sea.SEA_HEIGHT,
        card_width=sea.CARD_WIDTH,
        card_height=sea.CARD_HEIGHT,
        rod_deck=len(state.rod_deck),
        bait_deck=len(state.bait_deck),
        rod_discard=len(state.rod_discard),
        bait_discard=len(state.bait_discard),
        rod_discard_top=face(cards[state.rod_discard[-1]]) if state.rod_discard else None,
        bait_discard_top=face(cards[state.bait_discard[-1]]) if state.bait_discard else None,
        catch_order=tuple(state.order),
        order_notes=tuple(state.order_notes),
        turn=turn_view,
        hand=hand,
        pile=my_pile,
        my_cast=my_cast,
        peeks=peeks,
        remembered=tuple(Remembered(label=label[c], size=cards[c].value) for c in state.seen if c in in_sea),
        prompt=prompt,
        result=result(state),
        my_fish_bait=my_fish_bait,
        my_puffer_rod=my_puffer_rod,
        cards_in_play=cards,
    )
