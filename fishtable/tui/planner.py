"""The table's rhythm as a pure function: what the table must see next.

No Textual here. From what the flow may know of the match (the pending
prompts, the seats and which are computers, the event list with its news
flags and visibility, whether the game is over) and from what the table has
already been shown (`Marks`), `plan` returns the next `Step`. A driver shows
the step's screen, waits for its answer, and tells the planner what happened
(`shown`, `acted`, `claimed`). The rhythm, as CONTRIBUTING.md writes it:

1. After every applied action the public news it produced is on the next
   screen the table sees, before any private screen. A pass screen shows
   the news itself (it is public: the driver shows the public table with the
   news as the pass screen), so no separate "Go on" comes before it.
2. Every private screen is followed by a screen that hides it: a pass screen,
   or the public table (a public prompt, a public question, a computer's
   turn, the results). A seat keeps the keyboard for the next step of its own
   turn; it gives it back, even to take it again, when something opens a new
   stretch for everyone: news that starts a phase everyone decides in, news
   of a kind the game marks as a new round (`round_kinds`), or its own claim
   of a public question settled.
3. No press is neither a handoff, a decision nor the acknowledgement of a
   reveal the game marks as one to study: no anonymous cover after a commit,
   no "Go on" before a pass screen; a public choice with one answer asks
   nothing.
4. A seat sees what the rules gave it in secret (a hidden draw, of a kind the
   plug-in names in `private_hold_kinds`) before the screen is covered: when
   the next step would hide its hand, it studies its own cards first, on a
   private screen (`StudyPrivate`); a seat without the keyboard takes it
   behind a pass screen to do so. A seat that goes on to its own private
   screen next sees them there, and is asked nothing.
5. With one person at the table there is no one to hide from: no pass screens,
   and the news shows on that person's own screens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal, Protocol

from fishtable.engine.protocol import Event, Prompt, SeatInfo


class FlowMatch(Protocol):
    """What the flow may know of a match (never a state, never a hand)."""

    @property
    def seats(self) -> tuple[SeatInfo, ...]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def event_count(self) -> int: ...

    def pending(self) -> Mapping[int, Prompt]: ...

    def legal_actions(self, seat: int) -> Sequence[object]: ...  # passed on, never looked into

    def events_since(self, index: int) -> Sequence[Event]: ...


@dataclass(frozen=True)
class Marks:
    """What the table has been shown, and who holds the keyboard."""

    seen: int = 0  # events before this index have been on a screen everyone may look at
    holder: int | None = None  # the seat that was passed the keyboard and may see its secrets
    exposed: bool = False  # a private screen is (or was last) on show: it must be hidden
    claimant: int | None = None  # a seat that claimed a public question and confirms it in private
    # Secrets the rules gave a seat (`private_hold_kinds`) before this event index were on its own
    # screen, or were given before the table sat down (each seat sees those on its first screen).
    looked: int = 0
    # A seat's own screen marks events from here on as new: those since this keyboard's last decision.
    decided: int = 0
    # The public table marks events from here on as news: those it had not shown when it came up.
    table_news: int = 0
    # A pass screen just gave `holder` the keyboard, and the seat's first screen has not armed yet.
    handed: bool = False
    # The seat whose key moved the table last (None: anyone's, as after a study of the news): a
    # screen for another person arms as a change of hands (the key rule, tui/screens/base.py).
    pressed: int | None = None
    # Steps a seat's screen held after its decision (`Decided.then`): applied while the seat is
    # still asked, before anything else is shown; any screen drops what is left.
    held: tuple[int, tuple[object, ...]] | None = None

    @classmethod
    def opening(cls, seen: int, looked: int = 0) -> Marks:
        """A table sitting down: the events before `seen` are not news to it, and the secrets
        before `looked` are seen on each seat's first screen."""
        return cls(seen=seen, looked=looked, decided=seen, table_news=seen)


# -- the steps -------------------------------------------------------------------------------------

Press = Literal["handoff", "decision", "study", "none"]


