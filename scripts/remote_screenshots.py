"""Two remote seats of one table, each on its own terminal: SVG screenshots for the README.

    python scripts/remote_screenshots.py [--size 100x30]

A host on a free loopback port deals Big Fish for Elena and Tomás (remote) and
Ernesto (computer); each seat's join app is opened in turn at its first
private decision and saved as screenshots/remote-<name>.svg.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fishtable.engine.match import Match  # noqa: E402
from fishtable.engine.protocol import SeatInfo  # noqa: E402
from fishtable.engine.registry import load_game  # noqa: E402
from fishtable.remote.client import RemoteClient  # noqa: E402
from fishtable.remote.host import TableHost  # noqa: E402
from fishtable.remote.seat_app import SeatApp  # noqa: E402

SEATS = [SeatInfo(name="Elena"), SeatInfo(name="Tomás"), SeatInfo(name="Ernesto", bot="random")]


async def shoot(size: tuple[int, int]) -> None:
    game = load_game("big-fish")
    match = Match.start(game, game.options_model()(), SEATS, 5)
    with tempfile.TemporaryDirectory() as folder:
        host = TableHost.new(match, ("remote", "remote", "computer"), save_dir=Path(folder), port=0)
        await host.start()
        try:
            links, _ = host.links()
            for seat in (0, 1):
                app = SeatApp(RemoteClient(links[seat]), arming=0.0)
                async with app.run_test(size=size):
                    async with asyncio.timeout(60):
                        while not (app.shown_ticket and app.screen.is_mounted):
                            await asyncio.sleep(0.05)
                        await asyncio.sleep(0.5)  # let the screen paint
                    name = SEATS[seat].name.lower().replace("á", "a")
                    app.save_screenshot(f"remote-{name}.svg", str(ROOT / "screenshots"))
                    print(f"screenshots/remote-{name}.svg")
        finally:
            await host.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="100x30")
    width, height = (int(n) for n in parser.parse_args().size.split("x"))
    asyncio.run(shoot((width, height)))


if __name__ == "__main__":
    main()
