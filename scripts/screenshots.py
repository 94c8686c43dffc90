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

from textual.widgets import Input  # noqa: E402

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


async def settled(app: FishtableApp, pilot, tries: int = 100) -> None:
    """Wait until the screen stops changing (a long page such as the rules mounts its blocks a
    few at a time, and the scrollbar follows): two frames 0.1 s apart the same. A text box's
    cursor is held shown, as the snapshot tests hold it, or the shot would catch either blink."""
    for box in app.screen.query(Input):
        box.cursor_blink = False
    last = None
    for _ in range(tries):
        await pilot.pause(0.1)
        frame = app.export_screenshot()
        if frame == last:
            return
        last = frame
    raise RuntimeError("The screen never settled: a screenshot of it would be a moment, not the screen.")


async def shoot(name: str, size: tuple[int, int], out: Path, match=None, keys=()) -> None:
    with tempfile.TemporaryDirectory() as data:
        app = FishtableApp(data_dir=data, start_match=match, bot_pause=0, autosave=False, arming=(0.0, 0.0))
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.3)
            await app.workers.wait_for_complete()
            for key in keys:
                await pilot.press(key)
                await pilot.pause(0.1)
            await app.workers.wait_for_complete()  # a hint, a computer seat
            await settled(app, pilot)
            app.save_screenshot(f"{name}.svg", str(out))
    print("wrote", out / f"{name}.svg")


async def main(size: tuple[int, int]) -> None:
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    await shoot("menu", size, out)
    await shoot("setup", size, out, keys=["enter"])
    await shoot("rules", size, out, keys=["r"])
    await shoot("privacy", size, out, new_match())
    await shoot("cast", size, out, new_match(), keys=["enter", "1", "4"])
    # The public table in a catch turn: no privacy cover, cast cards face up on the seat panels.
    await shoot("table", size, out, forward(new_match(), public_catch), keys=["right"])
    await shoot("table-80x24", (80, 24), out, forward(new_match(), public_catch), keys=["right"])
    await shoot("collect", size, out, forward(new_match(), human("collect")), keys=["enter"])
    await shoot("results", size, out, forward(new_match(), lambda m: m.is_over))
    # F2 on a private screen: what the hard computer player would do, from this seat's view.
    await shoot("hint", size, out, new_match(), keys=["enter", "f2"])
    await crazy_fishing_shots(size, out)
    await big_fish_shots(size, out)
    await poker_shots(size, out)
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


# -- Fishing Party Poker ------------------------------------------------------------------------------

POKER_SEATS = [SeatInfo(name="Elena"), SeatInfo(name="Tomás"), SeatInfo(name="Ernesto", bot="greedy"),
               SeatInfo(name="Marta")]


def poker_match(seed: int) -> Match:
    game = load_game("fishing-party-poker")
    return Match.start(game, game.options_model()(starting_chips=20), POKER_SEATS, seed)


def poker_position(wanted) -> Match:
    """The first seeded session (random moves) reaching a position where `wanted(match, seat)` holds
    for the seat to act, a person: that seat's decision comes next, behind the privacy screen."""
    for seed in range(1, 1000):
        match, rng = poker_match(seed), random.Random(seed)
        while not match.is_over and match.view(None).hand_number <= 4:
            (seat,) = match.pending()
            if match.seats[seat].bot is None and wanted(match, seat):
                return match
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    raise SystemExit("no seeded session reaches the wanted poker position")


def poker_table_worth_showing(match: Match, seat: int) -> bool:
    """A person to call in betting round 2, with a side pot, a folded seat, and another person
    to act after the call (so the table shows the call before passing the keyboard on)."""
    from fishtable.engine.resume import replay
    from fishtable.games.fishing_party_poker.actions import CALL

    view = match.view(None)
    if view.betting_round != 2 or CALL not in match.legal_actions(seat):
        return False
    after = replay(match.to_save())  # a copy to try the call on
    after.apply(seat, CALL)
    view = after.view(None)
    (following,) = after.pending() or {None: None}
    return (
        len(view.pots) > 1 and any(p.status == "folded" for p in view.seats)
        and following is not None and after.seats[following].bot is None and view.phase == "betting"
    )