@dataclass(frozen=True)
class _Step:
    """A step of the rhythm: a frozen dataclass of what its screen needs. A step that adds no
    field is a plain subclass (it inherits the dataclass methods, and its own name)."""

    # What answers the step: a handoff, a decision, the acknowledgement of a reveal, or no press.
    press: ClassVar[Press] = "none"


@dataclass(frozen=True)
class _SeatStep(_Step):
    seat: int


@dataclass(frozen=True)
class _ShowsNews(_Step):
    news_from: int  # the public news on the screen starts at this event


@dataclass(frozen=True)
class PassKeyboard(_ShowsNews, _SeatStep):
    """The pass screen naming `seat`, with the public news from `news_from` on it."""

    press = "handoff"


class _SeatDecides(_SeatStep):
    press = "decision"


class PrivatePrompt(_SeatDecides):
    """`seat` decides on a screen that shows its secrets (it holds the keyboard)."""


class PublicPrompt(_SeatDecides):
    """`seat` decides on the public table, news on top."""


@dataclass(frozen=True)
class AskTable(_Step):
    """A reaction out of turn, asked of the whole table once, in public (Broken Line, anyone?)."""

    seats: tuple[int, ...]  # the people who may claim
    press = "decision"


@dataclass(frozen=True)
class ComputerMove(_SeatStep):
    """A computer seat thinks while the public table (with the news) is on screen."""

    pause: bool  # a short pause so people can follow (not for a silent reaction)


@dataclass(frozen=True)
class AutoAnswer(_SeatStep):
    """A public choice with one answer: it is applied, nobody is asked."""

    action: object  # the game's own action, applied as it is


@dataclass(frozen=True)
class StudyNews(_ShowsNews):
    """A reveal to study on the public table, until Enter (before a computer moves on, or at the end)."""

    press = "study"


@dataclass(frozen=True)
class Elsewhere(_Step):
    """Only seats at other keyboards (remote seats, the host's computers) are asked: the public
    table waits for them, with the news on it. A table told which seats share its keyboard
    (`plan(here=…)`, the host's and a joined seat's) meets it; the hot seat never does."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class StudyPrivate(_SeatStep):
    """`seat` looks at what the rules just gave it in secret (a hidden draw), on its own screen,
    until Enter, before anything hides it."""

    press = "study"


@dataclass(frozen=True)
class Held(_SeatStep):
    """The next step `seat`'s screen held with its decision (`Decided.then`), applied as it is
    while the seat is still asked: nobody is asked, nothing is shown between."""

    action: object


class Results(_Step):
    """The game is over: the final scores."""


class Wait(_Step):
    """Nothing is pending (a table command may still come)."""


Step = (PassKeyboard | PrivatePrompt | PublicPrompt | AskTable | ComputerMove | AutoAnswer | Held | StudyNews
        | StudyPrivate | Elsewhere | Results | Wait)

# Steps whose screen is the public table (or a public screen): they show the news and hide a hand.
PUBLIC_STEPS = (PassKeyboard, PublicPrompt, AskTable, ComputerMove, StudyNews, Results)
# Steps whose screen waits for Enter (a pass screen: its seat's dismissal): `answered` says so.
ENTER_STEPS = (PassKeyboard, StudyNews, StudyPrivate)


# -- reading the match -----------------------------------------------------------------------------


def humans(match: FlowMatch, here: frozenset[int] | None = None) -> list[int]:
    """The people at this keyboard: every person's seat, or those of them `here`."""
    return [n for n, seat in enumerate(match.seats) if seat.bot is None and (here is None or n in here)]


def uses_privacy(match: FlowMatch, here: frozenset[int] | None = None) -> bool:
    """Pass screens only when more than one person shares the keyboard."""
    return len(humans(match, here)) > 1


def unseen_news(match: FlowMatch, marks: Marks, kinds: frozenset[str] | None = None) -> list[Event]:
    """Public news (of `kinds`, if given) the table has not been shown yet."""
    return [e for e in match.events_since(marks.seen)
            if e.news and e.visible_to is None and (kinds is None or e.kind in kinds)]


