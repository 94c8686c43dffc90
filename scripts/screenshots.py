"""Drive the real app and write SVG screenshots of its main screens into screenshots/.

    python scripts/screenshots.py [--size 120x40]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fishtable.engine.match import Match  # noqa: E402
from fishtable.engine.protocol import SeatInfo  # noqa: E402
from fishtable.engine.registry import load_game  # noqa: E402
from fishtable.tui.app import FishtableApp  # noqa: E402

SEATS = [SeatInfo(name="Elena"), SeatInfo(name="Tomás"), SeatInfo(name="Ernesto", bot="random")]


def new_match(seed: int = 5) -> Match:
    game = load_game("crazy-fishing")
    return Match.start(game, game.options_model()(), SEATS, seed)


def forward(match: Match, stop) -> Match:
    rng = random.Random(1234)
    while not stop(match) and not match.is_over:
        seat = min(match.pending())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def human(kind: str, private: bool | None = None):
    """Stop when a human seat faces a `kind` prompt (public or private if given), no computer pending."""

    def stop(match: Match) -> bool:
        pending = match.pending()
        return not any(match.seats[s].bot for s in pending) and any(
            p.kind == kind and (private is None or p.private == private) for p in pending.values()
        )

    return stop


def public_catch(match: Match) -> bool:
    """A human's public catch turn, with a seat that has fish in its pile (so panels show cards)."""
    view = match.view(None)
    return human("catch", private=False)(match) and view.round >= 2 and any(p.pile_top for p in view.seats)


async def shoot(name: str, size: tuple[int, int], out: Path, match=None, keys=()) -> None:
    with tempfile.TemporaryDirectory() as data:
        app = FishtableApp(data_dir=data, start_match=match, bot_pause=0, autosave=False, arming=(0.0, 0.0))
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.3)
            await app.workers.wait_for_complete()
            for key in keys:
                await pilot.press(key)
                await pilot.pause(0.1)
            await pilot.pause(0.2)
            app.save_screenshot(f"{name}.svg", str(out))
    print("wrote", out / f"{name}.svg")


async def main(size: tuple[int, int]) -> None:
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    await shoot("menu", size, out)
    await shoot("setup", size, out, keys=["enter"])
    await shoot("rules", size, out, keys=["r"])
    await shoot("privacy", size, out, new_match())
    await shoot("cast", size, out, new_match(), keys=["enter", "1", "space", "4", "space"])
    # The public table in a catch turn: no privacy cover, cast cards face up on the seat panels.
    await shoot("table", size, out, forward(new_match(), public_catch), keys=["right"])
    await shoot("table-80x24", (80, 24), out, forward(new_match(), public_catch), keys=["right"])
    await shoot("collect", size, out, forward(new_match(), human("collect")), keys=["enter"])
    await shoot("results", size, out, forward(new_match(), lambda m: m.is_over))
    await fishing_party_shots(size, out)


# -- Fishing Party ---------------------------------------------------------------------------------


def fishing_party_match(stop) -> Match:
    """Two people and a computer, every seat playing like the greedy computer player until `stop`."""
    from fishtable.bots import choose_action

    game = load_game("fishing-party")
    seats = [SeatInfo(name="Elena"), SeatInfo(name="Tomás"), SeatInfo(name="Ernesto", bot="greedy")]
    match = Match.start(game, game.options_model()(), seats, 20)
    while not stop(match) and not match.is_over:
        seat = min(match.pending())
        match.apply(seat, choose_action(match, seat))
    return match


def fishing_party_lively(match: Match) -> bool:
    """Fish in two ponds, an Ouch and a permanent card: everything the table can show."""
    view = match.view(None)
    ponds = sorted((len(p.pond) for p in view.seats), reverse=True)
    return ponds[0] >= 3 and ponds[1] >= 2 and any(p.ouch for p in view.seats) and any(
        p.permanents for p in view.seats)


def fishing_party_asks(match: Match) -> bool:
    """The public table asks "Broken Line, anyone?" of a person."""
    return fishing_party_lively(match) and any(
        p.reaction and match.seats[s].bot is None for s, p in match.pending().items())


def fishing_party_turn(match: Match) -> bool:
    return fishing_party_lively(match) and any(
        p.kind == "turn" and match.seats[s].bot is None for s, p in match.pending().items())


async def fishing_party_shots(size: tuple[int, int], out: Path) -> None:
    """The public table at 120×40 (the Broken Line question before a roll) and a private turn."""
    await shoot("fishing-party-table", (120, 40), out, fishing_party_match(fishing_party_asks))
    # Past the privacy screen, the cursor on a card the rules refuse: the reason shows before commit.
    await shoot("fishing-party-turn", size, out, fishing_party_match(fishing_party_turn), keys=["enter", "1"])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40", help="terminal size, e.g. 80x24")
    width, height = (int(n) for n in parser.parse_args().size.split("x"))
    asyncio.run(main((width, height)))
