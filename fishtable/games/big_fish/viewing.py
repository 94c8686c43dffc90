"""Building a seat's view: the only way game information leaves the engine."""

from __future__ import annotations

from fishtable.engine.fast import trusted
from fishtable.games.big_fish.cards import BIG, SIZE_WORDS, Card, EventCard
from fishtable.games.big_fish.common import event_text, ice_points, plural, spot_points, wild_text
from fishtable.games.big_fish.rules import pending
from fishtable.games.big_fish.scoring import result
from fishtable.games.big_fish.state import STEPS, BFState
from fishtable.games.big_fish.tables import table_key
from fishtable.games.big_fish.views import (
    BigFishView,
    CardFace,
    CaughtFish,
    EventFace,
    SeatPanel,
    SpotFish,
    SpotWild,
    StepView,
)

_faces: dict[int, tuple[tuple[Card, ...], tuple[CardFace, ...]]] = {}


def face(card: Card) -> CardFace:
    if card.type == "fish":
        p = card.points  # Larval, Juvenile, Medium, Big: four, as the card file's model requires
        return CardFace(id=card.cid, type="fish", name=card.name, points=(p[0], p[1], p[2], p[3]), bag=card.bag,
                        label=card.label)
    return CardFace(id=card.cid, type="wild", name=card.name, colour=card.colour or None, step=card.step or None,
                    effect=card.effect, text=wild_text(card), blocks=card.against, label=card.label)


def faces(cards: tuple[Card, ...]) -> tuple[CardFace, ...]:
    """Every card's face, built once per card table (the cache keeps the table alive, so ids stay unique)."""
    entry = _faces.get(id(cards))
    if entry is None or entry[0] is not cards:
        if len(_faces) > 256:
            _faces.clear()
        entry = _faces[id(cards)] = (cards, tuple(face(c) for c in cards))
    return entry[1]


def event_face(ev: EventCard) -> EventFace:
    text = event_text(ev)
    return EventFace(id=ev.cid, name=ev.name, effect=ev.effect, text=text, label=f"{ev.name}: {text}")


def step_text(state: BFState) -> str:
    step, bigs, extra, allowed, taken = state.step, state.big_count, state.extra, state.allowed, state.taken
    base = f"{bigs} Big Fish" + (f" + {extra} from wild cards" if extra else "")
    if step == "draw":
        capped = " (at most 5 from Big Fish)" if bigs > 5 else ""
        return f"{base}{capped}: draw {allowed} — {taken} taken so far"
    if step == "spawn":
        return f"{base}: spawn up to {allowed} — {taken} spawned so far"
    if step == "grow":
        return f"{base}: up to {plural(allowed, 'growth step')} — {taken} used so far"
    if step == "catch":
        return f"Catch up to {allowed} fish" + (f" ({extra} extra from wild cards)" if extra else "") + \
            f" — {taken} caught so far"
    return "Play up to 1 wild card" + (" — played" if taken else "")


def _panel(state: BFState, seat: int, all_faces: tuple[CardFace, ...], waiting: set[int]) -> SeatPanel:
    sizes = state.sizes
    cards = state.cards
    grown = state.grown if seat == state.seat else ()
    spot = []
    for c in state.spots[seat]:
        size = sizes[c]
        word = SIZE_WORDS[size]
        pts = cards[c].points[size]
        spot.append(trusted(SpotFish, card=all_faces[c], size=size, size_word=word, points=pts,
                            grown_this_turn=c in grown, label=f"{cards[c].name} — {word} ({pts})"))
    fresh = state.fresh[seat]
    wilds = []
    for c in state.wilds[seat]:
        card = cards[c]
        active = c not in fresh
        wilds.append(trusted(SpotWild, card=all_faces[c], colour=card.colour, step=card.step or None,
                             active=active,
                             label=f"{card.name} ({card.colour})" + ("" if active else ", from next turn")))
    ice = []
    for c in state.ice[seat]:
        size = sizes[c]
        word = SIZE_WORDS[size]
        pts = cards[c].points[size]
        ice.append(trusted(CaughtFish, card=all_faces[c], size=size, size_word=word, points=pts,
                           label=f"{cards[c].name} — {word} ({pts})"))
    active = state.phase in ("turn", "shrink") and seat == state.seat
    status = "choosing" if seat in waiting else ("playing" if active else "")
    known, sources = _held(state, seat, all_faces)
    return trusted(
        SeatPanel, seat=seat, name=state.names[seat], is_bot=state.bots[seat],
        # Cards chosen in secret still count as held until everyone has chosen.
        hand_size=len(state.hands[seat]) + len(state.aside[seat]),
        spot=tuple(spot), big_fish=sum(1 for c in state.spots[seat] if sizes[c] == BIG), wilds=tuple(wilds),
        ice=tuple(ice), ice_points=ice_points(state, seat), spot_points=spot_points(state, seat),
        caught_this_round=state.caught_round[seat], first_player=seat == state.first, active=active,
        status=status, known=known, hand_sources=sources,
    )