def unseen_secret(match: FlowMatch, marks: Marks, kinds: frozenset[str],
                  here: frozenset[int] | None = None) -> int | None:
    """The first person at this keyboard (`here`, None: every person) the rules gave a secret of
    `kinds` (a hidden draw) that it has not seen on its own screen yet, or None."""
    if not kinds:
        return None
    for e in match.events_since(marks.looked):
        if e.kind in kinds and e.visible_to is not None and len(e.visible_to) == 1:
            seat = e.visible_to[0]
            if match.seats[seat].bot is None and (here is None or seat in here):
                return seat
    return None


def secrets(match: FlowMatch, marks: Marks, kinds: frozenset[str], seat: int) -> list[str]:
    """The words of what the rules gave `seat` in secret (of `kinds`) since its last look."""
    return [e.text for e in match.events_since(marks.looked) if e.kind in kinds and e.visible_to == (seat,)]


# -- the plan ----------------------------------------------------------------------------------------


def plan(match: FlowMatch, marks: Marks, hold_kinds: frozenset[str] = frozenset(),
         round_kinds: frozenset[str] = frozenset(), here: frozenset[int] | None = None,
         private_kinds: frozenset[str] = frozenset()) -> Step:
    """The next step of the table's rhythm. `hold_kinds`: news to study before a computer moves on;
    `round_kinds`: news after which the keyboard is passed again, even to the seat that has it;
    `here`: the seats whose people share this keyboard (None: every person's, the hot seat). A
    seat not here plays at its own keyboard: its questions are never asked here, and nothing
    waits for this table's study before it plays. `private_kinds`: secrets a seat studies on its
    own screen before anything hides them."""
    if marks.held is not None:
        held_by, actions = marks.held
        if actions and held_by in match.pending():
            return Held(held_by, actions[0])  # the rest of a decision, before anything else
    step = _plan(match, marks, hold_kinds, round_kinds, here)
    if isinstance(step, (Results, Wait)):
        return step  # the game is over (or waits): its last secrets change nothing
    seat = unseen_secret(match, marks, private_kinds, here)
    if seat is None or (isinstance(step, (PrivatePrompt, PassKeyboard)) and step.seat == seat):
        return step  # nothing to look at, or the seat's own screen comes next and shows it
    if marks.holder == seat or not uses_privacy(match, here):
        return StudyPrivate(seat)
    # The table has the keyboard (a public question settled the turn): the seat takes it first,
    # behind a pass screen that shows the news, and gives it back after its look.
    return PassKeyboard(seat, marks.seen)


def _plan(match: FlowMatch, marks: Marks, hold_kinds: frozenset[str], round_kinds: frozenset[str],
          here: frozenset[int] | None) -> Step:
    people = humans(match, here)
    if match.is_over:
        # The last move's news (a final catch, the season closed) is studied before the scores.
        if people and unseen_news(match, marks):
            return StudyNews(marks.seen)
        return Results()
    pending = match.pending()
    if not pending:
        return Wait()
    if here is not None:
        elsewhere = tuple(sorted(s for s in pending if s not in here or match.seats[s].bot is not None))
        pending = {s: p for s, p in pending.items() if s not in elsewhere}
        if not pending:
            return Elsewhere(elsewhere)
    is_bot = {s: match.seats[s].bot is not None for s in pending}
    if marks.claimant is None and all(p.reaction for p in pending.values()):
        asked = tuple(sorted(s for s in pending if not is_bot[s]))
        if asked:
            return AskTable(asked)
        return ComputerMove(min(pending), pause=False)
    news = unseen_news(match, marks)
    if marks.claimant is not None and marks.claimant in pending:
        seat = marks.claimant
    else:
        bots = sorted(s for s in pending if is_bot[s])
        waiting = sorted(s for s in pending if not is_bot[s])
        holder = marks.holder
        if holder in waiting and _keeps_keyboard(pending[holder], news, round_kinds):
            seat = holder
        elif bots:
            seat = bots[0]
        else:
            seat = waiting[0]
    prompt = pending[seat]
    if is_bot[seat]:
        if people and unseen_news(match, marks, hold_kinds):
            return StudyNews(marks.seen)  # a reveal to study: no computer moves on before Enter
        return ComputerMove(seat, pause=not prompt.reaction)
    private = prompt.private or prompt.reaction  # a claim is confirmed in private
    if not private:
        legal = match.legal_actions(seat)
        if len(legal) == 1:
            return AutoAnswer(seat, legal[0])
        return PublicPrompt(seat)
    if not uses_privacy(match, here):
        return PrivatePrompt(seat)
    if marks.holder == seat and _keeps_keyboard(prompt, news, round_kinds):
        return PrivatePrompt(seat)
    return PassKeyboard(seat, marks.seen)


