"""What one seat may see of a Crazy Fishing game. No field here can hold a hidden card.

A sea fish appears only as its back and label; a hand or pile appears as
cards only in its owner's view and as counts otherwise; a face-down cast
appears only as "ready". (`cards_in_play` lists every card of the game, as the
box does, never where one lies.)
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SkipValidation

from fishtable.engine.fast import trusted
from fishtable.engine.identity import PerObject
from fishtable.engine.protocol import Prompt, Result
from fishtable.games.crazy_fishing import catching, collecting, sea
from fishtable.games.crazy_fishing.cards import INFINITE, Card
from fishtable.games.crazy_fishing.casting import hand_counts, speed_of
from fishtable.games.crazy_fishing.common import EFFECT_NAMES, raw_bait, top_effect
from fishtable.games.crazy_fishing.dispatch import pending
from fishtable.games.crazy_fishing.scoring import result
from fishtable.games.crazy_fishing.state import CFState

# What a face in a view is worth in hand, for the computer players, which read views only.
from fishtable.games.crazy_fishing.worth import card_worth as card_worth
from fishtable.games.crazy_fishing.worth import rod_quality as rod_quality


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardFace(_View):
    """A card face up. `value` None means infinite (the Most Tempting Bait)."""

    id: str
    type: Literal["fish", "rod", "bait"]
    name: str
    value: int | None
    plus: bool = False
    special: str | None = None  # rod/bait special; fish kind (fish, boot, pearl, monster, oos)
    effect: str | None = None  # out-of-series fish effect
    three_plus: bool = False
    label: str  # short face text: "4+", "∞", "Hake (5)"


class SeaFish(_View):
    """A fish card in the sea, face down: where it lies and what its back says."""

    label: int
    x: int
    y: int
    back: str
    covered: bool  # another card lies on top of it
    beside: bool  # lying beside the sea after a failed Bait Bucket attempt
    selectable: bool  # the player fishing now may choose it


class RevealedCast(_View):
    rods: tuple[CardFace, ...]
    baits: tuple[CardFace, ...]
    fish_bait: CardFace | None = None
    speed: int
    bait: int | None  # None: infinite
    blank: bool = False


class SeatPanel(_View):
    seat: int
    name: str
    is_bot: bool
    hand_size: int
    hand_rods: int
    hand_baits: int
    pile_size: int
    pile_top: CardFace | None
    status: str  # "choosing", "ready", "fishing", "done", "collecting", ""
    cast: RevealedCast | None  # face up from the reveal until discarded
    effects: tuple[str, ...]  # active out-of-series effects in words
    catch_position: int | None  # 1-based place in this round's catch order
    pile: tuple[CardFace, ...] | None = None  # the whole catch pile, public once the game is over
    # Fish this seat has caught this round (each catch is announced): the top ones of its pile.
    caught_this_round: int = 0


class TurnView(_View):
    seat: int
    stage: Literal["choose", "pick_bait", "split", "pair", "between", "finish", "puffer"]
    looks_left: int
    shuffles_left: int
    bait_bucket: bool
    reel: bool  # this turn may take two fish
    flipped: tuple[CardFace, ...]  # fish turned over and waiting to be resolved
    flipped_labels: tuple[int, ...]  # their sea labels, in the same order
    bait_groups: tuple[tuple[CardFace, ...], ...]  # Reel split, once chosen
    # What the table saw of this turn, for computer players (the app shows it otherwise):
    looked: tuple[int, ...] = ()  # sea labels looked at with the Fish Finder (not their fronts)
    flipped_covered: tuple[bool, ...] = ()  # each flipped fish was covered when chosen
    pair_bait: tuple[CardFace, ...] = ()  # A Pair of Fish: the bait for the extra attempt
    puffer_waiting: tuple[int, ...] = ()  # Puffer Fish: seats still to answer in secret


class Peek(_View):
    label: int
    fish: CardFace


class Remembered(_View):
    """A face-down fish whose size the whole table saw, by its sea label."""

    label: int
    size: int


class CrazyFishingView(_View):
    """One seat's view. `sea` lists fish bottom card first, so later ones are drawn on top."""

    game: Literal["crazy-fishing"] = "crazy-fishing"
    seat: int | None  # None: the public table
    round: int
    phase: Literal["cast", "fish_bait", "catch", "collect", "over"]
    seats: tuple[SeatPanel, ...]
    sea: tuple[SeaFish, ...]
    sea_count: int
    sea_width: int
    sea_height: int
    card_width: int
    card_height: int
    rod_deck: int
    bait_deck: int
    rod_discard: int
    bait_discard: int
    rod_discard_top: CardFace | None
    bait_discard_top: CardFace | None
    catch_order: tuple[int, ...]
    order_notes: tuple[str, ...]
    turn: TurnView | None
    hand: tuple[CardFace, ...] | None  # own view only
    pile: tuple[CardFace, ...] | None  # own view only
    my_cast: RevealedCast | None  # own committed cast, before the reveal
    peeks: tuple[Peek, ...]  # own Fish Finder looks this turn
    # Public memory: the sizes of fish whose front everyone saw (an escape, the Smart Bream)
    # and that lie face down where they went back, until the next shuffle. Sizes only, no
    # card: the fish shows its back (CF-CATCH-8). For computer players; the app does not
    # list it (CF-Q-16: for people, remembering them is part of the game).
    remembered: tuple[Remembered, ...] = ()
    prompt: Prompt | None
    result: Result | None
    # Own secret answers not yet revealed to the table (own view only): the fish chosen
    # as bait with an out-of-series rod (None: the bait cards are kept), and the rod
    # chosen for the Puffer Fish.
    my_fish_bait: CardFace | None = None
    my_puffer_rod: CardFace | None = None
    # The cards in play (the game's card table: its faces and fish backs, not where any
    # card is), public like the box and the options. Not in dumps or JSON: the search
    # bots' world sampler reads it (sampler.py).
    cards_in_play: SkipValidation[tuple[Any, ...]] = Field(default=(), exclude=True, repr=False)


