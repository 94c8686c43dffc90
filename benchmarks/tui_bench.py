"""How fast the app starts and repaints.

1. Launch to first screen, in a real (pseudo-)terminal: fishtable's menu versus an
   empty Textual app (Header, one Static, Footer). Each child process exits as soon
   as its first screen has been written to the terminal; the parent measures the whole
   process, Python start-up included: its CPU time (user + system, from `os.wait4`; what
   a loaded machine inflates least) and its wall time. The two kinds of launch are
   interleaved. Target: fishtable ≤ 1.1 × the empty app in CPU time.
2. Key press to repainted table with a full 27-card sea: the time from an arrow key
   pressed through the Pilot to the refresh after it (`call_after_refresh`), median and
   p95 over 200 presses. Only public Textual hooks, so it measures the Pilot's own waiting
   too: an upper bound.
3. CPU per cursor key (`--cpu-per-key`): the process's CPU time per arrow key, the key
   handled and the screen repainted, on Crazy Fishing's cast screen (a private hand of
   eight cards beside the sea) and catch table (a full 27-card sea), against a Textual
   DataTable of 27 rows (its cursor moved up and down). The same Pilot drives all three,
   interleaved round by round; the ratio to the DataTable is the figure to read. Goal: at
   most 2× the DataTable. The Pilot's own cost is not alike in all three: after each key
   it waits for every widget of the screen to handle a message, about 45 µs of CPU per
   widget per key (the DataTable app with 25 hidden Statics more: 3.44 -> 4.57 ms), and
   the game's screens have about 20 widgets to the DataTable app's 3; a terminal's key
   does not pay that, so the ratio overstates a real key's.

   With `--record FILE` each run appends one JSON line: every round's figures, the medians,
   the ratios, the label (`--label`, "before" or "after" a change, say), the git commit and the
   machine's load average before and after, so runs made before and after a change, alternated
   on a loaded machine, can be compared afterwards.

    python benchmarks/tui_bench.py [--runs 15] [--presses 200]
    python benchmarks/tui_bench.py --cpu-per-key [--presses 200] [--rounds 5] [--record F --label L]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

EMPTY_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Base(App):
    def compose(self):
        yield Header()
        yield Static("Hello")
        yield Footer()

ARGS = {}
"""

FISHTABLE_APP = """
import tempfile
from fishtable.tui.app import FishtableApp as Base
ARGS = {"data_dir": tempfile.mkdtemp()}
"""

# Exit as soon as the first frame has been written to the terminal: Textual sends `Ready`
# to the app right after it displayed its first frame. A wrong first screen exits with 3.
EXIT_ON_FIRST_FRAME = """
import inspect
from pathlib import Path

def _beside_base(css):  # Textual reads CSS_PATH relative to the defining class's file
    if not css:
        return css
    here = Path(inspect.getfile(Base)).parent
    return [here / p for p in ([css] if isinstance(css, (str, Path)) else css)]

class FirstFrame(Base):
    CSS_PATH = _beside_base(Base.CSS_PATH)

    def on_ready(self):
        self.exit(return_code=0 if type(self.screen).__name__ in %(screens)r else 3)

FirstFrame(**ARGS).run()
"""


def child_source(kind: str) -> str:
    body = EMPTY_APP if kind == "empty" else FISHTABLE_APP
    screens = ("Screen",) if kind == "empty" else ("MenuScreen",)
    return body + EXIT_ON_FIRST_FRAME % {"screens": screens}


def launch_once(kind: str) -> tuple[float, float]:
    """One launch: (wall seconds, CPU seconds of the child)."""
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm-256color", COLUMNS="100", LINES="40")
    # Both apps start from compiled bytecode, as on a user's machine: Textual's was compiled
    # when pip installed it, fishtable's is written by the warm-up launch. (Some shells set
    # PYTHONDONTWRITEBYTECODE, which would recompile fishtable's modules on every launch.)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", child_source(kind)],
        stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
    )
    os.close(slave)
    while proc.poll() is None:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:
                break
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
    if proc.returncode != 0:
        raise SystemExit(f"the {kind} launch exited with {proc.returncode} (3: not its expected first screen)")
    elapsed = time.perf_counter() - start
    os.close(master)
    return elapsed, usage.ru_utime + usage.ru_stime


