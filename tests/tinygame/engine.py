"""High Card's rules: a secret simultaneous pick per round, a public reveal, a score."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from fishtable.engine import rng
from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import Capabilities, Event, Prompt, Result, ScoreLine, SeatInfo

DECK = 15  # cards 1..15
HAND = 5


class HighCardOptions(BaseModel):
    """One field of every kind the setup form knows."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rounds: int = Field(3, ge=1, le=5, title="Rounds", description="how many cards each player plays")
    low_wins: bool = Field(False, title="Low card wins", description="the lowest unmatched card scores instead")
    tie_rule: Literal["nobody", "everyone"] = Field(
        "nobody", title="Matched cards", description="who scores when every card is matched"
    )
    colours: tuple[Literal["red", "blue", "green"], ...] = Field(
        ("red",), title="Card colours", description="at least one"
    )
    bonus_round: int | None = Field(None, ge=1, le=5, title="Bonus round", description="scores double")

    @field_validator("colours")
    @classmethod
    def _some_colour(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if not value:
            raise ValueError("choose at least one colour")
        return value


class Pick(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["pick"] = "pick"
    card: int


Action = Annotated[Pick, Field(discriminator="kind")]
ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)


class PublicSeat(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    hand_size: int
    ready: bool
    score: int
    last_pick: int | None


class HighCardView(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    seat: int | None
    round: int
    rounds: int
    seats: tuple[PublicSeat, ...]
    hand: tuple[int, ...] | None  # own view only
    # What a player at the table knows besides: the rules chosen, every card revealed so
    # far (in order), and its own secret pick of this round (own view only).
    options: HighCardOptions | None = None
    played: tuple[int, ...] = ()
    my_pick: int | None = None


@dataclass(slots=True)
class State:
    names: tuple[str, ...]
    options: HighCardOptions
    rng: int
    round: int
    hands: list[list[int]]
    picks: list[int | None]
    last: list[int | None]
    scores: list[int]
    played: list[int] = field(default_factory=list)

    def clone(self) -> State:
        return State(self.names, self.options, self.rng, self.round, [h[:] for h in self.hands],
                     self.picks[:], self.last[:], self.scores[:], self.played[:])


def _event(kind: str, text: str, to: tuple[int, ...] | None = None, news: bool = False) -> Event:
    return Event(kind=kind, text=text, visible_to=to, news=news)


class HighCard:
    name = "high-card"
    title = "High Card"
    min_players = 2
    max_players = 3

    def __init__(self) -> None:
        self.capabilities: Capabilities[State, HighCardView, Pick] = Capabilities(
            sample_world=self.sample_world, round_of=lambda view: view.round)

    def options_model(self) -> type[HighCardOptions]:
        return HighCardOptions

    def prepare_options(self, options: HighCardOptions) -> HighCardOptions:
        return options

    def new_game(self, options: HighCardOptions, seats: Sequence[SeatInfo], seed: int) -> State:
        state, deck = rng.shuffled(rng.seed_state(seed), list(range(1, DECK + 1)))
        hands = [sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(len(seats))]
        n = len(seats)
        return State(tuple(s.name for s in seats), options, state, 1, hands, [None] * n, [None] * n, [0] * n)

    def opening_events(self, state: State) -> list[Event]:
        return [_event("round", "Round 1: everyone picks a card in secret.")]

    def pending(self, state: State) -> dict[int, Prompt]:
        if state.round > state.options.rounds:
            return {}
        return {
            s: Prompt(seat=s, kind="pick", text="Pick a card in secret.", private=True, simultaneous=True)
            for s in range(len(state.names)) if state.picks[s] is None
        }

    def legal_actions(self, state: State, seat: int) -> list[Pick]:
        if seat not in self.pending(state):
            return []
        return [Pick(card=c) for c in state.hands[seat]]

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        if seat not in self.pending(state):
            raise IllegalAction("You have nothing to decide right now.")
        if action.card not in state.hands[seat]:
            raise IllegalAction(f"Card {action.card} is not in your hand.")
        new = state.clone()
        new.hands[seat].remove(action.card)
        new.picks[seat] = action.card
        events = [_event("pick", f"{new.names[seat]} is ready.")]
        if all(p is not None for p in new.picks):
            events += self._reveal(new)
        return new, events

    def _reveal(self, state: State) -> list[Event]:
        picks = [p for p in state.picks if p is not None]
        shown = ", ".join(f"{n} {p}" for n, p in zip(state.names, picks, strict=True))
        events = [_event("reveal", f"The cards: {shown}.", news=True)]
        unmatched = [p for p in picks if picks.count(p) == 1]
        points = 2 if state.options.bonus_round == state.round else 1
        if unmatched:
            best = min(unmatched) if state.options.low_wins else max(unmatched)
            winner = picks.index(best)
            state.scores[winner] += points
            events.append(_event("score", f"{state.names[winner]} scores {points}.", news=True))
        elif state.options.tie_rule == "everyone":
            for s in range(len(picks)):
                state.scores[s] += points
            events.append(_event("score", "Every card is matched: everyone scores.", news=True))
        state.last = list(state.picks)
        state.played += picks
        state.picks = [None] * len(picks)
        state.round += 1
        if state.round <= state.options.rounds:
            events.append(_event("round", f"Round {state.round}: everyone picks a card in secret."))
        return events

    def view(self, state: State, seat: int | None) -> HighCardView:
        return HighCardView(
            seat=seat,
            round=min(state.round, state.options.rounds),
            rounds=state.options.rounds,
            seats=tuple(
                PublicSeat(name=n, hand_size=len(state.hands[s]), ready=state.picks[s] is not None,
                           score=state.scores[s], last_pick=state.last[s])
                for s, n in enumerate(state.names)
            ),
            hand=tuple(state.hands[seat]) if seat is not None else None,
            options=state.options,
            played=tuple(state.played),
            my_pick=state.picks[seat] if seat is not None else None,
        )

    def sample_world(self, view: HighCardView, rng: Any) -> State:
        """A full state as `view.seat` may imagine it: every card it cannot see dealt at random.

        The unseen cards (neither in its hand, nor its secret pick, nor revealed) go to
        the other hands, and to the secret picks of the seats that are ready.
        """
        seat = view.seat
        if seat is None or view.hand is None or view.options is None:
            raise ValueError("sample_world needs a seat's own view.")
        seen = {*view.hand, *view.played}
        if view.my_pick is not None:
            seen.add(view.my_pick)
        unseen = [c for c in range(1, DECK + 1) if c not in seen]
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        picks: list[int | None] = []
        for s, panel in enumerate(view.seats):
            if s == seat:
                hands.append(list(view.hand))
                picks.append(view.my_pick)
                continue
            hands.append(sorted(unseen[: panel.hand_size]))
            del unseen[: panel.hand_size]
            picks.append(unseen.pop() if panel.ready else None)
        n = len(view.seats)
        return State(
            names=tuple(p.name for p in view.seats),
            options=view.options,
            rng=rng.getrandbits(32),
            round=len(view.played) // n + 1,
            hands=hands,
            picks=picks,
            last=[p.last_pick for p in view.seats],
            scores=[p.score for p in view.seats],
            played=list(view.played),
        )

    def result(self, state: State) -> Result | None:
        if state.round <= state.options.rounds:
            return None
        top = max(state.scores)
        return Result(
            scores=tuple(ScoreLine(seat=s, name=n, parts=(("points", state.scores[s]),), total=state.scores[s])
                         for s, n in enumerate(state.names)),
            winners=tuple(s for s, v in enumerate(state.scores) if v == top),
        )

    def parse_action(self, data: Any) -> Pick:
        return ADAPTER.validate_python(data)

    def state_hash(self, state: State) -> str:
        key = (state.names, state.rng, state.round, state.hands, state.picks, state.last, state.scores)
        return hashlib.sha256(repr(key).encode()).hexdigest()


GAME = HighCard()
