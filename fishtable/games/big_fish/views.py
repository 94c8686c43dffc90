"""What one seat may see of a Big Fish game. No field here can hold a hidden card.

A hand is cards only in its owner's view (`hand`) and a count everywhere else;
the Draw Deck and the Event Deck are counts (the event order never appears).
A secret choice of a simultaneous phase shows only in the chooser's own view
(`set_aside`, `chosen_fish`) until everyone has chosen.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from fishtable.engine.fast import trusted
from fishtable.engine.identity import PerObject
from fishtable.engine.protocol import Prompt, Result
from fishtable.games.big_fish.cards import BIG, SIZE_WORDS, Card, Colour, EventCard, SizeWord, StepName
from fishtable.games.big_fish.common import event_text, ice_points, plural, spot_points, wild_text
from fishtable.games.big_fish.dispatch import pending
from fishtable.games.big_fish.scoring import result
from fishtable.games.big_fish.state import STEPS, BFState
from fishtable.games.big_fish.tables import table_key


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardFace(_View):
    """A fish or wild card face up. Fish carry their points per size, Larval first."""

    id: str
    type: Literal["fish", "wild"]
    name: str
    points: tuple[int, int, int, int] | None = None  # fish: Larval, Juvenile, Medium, Big
    bag: bool = False  # fish: bag-limited in hard mode
    colour: Colour | None = None  # wild
    step: StepName | None = None  # wild: the step a coloured card works in
    effect: str | None = None  # wild: its effect type ("extra_catch", "steal", ...)
    text: str = ""  # wild: what it does, in words
    blocks: tuple[str, ...] = ()  # a protect card: the black effect types it keeps off its owner's fish
    label: str  # short face text: "Flounder (0/1/2/4)", "Fishing Rod (yellow)"


class SpotFish(_View):
    """A fish in a Fishing Spot, at its size."""

    card: CardFace
    size: int  # 0 Larval .. 3 Big
    size_word: SizeWord
    points: int  # printed points at this size: what catching it now would score
    grown_this_turn: bool  # may not grow again this turn (BF-GROW-3)
    label: str  # "Flounder — Big (4)"


class SpotWild(_View):
    """A wild card lying in a Fishing Spot."""

    card: CardFace
    colour: str
    step: StepName | None  # None for the black card that stays
    active: bool  # working now; a coloured card starts on its owner's next turn
    label: str


class CaughtFish(_View):
    """A fish in an Ice Box, at the size it was caught."""

    card: CardFace
    size: int
    size_word: SizeWord
    points: int
    label: str


class SeatPanel(_View):
    seat: int
    name: str
    is_bot: bool
    hand_size: int
    spot: tuple[SpotFish, ...]
    big_fish: int
    wilds: tuple[SpotWild, ...]
    ice: tuple[CaughtFish, ...]
    ice_points: int
    spot_points: int  # what the Fishing Spot would score if the game ended now
    caught_this_round: int
    first_player: bool
    active: bool  # taking their turn
    status: Literal["playing", "choosing", ""]  # "choosing": owes a secret choice now
    # What the whole table knows of the hand (the cards set aside in secret count as held):
    known: tuple[CardFace, ...] = ()  # cards everyone saw this seat take from the Face-Up row
    # The other cards held, counted by the Draw Deck they were drawn from: [0] the opening deal
    # and deck, [i] the deck made at the i-th reshuffle (see `BigFishView.reshuffles`).
    hand_sources: tuple[int, ...] = ()


class StepView(_View):
    """The step in progress: what it allows and how much is done ("3 Big Fish: draw 3 — 2 taken")."""

    seat: int
    step: StepName
    number: int  # 1..5
    big_fish: int  # Big Fish when the step began
    extra: int  # from working wild cards
    allowed: int
    taken: int
    text: str


class EventFace(_View):
    id: str
    name: str
    effect: str
    text: str
    label: str


class BigFishView(_View):
    game: Literal["big-fish"] = "big-fish"
    seat: int | None  # None: the public table
    round: int
    phase: Literal["place", "turn", "shrink", "event", "discard", "over"]
    hard_mode: bool
    first_player: int
    active_seat: int | None
    seats: tuple[SeatPanel, ...]
    face_up: tuple[CardFace, ...]
    face_up_size: int  # a full row: players + 2
    deck_size: int
    discard_size: int
    discard: tuple[CardFace, ...]  # face up (BF-Q-18), top last
    event_deck_size: int
    events_revealed: int
    last_event: EventFace | None
    resolving: str  # the card whose choices are being made ("Heat Wave", "Warm Current"), or ""
    step: StepView | None
    hand: tuple[CardFace, ...] | None  # own view only
    set_aside: tuple[CardFace, ...]  # own view: cards chosen in secret, not yet revealed
    placed: tuple[SpotFish, ...]  # own view, opening placement: the fish chosen so far, at their sizes
    chosen_fish: tuple[str, ...]  # own view: fish ids chosen in secret, not yet revealed
    prompt: Prompt | None
    result: Result | None
    # Public history, for the search bots' samplers (BF-Q-10, BF-Q-18):
    card_set: str = ""  # a digest naming the card table in play (see tables.py)
    revealed_events: tuple[str, ...] = ()  # every event revealed so far, oldest first
    reshuffles: tuple[tuple[str, ...], ...] = ()  # the face-up discard pile each new Draw Deck was made of


# -- building a seat's view: the only way game information leaves the engine ----------------



def face(card: Card) -> CardFace:
    if card.type == "fish":
        p = card.points  # Larval, Juvenile, Medium, Big: four, as the card file's model requires
        return CardFace(id=card.cid, type="fish", name=card.name, points=(p[0], p[1], p[2], p[3]), bag=card.bag,
                        label=card.label)
    return CardFace(id=card.cid, type="wild", name=card.name, colour=card.colour or None, step=card.step or None,
                    effect=card.effect, text=wild_text(card), blocks=card.against, label=card.label)


# faces(cards): every card's face, built once per card table.
faces: PerObject[tuple[Card, ...], tuple[CardFace, ...]] = PerObject(lambda cards: tuple(map(face, cards)), limit=256)


def event_face(ev: EventCard) -> EventFace:
    text = event_text(ev)
    return EventFace(id=ev.cid, name=ev.name, effect=ev.effect, text=text, label=f"{ev.name}: {text}")


# The turn's step in a line, by step: {base} is the Big Fish count (and the wild cards' extras).
_STEP_TEXTS = {
    "draw": "{base}{capped}: draw {allowed} — {taken} taken so far",
    "spawn": "{base}: spawn up to {allowed} — {taken} spawned so far",
    "grow": "{base}: up to {steps} — {taken} used so far",
    "catch": "Catch up to {allowed} fish{extras} — {taken} caught so far",
}


def step_text(state: BFState) -> str:
    step, bigs, extra, allowed, taken = state.step, state.big_count, state.extra, state.allowed, state.taken
    text = _STEP_TEXTS.get(step)
    if text is None:
        return "Play up to 1 wild card" + (" — played" if taken else "")
    return text.format(
        base=f"{bigs} Big Fish" + (f" + {extra} from wild cards" if extra else ""),
        capped=" (at most 5 from Big Fish)" if bigs > 5 else "",
        extras=f" ({extra} extra from wild cards)" if extra else "",
        steps=plural(allowed, "growth step"), allowed=allowed, taken=taken,
    )


def _panel(state: BFState, seat: int, all_faces: tuple[CardFace, ...], waiting: set[int]) -> SeatPanel:
    sizes = state.sizes
    cards = state.cards
    grown = state.grown if seat == state.seat else ()
    spot = [_spot_fish(state, c, all_faces, c in grown) for c in state.spots[seat]]
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
        size, word, pts, label = _at_size(state, c)
        ice.append(trusted(CaughtFish, card=all_faces[c], size=size, size_word=word, points=pts, label=label))
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


def _at_size(state: BFState, fish: int) -> tuple[int, SizeWord, int, str]:
    """A fish at its size in a spot or an Ice Box: (size, its word, points, label)."""
    size = state.sizes[fish]
    word = SIZE_WORDS[size]
    card = state.cards[fish]
    pts = card.points[size]
    return size, word, pts, f"{card.name} — {word} ({pts})"


def _spot_fish(state: BFState, fish: int, all_faces: tuple[CardFace, ...], grown: bool) -> SpotFish:
    size, word, pts, label = _at_size(state, fish)
    return trusted(SpotFish, card=all_faces[fish], size=size, size_word=word, points=pts, grown_this_turn=grown,
                   label=label)


def _placed(state: BFState, seat: int, all_faces: tuple[CardFace, ...]) -> tuple[SpotFish, ...]:
    placed = sorted(state.aside[seat], key=lambda c: -state.sizes[c])  # Big first, as they will lie
    return tuple(_spot_fish(state, c, all_faces, False) for c in placed)


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
