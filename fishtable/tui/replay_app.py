"""`fishtable replay ID|FILE`: the replay screen in an app of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fishtable.tui.screens.apps import ShellApp
from fishtable.tui.screens.replay import ReplayScreen

if TYPE_CHECKING:
    from fishtable.history.replay import Replay


class ReplayApp(ShellApp[int]):
    TITLE = "fishtable replay"

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.replay), lambda _: self.exit(0))

    def action_request_quit(self) -> None:
        self.exit(0)  # a replay has nothing to lose


def run_replay(replay: Replay) -> int:
    code = ReplayApp(replay).run()
    return code if isinstance(code, int) else 0