def _held(state: BFState, seat: int, all_faces: tuple[CardFace, ...]) -> tuple[tuple[CardFace, ...], tuple[int, ...]]:
    """Public knowledge of a hand: the cards seen taken into it, and the others counted by their deck."""
    origin = state.origin
    known = []
    sources = [0] * (len(state.pools) + 1)
    for c in (*state.hands[seat], *state.aside[seat]):
        o = origin[c]
        if o < 0:
            known.append(c)
        else:
            sources[o] += 1
    # In card order: the order in hand, or what was set aside, is nobody else's business.
    return tuple(all_faces[c] for c in sorted(known)), tuple(sources)


def _placed(state: BFState, seat: int, all_faces: tuple[CardFace, ...]) -> tuple[SpotFish, ...]:
    out = []
    for c in sorted(state.aside[seat], key=lambda c: -state.sizes[c]):
        size = state.sizes[c]
        pts = state.cards[c].points[size]
        out.append(SpotFish(card=all_faces[c], size=size, size_word=SIZE_WORDS[size], points=pts,
                            grown_this_turn=False, label=f"{state.cards[c].name} — {SIZE_WORDS[size]} ({pts})"))
    return tuple(out)


def build_view(state: BFState, seat: int | None) -> BigFishView:
    prompts = pending(state)
    waiting = set(state.waiting) if state.phase not in ("turn", "over") else set()
    all_faces = faces(state.cards)
    in_turn = state.phase in ("turn", "shrink")
    step = None
    if in_turn and state.step:
        step = trusted(StepView, seat=state.seat, step=state.step, number=STEPS.index(state.step) + 1,
                       big_fish=state.big_count, extra=state.extra, allowed=state.allowed, taken=state.taken,
                       text=step_text(state))
    resolving = ""
    if state.phase == "shrink":
        resolving = state.cards[state.resolving].name
    elif state.phase == "event":
        resolving = state.events[state.resolving].name
    last = state.events[state.event_seen[-1]] if state.event_seen else None
    hand = set_aside = placed = chosen = None
    if seat is not None:  # what only this seat sees
        hand = tuple(all_faces[c] for c in state.hands[seat])
        set_aside = tuple(all_faces[c] for c in state.aside[seat])
        placed = _placed(state, seat, all_faces) if state.phase == "place" else ()
        chosen = tuple(state.cids[c] for c in state.targets[seat])
    return BigFishView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        hard_mode=state.hard,
        first_player=state.first,
        active_seat=state.seat if in_turn else None,
        seats=tuple(_panel(state, s, all_faces, waiting) for s in range(state.n)),
        face_up=tuple(all_faces[c] for c in state.row),
        face_up_size=state.n + 2,
        deck_size=len(state.deck),
        discard_size=len(state.discard),
        discard=tuple(all_faces[c] for c in state.discard),
        event_deck_size=len(state.event_deck),
        events_revealed=len(state.event_seen),
        last_event=event_face(last) if last is not None else None,
        resolving=resolving,
        step=step,
        hand=hand,
        set_aside=set_aside or (),
        placed=placed or (),
        chosen_fish=chosen or (),
        prompt=prompts.get(seat) if seat is not None else None,
        result=result(state),
        card_set=table_key(state.cards, state.events),
        revealed_events=tuple(state.events[e].cid for e in state.event_seen),
        reshuffles=tuple(tuple(state.cids[c] for c in pool) for pool in state.pools),
    )
