"""The hot-seat driver: who acts next, on which screen, behind which cover.

The flow owns the match for the app. After every action it autosaves, then
decides the next step:

- a computer seat thinks in a worker thread (after a short pause so people
  can follow), and its move is applied back on the UI thread;
- a human seat's private prompt is shown behind the privacy screen ("Pass the
  keyboard to Elena"), unless only one human plays;
- after a private decision the screen is covered again before anything else,
  except when the same seat simply continues with another private step;
- public prompts are answered on the public table;
- before the keyboard is passed on (a privacy screen), public news that nobody
  has seen on the table yet (a catch, an escape, the reveal...) is shown there
  first, until someone presses Enter, so everyone sees every outcome.

During a simultaneous phase, computer seats go first (their choices are
secret anyway), then the pending humans one by one.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from fishtable.tui.screens.privacy import PrivacyScreen

if TYPE_CHECKING:
    from fishtable.tui.app import FishtableApp


class HotSeatFlow:
    def __init__(
        self, app: FishtableApp, match: Any, save_path: Path | None, bot_pause: float
    ) -> None:
        from fishtable.tui.screens.table import TableScreen

        self.app = app
        self.match = match
        self.save_path = save_path
        self.bot_pause = bot_pause
        self.humans = [n for n, seat in enumerate(match.seats) if seat.bot is None]
        self.use_privacy = len(self.humans) > 1
        self.table = TableScreen(self)
        self.overlay: Screen | None = None  # the flow's screen above the table, if any
        self.cover_owed = False  # a private decision was just made
        self.unlocked: int | None = None  # the seat allowed to see its secrets right now
        self.active = True
        self.deferred = False
        self.thinking: int | None = None  # a computer seat whose move is being computed
        self.bot_errors: list[str] = []
        # The log marks events from `news_mark` on as new: those since the last human decision.
        self.news_mark = match.event_count
        # Events before `seen_mark` have been on the public table for everyone to see.
        self.seen_mark = match.event_count

    # -- lifecycle -------------------------------------------------------------
    def begin(self) -> None:
        self.app.push_screen(self.table)
        self.save()

    def started(self) -> None:
        """The table is mounted: take the first step."""
        self.advance()

    def stop(self) -> None:
        """Leave the game: pending workers find the flow inactive and do nothing."""
        self.active = False

    def save(self) -> None:
        if self.save_path is not None:
            self.match.save(self.save_path)

    # -- screens ----------------------------------------------------------------
    def _on_flow_screen(self) -> bool:
        return self.app.screen is self.table or self.app.screen is self.overlay

    def _show(self, screen: Screen | None) -> None:
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

    # -- the loop -----------------------------------------------------------------
    def advance(self) -> None:
        if not self.active:
            return
        if not self._on_flow_screen():
            self.deferred = True  # help or quit dialog open: continue when it closes
            return
        match = self.match
        if match.is_over:
            self._finish()
            return
        pending = match.pending()
        if not pending:
            return
        bots = sorted(s for s in pending if match.seats[s].bot is not None)
        humans = sorted(s for s in pending if match.seats[s].bot is None)
        seat = bots[0] if bots else humans[0]
        prompt = pending[seat]
        is_bot = bool(bots)
        private = prompt.private and not is_bot
        if self.cover_owed and self.use_privacy and not (private and seat == self.unlocked):
            self.cover_owed = False
            self.unlocked = None
            if private and not self.unseen_news():
                self._privacy(seat)
            else:
                self._show(PrivacyScreen(None, self._covered))
            return
        self.cover_owed = False
        if is_bot:
            self._show(None)
            self.table.set_prompt(None, None, waiting_for=match.seats[seat].name)
            self._think(seat)
        elif private:
            if self.use_privacy and self.unlocked != seat:
                if self.unseen_news():
                    self._acknowledge(seat)
                else:
                    self._privacy(seat)
            else:
                self._private_screen(seat, prompt.kind)
        else:
            self.unlocked = None
            self._public_prompt(seat, prompt.kind)

    def unseen_news(self) -> bool:
        """Has something public happened that the table has not shown to everyone yet?"""
        from fishtable.tui.widgets.log import NEWS_KINDS

        return any(
            e.kind in NEWS_KINDS and e.visible_to is None for e in self.match.events_since(self.seen_mark)
        )

    def _acknowledge(self, seat: int) -> None:
        """Keep the public table, news on top, until Enter; then pass the keyboard."""
        self._show(None)
        self.table.set_prompt(None, "ack", waiting_for=self.match.seats[seat].name)

    def acknowledged(self) -> None:
        self.seen_mark = self.match.event_count
        self.advance()

    def _covered(self) -> None:
        self._show(None)
        self.advance()

    def _privacy(self, seat: int) -> None:
        def passed() -> None:
            self.unlocked = seat
            self.advance()

        self._show(PrivacyScreen(self.match.seats[seat].name, passed))

    def _private_screen(self, seat: int, kind: str) -> None:
        from fishtable.tui.screens.cast import CastScreen
        from fishtable.tui.screens.choice import ChoiceScreen
        from fishtable.tui.screens.collect import CollectScreen
        from fishtable.tui.screens.table import TableScreen

        screen: Screen
        if kind == "cast":
            screen = CastScreen(self, seat)
        elif kind == "collect":
            screen = CollectScreen(self, seat)
        elif kind == "catch":
            screen = TableScreen(self, viewer=seat)
        else:
            screen = ChoiceScreen(self, seat, private=True)
        self._show(screen)
        if isinstance(screen, TableScreen):
            screen.call_after_refresh(screen.set_prompt, seat, kind)

    def _public_prompt(self, seat: int, kind: str) -> None:
        from fishtable.tui.screens.choice import ChoiceScreen

        self.seen_mark = self.match.event_count  # the public table shows it all now
        if kind in {"catch", "pair", "split", "between", "finish"}:
            self._show(None)
            self.table.set_prompt(seat, kind)
        else:
            self._show(ChoiceScreen(self, seat, private=False))

    def _finish(self) -> None:
        from fishtable.tui.screens.results import ResultsScreen

        self.table.set_prompt(None, None)
        self.app.game_finished(self.match)
        self._show(ResultsScreen(self.match.result()))

    # -- acting -----------------------------------------------------------------
    def submit(self, seat: int, action: Any, private: bool) -> str | None:
        """Apply a human's action. Returns the engine's reason if it is illegal."""
        from fishtable.engine.errors import IllegalAction

        mark = self.match.event_count
        try:
            self.match.apply(seat, action)
        except IllegalAction as exc:
            return str(exc)
        self.news_mark = mark
        self.save()
        if private:
            self.cover_owed = True
        self.advance()
        return None

    def _think(self, seat: int) -> None:
        self.thinking = seat
        self.app.run_worker(
            lambda: self._bot_worker(seat), thread=True, group="bot", exclusive=True
        )

    def _bot_worker(self, seat: int) -> None:
        """Runs in a thread: pause so people can follow, then ask the bot."""
        if self.bot_pause:
            time.sleep(self.bot_pause)
        if not self.active:
            return
        try:
            from fishtable.bots import choose_action

            action = choose_action(self.match, seat)
        except Exception as exc:  # a broken bot must not take the app down
            self.app.call_from_thread(self._bot_failed, seat, exc)
            return
        self.app.call_from_thread(self._bot_done, seat, action)

    def _bot_failed(self, seat: int, exc: Exception) -> None:
        name = self.match.seats[seat].name
        message = f"{name} (computer) could not choose ({type(exc).__name__}: {exc}); playing at random."
        self.bot_errors.append(message)
        self.app.notify(message, severity="error", markup=False)
        legal = self.match.legal_actions(seat)
        self._bot_done(seat, legal[self.match.step_count % len(legal)])

    def _bot_done(self, seat: int, action: Any) -> None:
        from fishtable.engine.errors import IllegalAction

        if not self.active:
            return
        self.thinking = None
        try:
            self.match.apply(seat, action)
        except IllegalAction as exc:  # a bot bug: report it, then play any legal move
            message = f"{self.match.seats[seat].name} (computer) chose an illegal move: {exc}"
            self.bot_errors.append(message)
            self.app.notify(message, severity="error", markup=False)
            self.match.apply(seat, self.match.legal_actions(seat)[0])
        self.save()
        self.table.refresh_view()
        self.advance()