def bench_launch(runs: int) -> None:
    launch_once("empty"), launch_once("fishtable")  # warm the file cache, write the bytecode
    empty, ours = [], []
    for _ in range(runs):
        empty.append(launch_once("empty"))
        ours.append(launch_once("fishtable"))
    ce, co = statistics.median(c for _, c in empty), statistics.median(c for _, c in ours)
    we, wo = statistics.median(w for w, _ in empty), statistics.median(w for w, _ in ours)
    print(f"launch to first screen, median of {runs} (interleaved):")
    print(f"  empty Textual app  CPU {ce * 1000:6.0f} ms   wall {we * 1000:6.0f} ms")
    print(f"  fishtable menu     CPU {co * 1000:6.0f} ms   wall {wo * 1000:6.0f} ms")
    print(f"  ratio              CPU {co / ce:6.2f} (target ≤ 1.10)   wall {wo / we:.2f}")


async def bench_keys(presses: int) -> None:
    sys.path.insert(0, str(ROOT))

    from fishtable.engine.match import Match
    from fishtable.engine.protocol import SeatInfo
    from fishtable.engine.registry import load_game
    from fishtable.tui.app import FishtableApp

    game = load_game("crazy-fishing")
    # Three players or more: the full 27-card sea.
    seats = [SeatInfo(name="Elena"), SeatInfo(name="Bot", bot="random"),
             SeatInfo(name="Bot 2", bot="random")]
    match = Match.start(game, game.options_model()(), seats, 5)
    # Bring Elena to her first catch prompt with the sea still full.
    while not (0 in match.pending() and match.pending()[0].kind == "catch"):
        seat = min(match.pending())
        legal = match.legal_actions(seat)
        if match.pending()[seat].kind == "cast" and seat == 0:
            fastest = max(legal, key=lambda a: len(a.rods))  # go first: the sea is full
            match.apply(seat, fastest)
        else:
            match.apply(seat, legal[0])
    assert match.view(None).sea_count == 27, "sea not full"

    with tempfile.TemporaryDirectory() as data:
        app = FishtableApp(data_dir=data, start_match=match, bot_pause=0, autosave=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.3)
            assert type(app.screen).__name__ == "TableScreen", app.screen
            times = []
            keys = ["right", "down", "left", "up"]
            for n in range(presses):
                start = time.perf_counter()
                await pilot.press(keys[n % 4])
                # The press is handled; wait for the refresh after it (public: call_after_refresh).
                painted = asyncio.Event()
                app.screen.call_after_refresh(painted.set)
                await asyncio.wait_for(painted.wait(), 5)
                times.append(time.perf_counter() - start)
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"key press to repainted table (27-card sea), {presses} presses:")
    print(f"  median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")


def crazy_fishing_at(stop: str, seed: int = 5):  # type: ignore[no-untyped-def]
    """A three-seat Crazy Fishing match (Elena and two random computers) brought to Elena's first
    `stop` decision ("cast" or "catch"), with the full 27-card sea."""
    from fishtable.engine.match import Match
    from fishtable.engine.protocol import SeatInfo
    from fishtable.engine.registry import load_game

    game = load_game("crazy-fishing")
    seats = [SeatInfo(name="Elena"), SeatInfo(name="Bot", bot="random"), SeatInfo(name="Bot 2", bot="random")]
    match = Match.start(game, game.options_model()(), seats, seed)
    while not (0 in match.pending() and match.pending()[0].kind == stop):
        seat = min(match.pending())
        legal = match.legal_actions(seat)
        if match.pending()[seat].kind == "cast" and seat == 0:
            match.apply(seat, max(legal, key=lambda a: len(a.rods)))  # go first: the sea stays full
        else:
            match.apply(seat, legal[0])
    assert match.view(None).sea_count == 27, "sea not full"
    return match