async def poker_shots(size: tuple[int, int], out: Path) -> None:
    # The public table after a call in betting round 2: pots and side pot, FOLDED, ALL IN, the dealer.
    table = poker_position(poker_table_worth_showing)
    await shoot("fishing-party-poker-table", (120, 40), out, table, keys=["enter", "c", "enter"])
    # A swap, in private: a hand card and a community card picked, the hand it would make.
    swap = poker_position(lambda match, seat: match.pending()[seat].kind == "swap")
    await shoot("fishing-party-poker-swap", size, out, swap, keys=["enter", "2", "3"])


# -- Crazy Fishing: six seats, the Fish Finder on a covered fish, the own catch pile ----------------

SIX = [SeatInfo(name="Elena"), SeatInfo(name="Tomás"), SeatInfo(name="Ernesto", bot="random"),
       SeatInfo(name="Ana María", bot="random"), SeatInfo(name="Bartholomew", bot="random"),
       SeatInfo(name="Zoë", bot="random")]


def finder_turn(match: Match) -> bool:
    """A human's private catch turn with a Fish Finder look left and a covered fish in the sea."""
    view = match.view(None)
    return (
        human("catch", private=True)(match)
        and view.turn is not None and view.turn.looks_left > 0
        and any(f.covered for f in view.sea)
    )


async def crazy_fishing_shots(size: tuple[int, int], out: Path) -> None:
    game = load_game("crazy-fishing")

    def six() -> Match:  # a fresh match for each shot: the app plays on the one it is given
        return forward(Match.start(game, game.options_model()(), SIX, 5), public_catch)

    await shoot("crazy-fishing-six-seats-80x24", (80, 24), out, six())
    await shoot("crazy-fishing-six-seats-100x30", (100, 30), out, six())
    match = forward(new_match(), finder_turn)
    covered = next(f.label for f in match.view(None).sea if f.covered)
    # Pass the keyboard, point at a covered fish by number, and try it: the prompt says why not.
    keys = ["enter", *str(covered), "enter"]
    await shoot("crazy-fishing-finder-80x24", (80, 24), out, match, keys=keys)
    await shoot("crazy-fishing-pile", size, out, forward(new_match(), human("collect")), keys=["enter", "p"])


# -- Big Fish ---------------------------------------------------------------------------------------

BIG_FISH_SEATS = [
    SeatInfo(name="Elena"), SeatInfo(name="Tomás"), SeatInfo(name="Ernesto", bot="greedy"),
    SeatInfo(name="Mai", bot="greedy"), SeatInfo(name="Kofi", bot="greedy"),
]


def big_fish_match(seed: int = 10) -> Match:
    """Five players in round 3: a person with a full hand is to spawn."""
    game = load_game("big-fish")
    match = Match.start(game, game.prepare_options(game.options_model()()), BIG_FISH_SEATS, seed)

    def stop(m: Match) -> bool:
        pending = m.pending()
        view = m.view(None)
        return view.round >= 3 and len(pending) == 1 and any(
            p.kind == "spawn" and m.seats[s].bot is None and len(m.view(s).hand or ()) >= 5
            and len(view.seats[s].spot) >= 2 for s, p in pending.items())

    rng = random.Random(99)
    while not stop(match) and not match.is_over:
        seat = min(match.pending())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


async def big_fish_table_shot(size: tuple[int, int], out: Path) -> None:
    """Enter through the person's turn (the first thing each step offers) until the table
    shows everyone the news before the next handoff."""
    with tempfile.TemporaryDirectory() as data:
        app = FishtableApp(data_dir=data, start_match=big_fish_match(), bot_pause=0, autosave=False,
                           arming=(0.0, 0.0))
        async with app.run_test(size=size) as pilot:
            for _ in range(30):
                await pilot.pause(0.2)
                await app.workers.wait_for_complete()
                await pilot.pause(0.1)
                screen = app.screen
                if type(screen).__name__ == "TableScreen" and getattr(screen, "kind", None) == "ack":
                    break
                await pilot.press("enter")
            app.save_screenshot("big-fish-table.svg", str(out))
    print("wrote", out / "big-fish-table.svg")


async def big_fish_shots(size: tuple[int, int], out: Path) -> None:
    """The public table with five players, and a turn screen (the Spawn step, a fish pointed at)."""
    await big_fish_table_shot(size, out)
    await shoot("big-fish-turn", size, out, big_fish_match(), keys=["enter", "down"])


# The game sections above are defined before this runs.
if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="120x40", help="terminal size, e.g. 80x24")
    width, height = (int(n) for n in parser.parse_args().size.split("x"))
    asyncio.run(main((width, height)))

