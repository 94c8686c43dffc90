"""The hot-seat driver: shows each step the planner gives, and waits for its answer.

The flow owns the match for the app and knows no game: the game's plug-in
supplies the screens. What comes next is decided by `fishtable.tui.planner`
(pure, tested without a screen) from the match and the marks of what the
table has been shown; the flow keeps those marks, shows the step's screen,
and after every action autosaves and asks the planner again:

- a pass step is the public table showing the news (Enter: the next player's
  own, when only they can see the screen), or the opaque privacy screen when
  there is no news;
- a private step is the game's decision screen (or a private copy of the
  table, or the shell's choice list); no cover follows a commit, the next
  screen hides it;
- a public step is answered on the table; a public question (a reaction) is
  asked of the table once, a claimant confirms behind a pass screen;
- a computer seat thinks in a worker thread (after a short pause so people
  can follow) while the table shows the news; it thinks on its own copy of
  what it may read (its seat's view, its legal moves), never on the match the
  UI thread may change meanwhile (a table command, the time running out), and
  its move is checked and applied back on the UI thread;
- a reveal to study, and the game's last news, wait on the table for Enter;
- a secret the rules gave a seat (a hidden draw) is studied on that seat's
  own screen until Enter, before anything hides it.

The flow keeps the match, the screens and the clock; everything the table
has been shown is the planner's `Marks`, and every choice of what happens
next (a held step, the table's "nobody", a table command's seat, a computer's
move that turned illegal) is the planner's.

Screens answer with messages (`fishtable.tui.decision`) carrying the ticket
of the request they answer; the flow ignores stale tickets, so a key pressed
twice never answers the next request.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic

from pydantic import BaseModel
from textual.app import App
from textual.screen import Screen
from textual.timer import Timer

from fishtable.bots import Choice, bot_rng, hint, prepare_choice
from fishtable.bots.outcome import Progress
from fishtable.bots.search import can_search
from fishtable.engine.errors import IllegalAction
from fishtable.engine.match import Match
from fishtable.engine.series import Series, SeriesRules
from fishtable.tui import planner
from fishtable.tui.autosave import save_match
from fishtable.tui.decision import ActionT, Decision, LogWindow, StateT, ViewT
from fishtable.tui.plugin import GameUI
from fishtable.tui.screens.choice import ChoiceScreen
from fishtable.tui.screens.hint import HintScreen
from fishtable.tui.screens.privacy import PrivacyScreen
from fishtable.tui.screens.results import ResultsScreen
from fishtable.tui.screens.study import StudyScreen
from fishtable.tui.screens.table import TableScreen
from fishtable.tui.session import SESSION_NAME, save_session

if TYPE_CHECKING:
    from fishtable.tui.coach.guide import Guide


class HotSeatFlow(Generic[StateT, ViewT, ActionT]):
    """The flow of one match of a game of those types, with its plug-in."""

    def __init__(
        self, app: App[Any], match: Match[StateT, ViewT, ActionT], save_path: Path | None, bot_pause: float,
        ui: GameUI[ViewT, ActionT], title: str, series: Series | None = None, seconds: float = 0.0,
        *, finished: Callable[[Match[StateT, ViewT, ActionT]], None],
    ) -> None:
        """`app`: any Textual app (the flow pushes its screens there); `finished`: told once when
        the match is over (the app forgets its autosave then)."""
        self.app = app
        self.on_finished = finished
        self.match = match
        self.save_path = save_path
        self.bot_pause = bot_pause
        self.ui = ui
        self.title = title
        self.seats = match.seats  # the table reads them (TableFeed)
        self.table = TableScreen.of(self.ui)(self)
        self.overlay: Screen[None] | None = None  # the flow's screen above the table, if any
        # What the table has been shown, and who has the keyboard (see fishtable.tui.planner).
        # A new game's opening (the deal, the die rolls for the first turn) is news for the first
        # screen of the table; a game continued shows only what happens from now on. Secrets given
        # before this sitting are seen on each seat's first private screen.
        self.marks = planner.Marks.opening(0 if match.step_count == 0 else match.event_count, match.event_count)
        self.step: planner.Step | None = None  # the step on screen now
        # False once the app has left this game (`stop`): a worker that finishes later does
        # nothing. The planner cannot know it: it is the app's, not the table's.
        self.active = True
        # A step came due while help or a dialog covered the table: take it when the table is
        # back (`resume`). What covers the screen is the app's; the planner never sees it.
        self.deferred = False
        self.thinking: int | None = None  # a computer seat whose move is being computed
        self.thought = 0  # worlds a searching computer seat has imagined so far (set by its thread)
        # The latest request when it shows a seat's secrets (for its answer, and for a hint).
        self.private_decision: Decision[ViewT, ActionT] | None = None
        self.ticket = 0  # the request screens may answer now
        self.bot_errors: list[str] = []
        self.save_error: str | None = None
        names = tuple(seat.name for seat in match.seats)
        self.series = series if series is not None else Series.start(SeriesRules(), names)
        # The play clock: seconds played before this sitting, and when this sitting began.
        self.clock_base = seconds
        self.clock_start = time.monotonic()
        self.ticker: Timer | None = None
        # A guided game's coach (Learn to play), told what the learner sees and what each seat does.
        self.guide: Guide | None = None

    @property
    def time_limit(self) -> float | None:
        return self.match.game.capabilities.time_limit_seconds(self.match.options)

    @property
    def time_is_up(self) -> bool:
        """Has the game's time run out (its `up_action` applied)? The engine knows, and says so in
        its view: a game resumed after its time ran out is not told again."""
        clock = self.match.game.capabilities.time_limit
        return clock is not None and clock.is_up(self.match.view(None))

    @property
    def finished(self) -> bool:
        """The results are on (the series and the app were told once, on the first showing)."""
        return isinstance(self.step, planner.Results)

    @property
    def hinting(self) -> bool:
        """A hint is being thought about (its worker runs until its answer is on the UI thread)."""
        return any(worker.group == "hint" and not worker.is_finished for worker in self.app.workers)

    # -- what the table reads (TableFeed) ------------------------------------------
    def view(self, viewer: int | None) -> ViewT:
        return self.match.view(viewer)

    def log(self, viewer: int | None) -> LogWindow:
        """The log lines `viewer` may read. New: since the viewer's last decision and the table's
        last showing, and on the public table also everything it has not shown to everyone yet."""
        readable = [(i, e) for i, e in enumerate(self.match.events_since(0)) if e.visible_for(viewer)]
        return LogWindow(self.ui.log_window(readable), planner.news_from(self.marks, viewer))

    def decision(self, seat: int, private: bool) -> Decision[ViewT, ActionT]:
        """A new request to `seat`; answers to any earlier request are void from now on."""
        self.ticket += 1
        match = self.match
        decision = Decision(
            ticket=self.ticket,
            seat=seat,
            prompt=match.pending()[seat],
            view=match.view(seat if private else None),
            legal=match.legal_actions(seat),
            seats=match.seats,
            private=private,
            check=lambda action: match.check(seat, action),
            log=self.log(seat if private else None),
        )
        self.private_decision = decision if private else None
        guide = self.guide
        if guide is not None and seat == guide.learner:
            # The normal computer player's move from the learner's own view: the suggestion.
            guide.asked(match.view(seat), decision.legal, decision.kind, bot_rng(match.seed, seat, match.step_count))
        return decision

    def _new_ticket(self) -> int:
        self.ticket += 1
        return self.ticket

    # -- lifecycle -------------------------------------------------------------
    def begin(self) -> None:
        self.clock_start = time.monotonic()
        self.app.push_screen(self.table)
        self.save()
        if self.time_limit is not None or self.series.time_left() is not None:
            self.ticker = self.app.set_interval(1.0, self.tick)

    # -- the clock ---------------------------------------------------------------------
    @property
    def play_seconds(self) -> float:
        """Seconds this match has been played, over every sitting."""
        return self.clock_base + (time.monotonic() - self.clock_start)

    def clock_words(self) -> str:
        """The clocks the table shows: a game's time limit, a series for a time."""
        parts = []
        limit = self.time_limit
        if limit is not None:
            left = max(0.0, limit - self.play_seconds)
            parts.append("time is up: last turn" if self.time_is_up else f"⏱ {_mmss(left)} left")
        series_left = self.series.time_left(self.play_seconds)
        if series_left is not None:
            parts.append(f"series {_mmss(series_left)} left")
        if self.series.rules.is_series and self.series.rules.end == "target":
            parts.append(f"series to {self.series.rules.target}, game {self.series.games + 1}")
        return " · ".join(parts)

    def tick(self) -> None:
        """Every second: refresh the clock; when a game's time runs out, tell its engine once."""
        if not self.active or self.match.is_over:
            return
        clock = self.match.game.capabilities.time_limit
        limit = self.time_limit
        if clock is not None and limit is not None and self.play_seconds >= limit and not self.time_is_up:
            self.commanded(clock.up_action)
        self.table.refresh_clock()

    def started(self) -> None:
        """The table is mounted: take the first step."""
        self.advance()

    def stop(self) -> None:
        """Leave the game: pending workers find the flow inactive and do nothing. The clock is
        written down first, so a game continued later has lost no time since the last move."""
        if self.active and self.save_path is not None and not self.match.is_over:
            save_session(self.save_path.with_name(SESSION_NAME), self.match, self.play_seconds, self.series)
        self.active = False
        self.ticket += 1
        if self.ticker is not None:
            self.ticker.stop()

    def save(self) -> None:
        """Autosave; a failure keeps the game going, says so once, and keeps the last good file."""
        if self.save_path is None:
            return
        problem = save_match(self.match, self.save_path) or save_session(
            self.save_path.with_name(SESSION_NAME), self.match, self.play_seconds, self.series
        )
        if problem is not None:
            self._save_failed(problem)
        elif self.save_error is not None:
            self.save_error = None
            self.app.notify("The game is being saved again.", markup=False)

    def save_for_leaving(self) -> None:
        """The game and its play clock, before a signal ends the app: files only, no word to the
        screen (it may be gone, and this may run off the event loop). A finished game has
        nothing left to continue."""
        if self.save_path is None or self.finished:
            return
        if save_match(self.match, self.save_path) is None:
            save_session(self.save_path.with_name(SESSION_NAME), self.match, self.play_seconds, self.series)

    def _save_failed(self, reason: str) -> None:
        if self.save_error is None:
            self.app.notify(f"{reason} Play on: the game goes on unsaved.", severity="warning",
                            timeout=10, markup=False)
        self.save_error = reason

    # -- screens ----------------------------------------------------------------
    def _on_flow_screen(self) -> bool:
        return self.app.screen is self.table or self.app.screen is self.overlay

    def _show(self, screen: Screen[None] | None) -> None:
        """Put `screen` above the table, replacing the previous overlay (None: the table)."""
        if self.overlay is not None:
            if screen is None:
                self.app.pop_screen()
            else:
                self.app.switch_screen(screen)
        elif screen is not None:
            self.app.push_screen(screen)
        self.overlay = screen

    def resume(self) -> None:
        """Called when the table comes back into view (help or rules closed)."""
        if self.deferred and self.active:
            self.deferred = False
            self.advance()

    # -- the loop: the planner says what comes next, this shows it --------------------
    def advance(self) -> None:
        if not self.active:
            return
        if not self._on_flow_screen():
            self.deferred = True  # help or quit dialog open: continue when it closes
            return
        step = planner.plan(self.match, self.marks, self.ui.hold_kinds, self.ui.round_kinds,
                            private_kinds=self.ui.private_hold_kinds)
        if isinstance(step, planner.Results):
            first = not self.finished
            self.step = step
            self._finish(first)
            return
        self.step = step
        self._coach_look(step)
        if isinstance(step, planner.AutoAnswer):
            # A public choice with one answer asks nothing: the table just sees it happen.
            self._apply(step.seat, step.action)
            return
        if isinstance(step, planner.Held):
            self._apply_held(step)
            return
        if isinstance(step, planner.StudyPrivate):
            self._study_private(step)  # reads the secrets since the last look before marking them
            return
        news = bool(planner.unseen_news(self.match, self.marks))  # the pass screen's, before it is marked
        self.marks = planner.showing(step, self.marks, self.match)
        if isinstance(step, planner.Wait):
            self._show(None)
            self.table.set_prompt(None)
        elif isinstance(step, planner.PassKeyboard):
            self._hand_over(step, news)
        elif isinstance(step, planner.PrivatePrompt):
            self._private_screen(step.seat)
        else:
            self._public(step)

    def _coach_look(self, step: planner.Step) -> None:
        """A guided game: the learner (the one person at the table) sees this step's screen. The
        coach reads what the learner may: its own view, the log lines it may read, its prompt."""
        guide = self.guide
        if guide is None or isinstance(step, planner.AutoAnswer | planner.Held):
            return
        seat = guide.learner
        asked = isinstance(step, planner.PrivatePrompt | planner.PublicPrompt) and step.seat == seat
        prompt = self.match.pending().get(seat) if asked else None
        start = guide.read_to  # the lines before it were read on an earlier screen: never news again
        entries = [(start + i, e) for i, e in enumerate(self.match.events_since(start)) if e.visible_for(seat)]
        guide.look(self.match.view(seat), entries, prompt.kind if prompt is not None else None)

    def _hand_over(self, step: planner.PassKeyboard, news: bool) -> None:
        """The keyboard goes to `step.seat`. With news, the public table shows it and is the pass
        screen itself (one Enter: the seat's own, once only it can see the screen); with none,
        the opaque privacy screen."""
        name = self.match.seats[step.seat].name
        if news:
            self._show(None)
            self.table.set_prompt(None, waiting_for=name, ack=self._new_ticket(), handoff=True)
        else:
            self._show(PrivacyScreen(name, self._new_ticket()))

    def _study_private(self, step: planner.StudyPrivate) -> None:
        """The seat looks at what the rules gave it in secret since its last look, on its own screen."""
        seat = step.seat
        lines = planner.secrets(self.match, self.marks, self.ui.private_hold_kinds, seat)
        self.marks = planner.showing(step, self.marks, self.match)
        name = self.match.seats[seat].name
        self._show(StudyScreen(name, seat, lines, self.ui.study_hand(self.match.view(seat)), self._new_ticket()))

    def _public(self, step: planner.Step) -> None:
        """A step on the public table: it shows the news since the table last saw it."""
        self._show(None)
        if isinstance(step, planner.PublicPrompt):
            self._public_prompt(step.seat)
        elif isinstance(step, planner.AskTable):
            prompt = self.match.pending()[step.seats[0]]
            self.table.ask(prompt.text, list(step.seats), self._new_ticket())
        elif isinstance(step, planner.ComputerMove):
            self.table.set_prompt(None, waiting_for=self.match.seats[step.seat].name)
            self._think(step.seat, pause=step.pause)
        elif isinstance(step, planner.StudyNews):
            self.table.set_prompt(None, ack=self._new_ticket())

    def acknowledged(self, ticket: int) -> None:
        """Enter on the news on the table (a reveal studied, or the keyboard taken by its seat), or on
        a seat's own study of a secret it was given."""
        step = self.step
        if ticket != self.ticket or not isinstance(step, planner.ENTER_STEPS):
            return
        self._step_done(step)

    def passed(self, ticket: int) -> None:
        """The privacy screen was dismissed by the player it named."""
        step = self.step
        if ticket != self.ticket or not isinstance(self.overlay, PrivacyScreen) \
                or not isinstance(step, planner.PassKeyboard):
            return
        self._step_done(step)

    def _step_done(self, step: planner.StudyNews | planner.PassKeyboard | planner.StudyPrivate) -> None:
        """The table has seen the step's screen (a pass screen: its seat has the keyboard): go on."""
        self._new_ticket()
        self.marks = planner.answered(step, self.marks, self.match)
        self.advance()

    def keyboard_changed(self, seat: int | None) -> bool:
        """Has the keyboard just changed hands, for a screen armed now for `seat` (None: for
        everyone)? Yes on the first screen after a handoff (asked once), and for a prompt of
        another person than the one whose key moved the table last."""
        changed, self.marks = planner.arming(self.marks, seat)
        return changed

    def _private_screen(self, seat: int) -> None:
        decision = self.decision(seat, private=True)
        screen = self.ui.decision_screen(decision)
        if screen is None and decision.kind in self.ui.board_kinds:
            screen = TableScreen.of(self.ui)(self, viewer=seat)
            self._show(screen)
            screen.call_after_refresh(screen.set_prompt, decision)
            return
        self._show(screen if screen is not None else ChoiceScreen(decision, self.ui))

    def _public_prompt(self, seat: int) -> None:
        decision = self.decision(seat, private=False)
        screen = self.ui.decision_screen(decision)
        if screen is not None:
            self._show(screen)
            return
        self.table.set_prompt(decision)

    # -- reactions out of turn --------------------------------------------------------
    def claimed(self, ticket: int, seat: int | None) -> None:
        """A seat claims the reaction (it confirms in private), or the table lets it go."""
        if ticket != self.ticket or not self.active or not isinstance(self.step, planner.AskTable):
            return
        self._new_ticket()
        self.marks = planner.pressed(self.marks, seat)
        if seat is None:  # nobody: each seat asked says its "no", as the planner gives it
            for other in self.step.seats:
                answer = planner.declines(self.match, other)
                if answer is not None:
                    self.match.apply(other, answer)
                    self.marks = planner.acted(self.marks, other)
            self._after_action()
            return
        self.marks = planner.claimed(self.marks, seat)
        self.advance()

    def commanded(self, action: BaseModel) -> None:
        """A table command (the game's, confirmed by the table): any seat may ask for it."""
        if not self.active or self.match.is_over:
            return
        seat = planner.command_seat(self.match, self.step, self.marks)
        assert seat is not None  # at the hot seat a command always has a seat (0 with no person)
        try:
            self.match.apply(seat, action)
        except IllegalAction as exc:
            self.app.notify(str(exc), severity="warning", markup=False)
            return
        # A computer seat thinking now goes on by itself when its move is back.
        self._after_action(go_on=self.thinking is None)

    # -- the end -----------------------------------------------------------------------
    def _finish(self, first: bool) -> None:
        """The results; on their first showing the series counts the game and the app is told."""
        self.table.set_prompt(None)
        result = self.match.result()
        assert result is not None  # the planner asks for the results only once the match is over
        if first:
            self.series = self.series.add(result, self.play_seconds)
            self.on_finished(self.match)
        view = self.match.view(None)
        series = self.series if self.series.rules.is_series else None
        self._show(ResultsScreen(result, self.ui.result_details(view), series))

    # -- acting -----------------------------------------------------------------
    def decided(self, ticket: int, seat: int, action: BaseModel, then: tuple[BaseModel, ...] = ()) -> None:
        """A human's decision arrived from a screen: apply it (and the same seat's next steps it
        brings, `then`) if it answers the current request."""
        if ticket != self.ticket or not self.active:
            return
        self._new_ticket()
        self.marks = planner.pressed(self.marks, seat)
        if self.guide is not None and seat == self.guide.learner and self.match.check(seat, action) is None:
            self.guide.learner_moved(action)
        self._apply(seat, action, then=then)

    def _apply(self, seat: int, action: object, then: tuple[object, ...] = ()) -> None:
        """A person's decision, or a public choice with one answer; the steps its screen held come
        next, as the planner gives them (`planner.Held`)."""
        before = self.match.event_count
        try:
            self.match.apply(seat, action)
        except IllegalAction as exc:  # the screen checked; the game moved on meanwhile
            self.app.notify(str(exc), severity="warning", markup=False)
            self.advance()
            return
        self.marks = planner.applied(self.marks, seat, before, then)
        self._after_action()

    def _apply_held(self, step: planner.Held) -> None:
        """A step the seat's screen held, checked again by the engine; one that is refused ends
        the rest, and the seat is asked again from where the game now stands."""
        try:
            self.match.apply(step.seat, step.action)
        except IllegalAction as exc:
            self.app.notify(str(exc), severity="warning", markup=False)
            self.marks = planner.dropped(self.marks)
            self.advance()
            return
        self.marks = planner.held_applied(self.marks, step.seat)
        self._after_action()

    def _after_action(self, go_on: bool = True) -> None:
        self.save()
        self.table.refresh_view()
        if go_on:
            self.advance()

    def _think(self, seat: int, pause: bool = True) -> None:
        """The seat's computer player reads what it may (its view, its legal moves) here, on the UI
        thread, and thinks on that copy in a worker: the live match is never read off this thread."""
        self.thinking = seat
        delay = self.bot_pause if pause else 0.0
        choice = prepare_choice(self.match, seat, on_progress=self._progress, should_stop=lambda: not self.active)
        at_step = self.match.step_count
        self.app.run_worker(
            lambda: self._bot_worker(seat, choice, at_step, delay), thread=True, group="bot", exclusive=True
        )

    def thinking_words(self) -> str:
        """How far a searching computer seat has got, for the table's status line."""
        if self.thinking is None or not self.thought:
            return ""
        return f"{self.thought:,} worlds imagined"

    def _progress(self, progress: Progress[ActionT]) -> None:
        # Called in the bot's thread: a plain attribute the table reads on its own timer, so a
        # closing app never waits on a thread (and the count says nothing of the seat's cards).
        self.thought = progress.iterations

    def _bot_worker(self, seat: int, choice: Choice[ViewT, ActionT], at_step: int, delay: float) -> None:
        """Runs in a thread: pause so people can follow, then the bot thinks on its own copy."""
        if delay:
            time.sleep(delay)
        if not self.active:
            return
        self.thought = 0
        try:
            action = choice.choose()
        except Exception as exc:  # a broken bot must not take the app down
            self.app.call_from_thread(self._bot_failed, seat, exc)
            return
        self.app.call_from_thread(self._bot_done, seat, action, at_step)

    # -- hints ---------------------------------------------------------------------------
    def hint_refusal(self) -> str | None:
        """Why no hint can be given now, in words, or None."""
        decision = self.private_decision
        if decision is None or decision.ticket != self.ticket or not self._on_flow_screen():
            return "A hint is for your own decision, on your private screen."
        if not can_search(self.match.game):
            return "This game has no hints."
        if self.hinting:
            return "Still thinking about the last hint…"
        return None

    def hint(self) -> None:
        """What the hard computer player would do in the private decision on screen, from that
        seat's own view only; the list shows over the decision when it is ready."""
        refusal = self.hint_refusal()
        if refusal is not None:
            self.app.notify(refusal, markup=False)
            return
        decision = self.private_decision
        assert decision is not None
        self.app.notify("Thinking about a hint (about a second)…", timeout=2, markup=False)
        self.app.run_worker(lambda: self._hint_worker(decision), thread=True, group="hint", exclusive=True)

    def _hint_worker(self, decision: Decision[ViewT, ActionT]) -> None:
        problem: str | None
        game = self.match.game
        try:
            if not can_search(game):  # hint_refusal said so before the worker started
                raise TypeError("this game cannot be searched")
            options = hint(decision.view, decision.legal, game, stop=lambda: not self.active)
        except Exception as exc:  # a hint must never take the game down
            options, problem = [], f"No hint this time ({type(exc).__name__}: {exc})."
        else:
            problem = None
        if self.active:
            self.app.call_from_thread(self._hint_done, decision, options, problem)

    def _hint_done(self, decision: Decision[ViewT, ActionT], options: list[tuple[ActionT, float, int]],
                   problem: str | None) -> None:
        # The decision was made, or another screen came up: the hint is for a moment that is gone.
        if not self.active or decision.ticket != self.ticket or self.app.screen is not self.overlay:
            return
        if problem is not None or not options:
            self.app.notify(problem or "No hint this time.", severity="warning", markup=False)
            return
        lines = [(self.ui.describe(action, decision.view, decision.kind), rate, tried)
                 for action, rate, tried in options]
        self.app.push_screen(HintScreen(decision.name, lines))

    def _bot_failed(self, seat: int, exc: Exception) -> None:
        if not self.active:
            return
        name = self.match.seats[seat].name
        message = f"{name} (computer) could not choose ({type(exc).__name__}: {exc}); playing at random."
        self.bot_errors.append(message)
        self.app.notify(message, severity="error", markup=False)
        self._bot_fallback(seat, pick=self.match.step_count)

    def _bot_done(self, seat: int, action: ActionT, at_step: int) -> None:
        """The computer's move, checked here on the UI thread against the match as it is now."""
        if not self.active:
            return
        problem = self.match.check(seat, action)
        if problem is None:
            self.thinking = None
            self.thought = 0
            guide = self.guide
            # A guided game only: what the table showed before the move, to tell it from.
            prompt = self.match.pending().get(seat) if guide is not None else None
            public, before = (self.match.view(None), self.match.event_count) if guide is not None else (None, 0)
            self.match.apply(seat, action)
            if guide is not None and prompt is not None and public is not None:
                # Told from the public table only: a secret move by the public lines it made.
                news = [e.text for e in self.match.events_since(before) if e.visible_to is None]
                guide.computer_moved(self.match.seats[seat].name, action, prompt.kind,
                                     prompt.private or prompt.simultaneous, public, news)
            self.marks = planner.acted(self.marks, seat)
            self._after_action()
        elif self.match.step_count != at_step:
            # The table moved on while it thought (a table command, the time running out): the
            # move was for a moment that is gone, no bot's fault. The planner says what is next.
            self.thinking = None
            self.thought = 0
            self.advance()
        else:  # a bot bug: report it; the planner gives the move played instead
            message = f"{self.match.seats[seat].name} (computer) chose an illegal move: {problem}"
            self.bot_errors.append(message)
            self.app.notify(message, severity="error", markup=False)
            self._bot_fallback(seat)

    def _bot_fallback(self, seat: int, pick: int = 0) -> None:
        """The planner's move for a computer seat whose own failed; none when the seat is no longer
        asked (the table moved on): the planner then says what comes next."""
        self.thinking = None
        self.thought = 0
        action = planner.fallback(self.match, seat, pick)
        if action is None:
            self.advance()
            return
        self.match.apply(seat, action)
        self.marks = planner.acted(self.marks, seat)
        self._after_action()


def _mmss(seconds: float) -> str:
    whole = int(seconds + 0.999)
    return f"{whole // 60}:{whole % 60:02d}"
