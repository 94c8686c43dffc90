"""The fishtable Textual app: menus around a hot-seat flow.

Imports stay light until a game is chosen: the registry is plain data, and
pydantic, the engines and the card data load only when a game starts or the
autosave is checked (in a worker, after the first paint). So the game half of the
app, `fishtable.tui.starting`, and the autosave are deferred modules
(`fishtable.tui.deferred`), and `tests/tui/test_first_screen.py` keeps the menu
light. The app knows no game: it finds engines and their plug-ins through the
registry.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.binding import Binding, BindingType
from textual.screen import Screen

from fishtable.engine.errors import FishtableError
from fishtable.engine.table_lock import TableLock, claim_table
from fishtable.tui.data_folder import AUTOSAVE_NAME, HISTORY_FILES, SaveStatus, default_data_dir
from fishtable.tui.deferred import deferred
from fishtable.tui.leaving import LeavingGuard
from fishtable.tui.screens.apps import ShellApp
from fishtable.tui.screens.base import HANDOFF_ARMING, REPEAT_WINDOW, FishScreen, SeatScreen, TipScreen
from fishtable.tui.screens.menu import MenuScreen

if TYPE_CHECKING:  # for the checkers; at run time each loads when it is first needed
    from pydantic import BaseModel

    from fishtable.engine.match import SomeMatch
    from fishtable.engine.protocol import Event, TableView
    from fishtable.engine.series import Series, SeriesRules
    from fishtable.history import recorder
    from fishtable.tui import autosave, starting
    from fishtable.tui import tips as tip_data
    from fishtable.tui.coach import guide as coach_guide
    from fishtable.tui.decision import Acknowledged, Claimed, Commanded, Decided, Passed
    from fishtable.tui.screens import confirm as confirm_screen
    from fishtable.tui.screens import history as history_screen
    from fishtable.tui.screens import quickref as quickref_screen
    from fishtable.tui.screens import quit as quit_screen
    from fishtable.tui.screens import table_taken as taken_screen
    from fishtable.tui.screens.base import Resumed
    from fishtable.tui.starting import SomeFlow
else:
    # Loaded once a game is chosen or continued: pydantic, the engines, the plug-ins.
    autosave = deferred("fishtable.tui.autosave")
    starting = deferred("fishtable.tui.starting")
    recorder = deferred("fishtable.history.recorder")  # loaded when the first game ends
    # The screens the menu does not show: each is loaded (compiled, its classes built) when first asked for.
    confirm_screen = deferred("fishtable.tui.screens.confirm")
    history_screen = deferred("fishtable.tui.screens.history")  # History and the replays
    quit_screen = deferred("fishtable.tui.screens.quit")
    taken_screen = deferred("fishtable.tui.screens.table_taken")
    tip_data = deferred("fishtable.tui.tips")  # tips for new players, once a game starts
    quickref_screen = deferred("fishtable.tui.screens.quickref")  # `?`: the quick reference

STYLES = Path(__file__).parent / "styles"



class FishtableApp(ShellApp[int]):
    TITLE = "fishtable"
    # The menu's style sheet (with the shared look); the game screens' ones are read when the first
    # game is set up or started (`load_game_css`), so that the first screen does not parse them.
    CSS_PATH: ClassVar[list[str | PurePath]] = ["styles/app.tcss"]
    GAME_CSS_PATH: ClassVar[list[Path]] = [STYLES / "table.tcss", STYLES / "forms.tcss", STYLES / "coach.tcss"]
    # Beside the shell's quit keys and F1 (ShellApp).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "hint", "Hint"),
        Binding("q", "quit_hint", "Quit", show=False),
        # Anywhere in a game: the quick-reference card (or the rule of the tip on screen).
        Binding("question_mark", "quick_ref", "Quick reference", show=False),
    ]

    def __init__(
        self,
        data_dir: Path | str | None = None,
        start_match: SomeMatch | None = None,
        bot_pause: float = 0.7,
        autosave: bool = True,
        card_files: Mapping[str, Path | str] | None = None,
        arming: tuple[float, float] | None = None,
        history: bool | None = None,
        tips: bool | None = None,
    ) -> None:
        super().__init__()
        # The card file each game's setup offers first (None or missing: the built-in cards).
        self.card_files = {game: str(path) for game, path in (card_files or {}).items()}
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.save_path = self.data_dir / AUTOSAVE_NAME
        self.start_match = start_match
        self.bot_pause = bot_pause
        self.autosave = autosave
        # Record every finished game in the data folder's history (by default, when saving at all).
        self.history = autosave if history is None else history
        self.history_id: int | None = None  # the last finished game's id in the history
        # (pass screen's guard, repeat window) in seconds; None: the module's defaults (tests: 0).
        self.arming = arming if arming is not None else (HANDOFF_ARMING, REPEAT_WINDOW)
        self.save_status: SaveStatus | None = None
        self._temps_cleaned = False
        self.flow: SomeFlow | None = None
        self.table_lock: TableLock | None = None
        # Tips for new players: on or off for every game (None: as each game's setup chose last,
        # on by default, when the app keeps files; off when it keeps none, as in tests).
        self.tips_default = tips
        self.tips_chosen: dict[str, bool] = {}  # a game's setup tick, in this run
        self.tip_desk: tip_data.TipDesk | None = None
        self.seen_tips: tip_data.SeenTips | None = None
        self.coach_watching = False  # the screen-change signal feeds the coach panel (a guided game)

    def get_default_screen(self) -> Screen[None]:
        """The menu is the bottom screen (pushed over Textual's blank default screen, it cost
        that screen's mount and styling too), once this window holds the data folder's table.
        While another window holds it, the blank screen, for `TableTakenScreen` to cover."""
        return MenuScreen() if self.take_table() else super().get_default_screen()

    def on_mount(self) -> None:
        if not isinstance(self.screen, MenuScreen):
            self.push_screen(taken_screen.TableTakenScreen(self.data_dir))
            return
        self.open_table()

    # -- one table per data folder (fishtable/engine/table_lock.py) ------------------
    def take_table(self) -> bool:
        """Hold the data folder's table lock; False if another window holds it.

        Without the autosave nothing is written, so there is nothing to guard. A lock
        that cannot be made at all (a folder that cannot be written) does not stop play:
        nothing can be saved there either."""
        if not self.autosave or self.table_lock is not None:
            return True
        claim = claim_table(self.data_dir)
        self.table_lock = claim.lock
        return not claim.taken

    def on_unmount(self) -> None:
        """Leaving by any road (Ctrl+Q, a signal, a closed browser tab, a stopped server):
        save the game with its play clock, then give up the table."""
        if self.flow is not None and not self.flow.finished:
            self.flow.save()
        if self.table_lock is not None:
            self.table_lock.release()

    def open_table(self) -> None:
        """The menu, once this window holds the table (it is the first screen then already)."""
        if not isinstance(self.screen, MenuScreen):
            self.push_screen(MenuScreen())
        if self.history and any(os.path.lexists(self.data_dir / name) for name in HISTORY_FILES):
            self.call_after_refresh(self.check_history)  # after the menu's first paint
        if self.start_match is not None:
            self.begin_match(self.start_match)

    def load_game_css(self) -> None:
        """Read the game screens' style sheets (the setup's, the table's), once, before the first
        of them is shown. They come after the menu's, as they always did: a rule of theirs wins a
        tie with one of app.tcss."""
        stylesheet = self.stylesheet
        new = [path for path in self.GAME_CSS_PATH if not stylesheet.has_source(str(path))]
        if not new:
            return
        for path in new:
            stylesheet.read(path)
        if self.css_monitor is not None:  # `textual run --dev`: edits to them show at once too
            self.css_monitor.add_paths(new)
        stylesheet.reparse()
        stylesheet.update(self)

    def _clean_stale_temps(self) -> None:
        """Temporary files an interrupted save left behind: removed once, before the first
        game of this run saves (not at launch: the cleaner loads pydantic, which the first
        screen does not need)."""
        if self.autosave and not self._temps_cleaned:
            self._temps_cleaned = True
            with suppress(OSError):
                autosave.clean_stale_temps(self.save_path)

    # -- input guard ---------------------------------------------------------------
    def arming_time(self, kind: str) -> float:
        """Only a pass screen takes no key for a while; a decision takes keys once it is on screen."""
        return self.arming[0] if kind == "handoff" else 0.0

    def repeat_window(self, screen: FishScreen) -> float:
        """A repeat of the last key is swallowed on `screen` (armed now) only where the keyboard
        has just changed hands: the first screen after a handoff, or a prompt for another person
        than the one who pressed last (the table's prompt for the next seat, a study for all)."""
        seat = screen.seat if isinstance(screen, SeatScreen) else None
        if self.flow is None or not self.flow.keyboard_changed(seat):
            return 0.0
        return self.arming[1]

    # -- leaving on a signal or a closed window (fishtable/tui/leaving.py) --------------
    def save_before_leaving(self) -> None:
        """The game and its play clock, written down before a signal ends the app. It may run on
        the leaving guard's thread while the event loop is stuck on a dead terminal: it only
        writes files, and tells nobody (there may be no screen left)."""
        if self.flow is not None:
            self.flow.save_for_leaving()

    def leave_on_signal(self) -> None:
        """Leave the ordinary way, once the game is saved (on the event loop)."""
        if self.flow is not None:
            self.flow.stop()
        self.exit(return_code=0)

    # -- messages from the game screens ------------------------------------------------
    def on_decided(self, message: Decided) -> None:
        if self.flow is not None:
            self.flow.decided(message.ticket, message.seat, message.action, message.then)

    def on_passed(self, message: Passed) -> None:
        if self.flow is not None:
            self.flow.passed(message.ticket)

    def on_acknowledged(self, message: Acknowledged) -> None:
        if self.flow is not None:
            self.flow.acknowledged(message.ticket)

    def on_resumed(self, message: Resumed) -> None:
        if self.flow is not None:
            self.flow.resume()

    def on_commanded(self, message: Commanded) -> None:
        if self.flow is not None:
            self.flow.commanded(message.action)

    def on_claimed(self, message: Claimed) -> None:
        if self.flow is not None:
            self.flow.claimed(message.ticket, message.seat)

    # -- starting and leaving games -----------------------------------------------
    def replacing_the_save(self, question: str, then: Callable[[bool | None], None]) -> None:
        """`then(True)` at once, or, where a saved game waits to be continued, once the player has
        said yes to `question` (a new game replaces the autosave: it cannot be undone)."""
        status = self.save_status
        if self.autosave and status is not None and status.match is not None:
            waiting = f"A saved game of {status.match.game.title} is waiting to be continued.\n"
            self.push_screen(confirm_screen.ConfirmScreen(waiting + question), then)
        else:
            then(True)

    def setup_game(self, game: str) -> None:
        def open_setup(go: bool | None = True) -> None:
            if go:
                self.load_game_css()
                self.push_screen(starting.setup_screen(game, self.data_dir, self.card_files.get(game)))

        self.replacing_the_save("A new game will replace it. Set up a new game anyway?", open_setup)

    def start_new_game(
        self,
        game: str,
        options: BaseModel,
        seats: list[tuple[str, str | None]],
        seed: int | None,
        series: SeriesRules | None = None,
    ) -> str | None:
        """Start a game from the setup screen (options: the game's validated model).
        Returns a message if it cannot start."""
        try:
            match = starting.start_match(game, options, seats, seed)
        except starting.GameWontStart as exc:
            message = str(exc)
            self.notify(message, severity="error", timeout=8, markup=False)
            return message
        if self.autosave:
            starting.remember(self.data_dir, match)
        self.begin_match(match, series=starting.new_series(series, match))
        return None

    def begin_match(self, match: SomeMatch, series: Series | None = None, seconds: float = 0.0,
                    guide: coach_guide.Guide | None = None) -> None:
        """Put `match` on the table (with the series it belongs to, and the time already played;
        `guide`: the coach of a guided game)."""
        if self.flow is not None:
            self.flow.stop()
        # A toast from the setup (a game that could not start) must not hang over the first screen.
        self.clear_notifications()
        self.load_game_css()
        self._clean_stale_temps()
        status = self.save_status
        if self.autosave and status is not None and status.error and status.match is None:
            _, sentence = autosave.keep_damaged_copy(self.save_path)
            self.notify(sentence, markup=False)
        self.save_status = None
        self._pop_to_menu()
        save_path = self.save_path if self.autosave else None
        self.flow = starting.new_flow(self, match, save_path, self.bot_pause, series, seconds, self.game_finished)
        self.tip_desk = self._new_tip_desk(match)
        if guide is not None:
            self._coach(guide)
        self.flow.begin()

    # -- Learn to play: a guided game, the coach panel under the table ---------------------
    def learn_game(self, game: str) -> None:
        """The menu's `l`: the game's guided game (its lessons file's deal), no setup screen."""
        def go(yes: bool | None = True) -> None:
            if not yes:
                return
            try:
                match, guide = starting.guided_game(game)
            except FishtableError as exc:  # no lessons, or a broken shipped file: said, and the menu stays
                self.notify(str(exc), severity="warning", timeout=8, markup=False)
                return
            self.begin_match(match, guide=guide)

        self.replacing_the_save("A guided game will replace it. Start the guided game anyway?", go)

    def _coach(self, guide: coach_guide.Guide) -> None:
        assert self.flow is not None
        self.flow.guide = guide
        guide.on_change = self.coach_redraw
        if not self.coach_watching:
            self.coach_watching = True
            self.screen_change_signal.subscribe(self, lambda _screen: self.coach_redraw())

    def coach_redraw(self) -> None:
        """The coach panel on the flow's screen now (the table or the learner's own screen), made
        the first time a screen shows it. Never on the results, a pass screen or a dialog."""
        flow = self.flow
        guide = flow.guide if flow is not None else None
        if flow is None or guide is None or not flow.active or flow.finished:
            return
        screen = self.screen
        if screen is not flow.table and screen is not flow.overlay:
            return
        if not isinstance(screen, FishScreen) or screen.ARMING != "decision":  # the table, a decision, a study
            return
        if not screen.is_mounted:
            self.call_after_refresh(self.coach_redraw)
            return
        starting.panel_on(screen).show(guide.lines())
        starting.mark_coached(screen)  # the cards the lesson points at, on any game's screen

    def coach_highlight(self) -> frozenset[str]:
        """The subjects the coach points at now (a plug-in's widgets mark those cards)."""
        flow = self.flow
        guide = flow.guide if flow is not None else None
        return guide.highlight if guide is not None else frozenset()

    def continue_saved(self) -> None:
        status = self.save_status
        if status is not None and status.match is not None:
            match, status.match = status.match, None
            session = starting.load_session(self.save_path.with_name(starting.SESSION_NAME), match)
            if session is None:
                self.begin_match(match)
            else:
                self.begin_match(match, series=session.series, seconds=session.match_seconds)

    def game_finished(self, match: SomeMatch) -> None:
        """The game is over: its autosave has nothing left to continue, and History records it."""
        if self.history and self.flow is not None:
            self.history_id = None
            self.record_game(match, self.flow.play_seconds, self.flow.series)
        if self.autosave and self.flow is not None and self.flow.save_path is not None:
            for path in (self.flow.save_path, self.flow.save_path.with_name(starting.SESSION_NAME)):
                with suppress(OSError):  # a folder in its place, say: the menu will say what is wrong
                    path.unlink(missing_ok=True)

    @work(thread=True, group="history")
    def record_game(self, match: SomeMatch, seconds: float, series: Series) -> None:
        """Write the finished game to History off the screen's thread (a busy database may make it wait);
        a failure is said once, in words, and play goes on."""
        game_id, problem = recorder.record_finished(
            recorder.history_path(self.data_dir), match, seconds, series=series, started=time.time() - seconds)
        self.call_from_thread(self._recorded, game_id, problem)

    @work(thread=True, group="history")
    def check_history(self) -> None:
        """At the start: a damaged history is set aside (and a new one started), games kept pending
        while it was busy go in; what there is to say is said on the menu, in words."""
        path = recorder.history_path(self.data_dir)
        said = recorder.check_history(path)
        self.call_from_thread(self._history_said, said)

    def _history_said(self, said: list[str]) -> None:
        for line in said:
            self.notify(line, title="History", severity="warning", timeout=15, markup=False)

    def _recorded(self, game_id: int | None, problem: str | None) -> None:
        self.history_id = game_id
        if problem is not None:
            self.notify(problem, severity="warning", timeout=10, markup=False)

    def open_history(self) -> None:
        """The menu's History: recent games, standings, and their replays."""
        self.push_screen(history_screen.HistoryScreen(recorder.history_path(self.data_dir)))

    def replay_last(self) -> None:
        """The results' one key: the replay of the game just finished, every card face up."""
        if self.flow is None:
            return
        screen = history_screen.replay_screen(self.flow.match)
        if isinstance(screen, str):  # not finished: never opened (it would show secrets still in play)
            self.notify(screen, severity="warning", markup=False)
        else:
            self.push_screen(screen)

    def action_play_again(self) -> None:
        """The same players and options again (a series starts again from nothing)."""
        if self.flow is None:
            return
        again = starting.again(self.flow.match)
        self.begin_match(again, series=starting.new_series(self.flow.series.rules, again))

    def next_game(self) -> None:
        """The next game of the series in progress, its totals carried on."""
        if self.flow is None or self.flow.series.over:
            return
        self.begin_match(starting.again(self.flow.match), series=self.flow.series)

    def action_to_menu(self) -> None:
        if self.flow is not None:
            self.flow.stop()
            self.flow = None
        self._pop_to_menu()

    def _pop_to_menu(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    # -- everywhere ---------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "quick_ref":
            return self.flow is not None
        if action == "hint":
            # Only over a player's own private decision: the footer offers it there alone.
            return self.flow is not None and self.flow.active and self.flow.hint_refusal() is None
        return True

    def action_hint(self) -> None:
        """What the hard computer player would do in this private decision."""
        if self.flow is not None:
            self.flow.hint()

    def hint_reasons(self, options: list[tuple[str, float, int]]) -> dict[str, str]:
        """Why the hint likes each move, in the game's words, for the private decision on
        screen: each line's move found again among the legal actions by its words (a list never
        shows two moves in the same words), explained by the plug-in from its figures."""
        flow = self.flow
        decision = flow.private_decision if flow is not None else None
        if flow is None or decision is None:
            return {}
        wanted = {words for words, _, _ in options}
        actions: dict[str, object] = {}
        for action in decision.legal:
            words = flow.ui.describe(action, decision.view, decision.kind)
            if words in wanted:
                actions.setdefault(words, action)
        return {words: flow.ui.hint_reason(actions[words], decision.view, decision.kind, rate, tried)
                for words, rate, tried in options if words in actions}

    def help_markdown(self) -> str:
        return self.flow.ui.help_markdown if self.flow is not None else ""

    def rules_game(self) -> str | None:
        return self.flow.match.game.name if self.flow is not None else None

    # -- learning: tips and the quick reference --------------------------------------
    def tips_on(self, game: str) -> bool:
        """Does a game of `game` give tips? The setup's tick, else the one remembered."""
        if game in self.tips_chosen:
            return self.tips_chosen[game]
        if self.tips_default is not None:
            return self.tips_default
        if not self.autosave:
            return False
        return tip_data.tips_remembered(self.data_dir, game)

    def choose_tips(self, game: str, on: bool) -> None:
        """The setup's tick for tips, kept for this run and remembered like the seats."""
        self.tips_chosen[game] = on
        if self.autosave:
            tip_data.remember_tips_choice(self.data_dir, game, on)

    def _new_tip_desk(self, match: SomeMatch) -> tip_data.TipDesk | None:
        folder = self.flow.ui.assets if self.flow is not None else None
        if folder is None or not self.tips_on(match.game.name):
            return None
        try:
            loaded = tip_data.load_tips(folder)
        except Exception as exc:  # a broken shipped file: no tips, and say why
            self.notify(f"No tips this game: {exc}", severity="warning", markup=False)
            return None
        if self.seen_tips is None:
            self.seen_tips = tip_data.SeenTips(self.data_dir / tip_data.SEEN_NAME if self.autosave else None)
            if self.seen_tips.problem:
                self.notify(self.seen_tips.problem, severity="warning", timeout=8, markup=False)
        names = [None if seat.bot is not None else seat.name for seat in match.seats]
        return tip_data.TipDesk(loaded, match.game.name, self.seen_tips, names)

    def tip_for(self, view: TableView, entries: Sequence[tuple[int, Event]], news_from: int,
                prompt: str | None, seat: int | None) -> tip_data.Tip | None:
        """The tip a screen shows (see `TipDesk.for_screen` in fishtable.tui.tips), or None."""
        desk = self.tip_desk
        if desk is None or self.flow is None or self.flow.finished:
            return None
        return desk.for_screen(view, entries, news_from, prompt, seat)

    def action_quick_ref(self) -> None:
        """`?`: the rule of the tip on screen, if one is; else the game's quick-reference card."""
        flow = self.flow
        screen = self.screen
        if flow is None or isinstance(screen, quickref_screen.QuickRefScreen):
            return
        game = flow.match.game.name
        tip = screen.shown_tip if isinstance(screen, TipScreen) else None
        if tip is not None:
            self.push_screen(quickref_screen.CardRuleScreen(tip, game))
            return
        text = quickref_screen.quickref_text(flow.ui.assets)
        if text is None:
            self.notify("This game has no quick-reference card; r shows its rules.", markup=False)
            return
        self.push_screen(quickref_screen.QuickRefScreen(text, game))

    def action_quit_hint(self) -> None:
        """`q` where it means nothing else: say how to quit."""
        saved = " Your game is saved and can be continued." if self.flow is not None else ""
        self.notify(f"To quit, press Ctrl+Q (or Ctrl+C).{saved}", markup=False)

    def action_request_quit(self) -> None:
        if isinstance(self.screen, quit_screen.QuitScreen):
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                if self.flow is not None:
                    self.flow.stop()
                self.exit()

        self.push_screen(quit_screen.QuitScreen(in_game=self.flow is not None), answered)


def run_app(card_files: Mapping[str, Path | str] | None = None, data_dir: Path | str | None = None) -> int:
    """Run the app until it quits; `card_files` maps a game to the card file its setup offers."""
    app = FishtableApp(data_dir=data_dir, card_files=card_files)
    # Before the app runs: a window closed while the first screen is drawn must not hang it either.
    LeavingGuard(app.leave_on_signal, save=app.save_before_leaving).install()
    code = app.run()
    return code if isinstance(code, int) else 0