def _keeps_keyboard(prompt: Prompt, news: Sequence[Event], round_kinds: frozenset[str]) -> bool:
    """May the seat with the keyboard go on to this private prompt without a pass screen?"""
    if not (prompt.private or prompt.reaction):  # a claimed reaction is confirmed in private too
        return False
    if not news:
        return True
    # Its own turn's news waits for the next pass screen; a new stretch for everyone does not.
    return not prompt.simultaneous and not any(e.kind in round_kinds for e in news)


# -- what the table is shown ----------------------------------------------------------------------------


def news_from(marks: Marks, viewer: int | None) -> int:
    """Where a log's news starts: on a seat's own screen, the events since this keyboard's last
    decision but not what the table showed it since (its pass screen's news); on the public
    table, also everything it has not shown to everyone yet."""
    if viewer is not None:
        return max(marks.decided, marks.seen)
    return min(marks.decided, marks.table_news)


def showing(step: Step, marks: Marks, match: FlowMatch) -> Marks:
    """The step's screen goes up. A pass screen hides every hand until its seat dismisses it (the
    public table is the pass screen when there is news: it marks that news); a public screen marks
    the news since the table last showed it. Any screen ends the steps a seat's screen held."""
    marks = replace(marks, held=None) if marks.held is not None else marks
    if isinstance(step, PassKeyboard):
        if unseen_news(match, marks):
            marks = replace(marks, table_news=marks.seen)
        return handing_over(marks)
    if isinstance(step, StudyPrivate):
        # The seat's cards are on show; its secrets count as looked at on its Enter (`answered`),
        # so a driver that plans again meanwhile (the join app, on every update) keeps the study.
        return replace(marks, holder=step.seat, exposed=True)
    if isinstance(step, (*PUBLIC_STEPS, Elsewhere)):
        marks = replace(marks, table_news=marks.seen)
    return shown(step, marks, match)


def answered(step: PassKeyboard | StudyNews | StudyPrivate, marks: Marks, match: FlowMatch) -> Marks:
    """Enter on the step's screen (a pass screen: its seat took the keyboard). After a pass screen
    its seat's first screen arms as a change of hands; after a study of the news, anyone's key."""
    marks = shown(step, marks, match)
    return replace(marks, handed=isinstance(step, PassKeyboard),
                   pressed=None if isinstance(step, StudyNews) else step.seat)


def arming(marks: Marks, seat: int | None) -> tuple[bool, Marks]:
    """A screen for `seat` (None: for everyone) arms: has the keyboard just changed hands? Yes on
    the first screen after a pass screen (once), and for another person than the one whose key
    moved the table last."""
    changed = marks.handed or seat is None or seat != marks.pressed
    return changed, replace(marks, handed=False) if marks.handed else marks


# -- what the table answers ------------------------------------------------------------------------------


def declines(match: FlowMatch, seat: int) -> object | None:
    """The table answers a public question "nobody": `seat`'s "no" (the first legal answer of a
    reaction, the same for every seat), or None if it is no longer asked."""
    prompt = match.pending().get(seat)
    if prompt is None or not prompt.reaction:
        return None
    legal = match.legal_actions(seat)
    return legal[0] if legal else None