async def cpu_per_key(app, keys: list[str], presses: int, ready) -> float:  # type: ignore[no-untyped-def]
    """The process's CPU seconds per key of `keys` (in turn), each key handled and repainted."""
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            if ready(app):
                break
            await pilot.pause(0.05)
        assert ready(app), f"not ready: {app.screen}"
        for key in keys * 5:  # warm: the first presses build caches
            await pilot.press(key)
        await pilot.pause()
        start = time.process_time()
        for n in range(presses):
            await pilot.press(keys[n % len(keys)])
            painted = asyncio.Event()
            app.screen.call_after_refresh(painted.set)
            await asyncio.wait_for(painted.wait(), 5)
        return (time.process_time() - start) / presses


async def bench_cpu_per_key(presses: int, rounds: int) -> dict[str, list[float]]:
    sys.path.insert(0, str(ROOT))
    from textual.app import App, ComposeResult
    from textual.widgets import DataTable, Footer

    from fishtable.tui.app import FishtableApp

    class TableApp(App[None]):
        def compose(self) -> ComposeResult:
            yield DataTable(id="rows")
            yield Footer()

        def on_mount(self) -> None:
            table = self.query_one(DataTable)
            table.add_columns("#", "Fish", "Size", "Speed", "Bait")
            for n in range(27):
                table.add_row(n + 1, f"Fish {n + 1}", "big" if n % 3 else "small", n % 6 + 1, f"+{n % 4}")
            table.focus()

    runs: dict[str, list[float]] = {"datatable": [], "cast screen": [], "catch table": []}
    with tempfile.TemporaryDirectory() as data:
        for _ in range(rounds):
            runs["datatable"].append(await cpu_per_key(
                TableApp(), ["down", "down", "up", "up"], presses, lambda app: True))
            runs["cast screen"].append(await cpu_per_key(
                FishtableApp(data_dir=data, start_match=crazy_fishing_at("cast"), bot_pause=0, autosave=False),
                ["right", "right", "left", "left"], presses,
                lambda app: type(app.screen).__name__ == "CastScreen"))
            runs["catch table"].append(await cpu_per_key(
                FishtableApp(data_dir=data, start_match=crazy_fishing_at("catch"), bot_pause=0, autosave=False),
                ["right", "down", "left", "up"], presses, lambda app: type(app.screen).__name__ == "TableScreen"))
    medians = {name: statistics.median(values) for name, values in runs.items()}
    base = medians["datatable"]
    print(f"CPU per cursor key, median of {rounds} rounds of {presses} presses:")
    for name, value in medians.items():
        print(f"  {name:12} {value * 1000:6.2f} ms   {value / base:4.2f}x the DataTable")
    return runs


def record(path: Path, label: str, note: str, presses: int, runs: dict[str, list[float]],
           load: tuple[float, ...]) -> None:
    """One JSON line for this run (see the module's docstring)."""
    medians = {name: statistics.median(values) for name, values in runs.items()}
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True, check=False).stdout.strip()
    line = {
        "label": label, "note": note, "commit": commit, "presses": presses, "rounds": len(runs["datatable"]),
        "ms_per_key": {name: round(value * 1000, 3) for name, value in medians.items()},
        "ratio": {name: round(value / medians["datatable"], 3) for name, value in medians.items()
                  if name != "datatable"},
        "rounds_ms": {name: [round(v * 1000, 3) for v in values] for name, values in runs.items()},
        "load_before": load, "load_after": os.getloadavg(), "cpus": os.cpu_count(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    with path.open("a") as out:
        out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5, help="--cpu-per-key: interleaved rounds")
    parser.add_argument("--launch-only", action="store_true", help="skip the key-press measurement")
    parser.add_argument("--cpu-per-key", action="store_true", help="only the CPU per cursor key")
    parser.add_argument("--record", type=Path, help="--cpu-per-key: append this run as a JSON line to this file")
    parser.add_argument("--label", default="", help="--record: what this run measures (before, after)")
    parser.add_argument("--note", default="", help="--record: a note (what else loaded the machine)")
    args = parser.parse_args()
    if args.cpu_per_key:
        load = os.getloadavg()
        runs = asyncio.run(bench_cpu_per_key(args.presses, args.rounds))
        if args.record:
            record(args.record, args.label, args.note, args.presses, runs, load)
    else:
        bench_launch(args.runs)
        if not args.launch_only:
            asyncio.run(bench_keys(args.presses))