# -- building a seat's view: the only way game information leaves the engine ----------------

def face(card: Card) -> CardFace:
    is_fish = card.type == "fish"
    return trusted(
        CardFace,
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


# Every card's face, once per card table: a view shows the same frozen face for a card every time.
faces_of: PerObject[tuple[Card, ...], tuple[CardFace, ...]] = PerObject(lambda cards: tuple(face(c) for c in cards))


def _cast_view(state: CFState, seat: int) -> RevealedCast | None:
    cast = state.casts[seat]
    if cast is None:
        return None
    rods, baits = cast
    # Fish-as-bait choices stay secret, value included, until everyone has chosen (CF-Q-29).
    fish = state.fish_bait[seat] if state.phase != "fish_bait" else None
    bait = 2 * state.cards[fish].value if fish is not None else raw_bait(state, baits)
    faces = faces_of(state.cards)
    return trusted(
        RevealedCast,
        rods=tuple(faces[c] for c in rods),
        baits=tuple(faces[c] for c in baits),
        fish_bait=faces[fish] if fish is not None and state.phase != "fish_bait" else None,
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


# The sea's fish as views, made once per layout: a fish's view changes only with whether it is
# covered, beside the sea or selectable, and a search builds a view at every step of its
# playouts, over a sea that changes by a fish at a time. Views are frozen, so the views of
# one layout share them. One tuple, rebound at once: safe for the search's worker thread.
_made_fish: tuple[object, object, dict[tuple[int, bool, bool, bool], SeaFish]] = (None, None, {})


def _sea_view(state: CFState, can_pick: set[int]) -> tuple[SeaFish, ...]:
    global _made_fish
    cards, layout = state.cards, state.layout
    known = _made_fish
    if known[0] is not cards or known[1] is not layout:
        known = _made_fish = (cards, layout, {})
    made = known[2]
    free = set(sea.uncovered(state))
    out = []
    for beside, fish_here in ((False, state.sea), (True, state.beside)):
        for c in fish_here:
            key = (c, not beside and c not in free, beside, c in can_pick)
            fish = made.get(key)
            if fish is None:
                x, y = layout.pos[c]
                fish = made[key] = trusted(SeaFish, label=layout.label[c], x=x, y=y, back=cards[c].back,
                                           covered=key[1], beside=beside, selectable=key[3])
            out.append(fish)
    return tuple(out)


def build_view(state: CFState, seat: int | None) -> CrazyFishingView:
    prompts = pending(state)
    waiting = set(prompts)
    cards = state.cards
    faces = faces_of(cards)
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
        panels.append(trusted(
            SeatPanel,
            seat=s,
            name=state.names[s],
            is_bot=state.bots[s],
            hand_size=rods + baits,
            hand_rods=rods,
            hand_baits=baits,
            pile_size=len(pile),
            pile_top=faces[pile[-1]] if pile else None,
            status=_status(state, s, waiting),
            cast=None if secret_cast else _cast_view(state, s),
            effects=_effects(state, s, seat),
            catch_position=state.order.index(s) + 1 if s in state.order else None,
            # The scores are counted from the piles: at the end every catch is shown.
            pile=tuple(faces[c] for c in pile) if state.phase == "over" else None,
            caught_this_round=sum(1 for _, owner in state.caught_round if owner == s),
        ))
    turn = state.turn
    own_turn = turn is not None and seat == turn.seat
    # Which fish the fisher may pick is public: the cast lies face up (Bait Bucket or not).
    can_pick = set(catching.selectable(state)) if turn is not None and turn.stage in ("choose", "pair") else set()
    label = state.layout.label
    sea_view = _sea_view(state, can_pick)
    turn_view = None
    in_sea = set(state.sea) | set(state.beside)
    if turn is not None:
        turn_view = trusted(
            TurnView,
            seat=turn.seat,
            stage=turn.stage,
            looks_left=turn.looks_left,
            shuffles_left=turn.shuffles_left,
            bait_bucket=turn.bucket,
            reel=turn.reel,
            flipped=tuple(faces[c] for c in turn.targets),
            flipped_labels=tuple(label[c] for c in turn.targets),
            bait_groups=tuple(tuple(faces[c] for c in g) for g in turn.groups),
            looked=tuple(label[c] for c in turn.peeks if c in in_sea),
            flipped_covered=tuple(c in turn.overlapped for c in turn.targets),
            pair_bait=tuple(faces[c] for c in turn.pair_group) if turn.stage == "pair" else (),
            puffer_waiting=tuple(state.puffer_waiting) if turn.stage == "puffer" else (),
        )
    my_cast = hand = my_pile = my_fish_bait = my_puffer_rod = prompt = None
    if seat is not None:  # what only this seat sees
        if secret_cast and state.casts[seat] is not None:
            my_cast = _cast_view(state, seat)
        hand = tuple(faces[c] for c in state.hands[seat])
        my_pile = tuple(faces[c] for c in state.piles[seat])
        bait_fish = state.fish_bait[seat]
        if state.phase == "fish_bait" and bait_fish is not None:
            my_fish_bait = faces[bait_fish]
        my_puffer_rod = next((faces[r] for s, r in state.puffer_picks if s == seat), None)
        prompt = prompts.get(seat)
    peeks: tuple[Peek, ...] = ()
    if turn is not None and own_turn:
        # A look is kept only while that fish is still in the sea.
        peeks = tuple(trusted(Peek, label=label[c], fish=faces[c]) for c in turn.peeks if c in in_sea)
    return trusted(
        CrazyFishingView,
        game="crazy-fishing",
        seat=seat,
        round=state.round,
        phase=state.phase,
        seats=tuple(panels),
        sea=sea_view,
        sea_count=sea.fish_count(state),
        sea_width=sea.SEA_WIDTH,
        sea_height=sea.SEA_HEIGHT,
        card_width=sea.CARD_WIDTH,
        card_height=sea.CARD_HEIGHT,
        rod_deck=len(state.rod_deck),
        bait_deck=len(state.bait_deck),
        rod_discard=len(state.rod_discard),
        bait_discard=len(state.bait_discard),
        rod_discard_top=faces[state.rod_discard[-1]] if state.rod_discard else None,
        bait_discard_top=faces[state.bait_discard[-1]] if state.bait_discard else None,
        catch_order=tuple(state.order),
        order_notes=tuple(state.order_notes),
        turn=turn_view,
        hand=hand,
        pile=my_pile,
        my_cast=my_cast,
        peeks=peeks,
        remembered=tuple(trusted(Remembered, label=label[c], size=cards[c].value) for c in state.seen if c in in_sea),
        prompt=prompt,
        result=result(state),
        my_fish_bait=my_fish_bait,
        my_puffer_rod=my_puffer_rod,
        cards_in_play=cards,
    )