def command_seat(match: FlowMatch, step: Step | None, marks: Marks, here: frozenset[int] | None = None) -> int | None:
    """The seat a table command (the game's, confirmed on the table) is made for: the person the
    table waits on, else the one with the keyboard, else the first person here; at the hot seat
    with nobody (computers only) seat 0, at a table with no seat here None (it cannot ask)."""
    people = humans(match, here)
    if isinstance(step, _SeatStep) and step.seat in people:
        return step.seat
    if marks.holder is not None and marks.holder in people:
        return marks.holder
    if people:
        return people[0]
    return 0 if here is None else None


def fallback(match: FlowMatch, seat: int, pick: int = 0) -> object | None:
    """What a computer seat plays when its own move failed or turned illegal: its legal action
    `pick` (modulo their number), or None when the seat is no longer asked (the table moved on
    while it thought: plan again)."""
    if seat not in match.pending():
        return None
    legal = match.legal_actions(seat)
    return legal[pick % len(legal)] if legal else None


# -- what happened -----------------------------------------------------------------------------------


def shown(step: Step, marks: Marks, match: FlowMatch) -> Marks:
    """The step's screen is on (a pass screen: dismissed by its player): what the table knows now."""
    if isinstance(step, PassKeyboard):
        return replace(marks, seen=match.event_count, holder=step.seat, exposed=False)
    if isinstance(step, (PrivatePrompt, StudyPrivate)):
        # The seat's own cards are on its screen: what the rules gave it so far is seen.
        return replace(marks, holder=step.seat, exposed=True, looked=match.event_count)
    if isinstance(step, (ComputerMove, Elsewhere)):
        # The table shows the news while a computer thinks, but a pause is short: the news stays
        # unseen until a step that waits for a person (the next handoff shows it again).
        return replace(marks, holder=None, exposed=False)
    if isinstance(step, PublicPrompt):
        # The news is on the table while the seat decides, but the others wait on that seat, not
        # read: it stays news until a screen the whole table looks at (a pass screen, the table's
        # question, a study, the results), so the turn's outcome is on the next pass screen too.
        return replace(marks, holder=None, exposed=False)
    if isinstance(step, PUBLIC_STEPS):
        return replace(marks, seen=match.event_count, holder=None, exposed=False)
    return marks


def handing_over(marks: Marks) -> Marks:
    """A pass screen is up: nobody may see secrets until the seat it names dismisses it."""
    return replace(marks, holder=None, exposed=False)


def applied(marks: Marks, seat: int, before: int, then: Sequence[object] = ()) -> Marks:
    """`seat`'s decision (or a public choice with one answer) was applied; the events from `before`
    on are its outcome, new on the next screens. `then`: the steps its screen held, next."""
    held = (seat, tuple(then)) if then else None
    return acted(replace(marks, decided=before, handed=False, held=held), seat)


def held_applied(marks: Marks, seat: int) -> Marks:
    """The first of `seat`'s held steps was applied (refused: `dropped`)."""
    rest = marks.held[1][1:] if marks.held is not None else ()
    return acted(replace(marks, held=(seat, rest) if rest else None), seat)


def dropped(marks: Marks) -> Marks:
    """A held step was refused: the seat is asked again from where the game now stands."""
    return replace(marks, held=None)


def pressed(marks: Marks, seat: int | None) -> Marks:
    """A key of `seat` (None: the whole table's) answered the table."""
    return replace(marks, pressed=seat)


def acted(marks: Marks, seat: int) -> Marks:
    """`seat`'s action was applied. A claim settled, or a move by another seat than the one with
    the keyboard: the keyboard is back with the table."""
    if marks.claimant == seat:
        return replace(marks, claimant=None, holder=None)
    if marks.holder is not None and marks.holder != seat:
        return replace(marks, holder=None)
    return marks


def elsewhere_acted(marks: Marks) -> Marks:
    """A seat at another keyboard acted (a remote seat, the host's computer), as `acted` says of
    any seat but the holder: the keyboard is back with the table."""
    return replace(marks, holder=None) if marks.holder is not None else marks


def claimed(marks: Marks, seat: int) -> Marks:
    """At a public question, `seat` claims: it confirms behind the pass screen."""
    return replace(marks, claimant=seat)

