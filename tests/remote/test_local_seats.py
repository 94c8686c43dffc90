"""Several seats at the host's keyboard: one join app passes the keyboard between them (a pass
screen before a seat's private screen whenever another seat had it), their shared table shows only
what everyone may see, and remote seats play on with no pass screen at all."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fishtable.games.fishing_party.actions import DrawBack, Exchange, StartExchange
from fishtable.remote.client import RemoteClient
from fishtable.remote.host import TableHost
from fishtable.remote.seat_app import SeatApp
from fishtable.tui import planner
from fishtable.tui.decision import Acknowledged, Claimed, Decided, Passed
from fishtable.tui.screens.base import REPEAT_WINDOW, get_time
from fishtable.tui.screens.privacy import PrivacyScreen
from fishtable.tui.screens.results import ResultsScreen
from fishtable.tui.screens.study import StudyScreen
from tests.tui.helpers import post_key
from tests.tui.screen_text import screen_text

from .helpers import Player, Watch, hidden_ids, start_table


async def until(condition, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


def asked(app: SeatApp) -> bool:
    """A seat's question is on screen, ready for keys."""
    seat = app.shown_seat
    if seat is None or app.shown_ticket in (0, app.sent_ticket) or app.shown_ticket in app.answered:
        return False
    screen = app.screen
    return bool(getattr(screen, "is_armed", True)) and screen.is_mounted and \
        app.seats_here[seat].ticket == app.shown_ticket


def table_asks(app: SeatApp) -> bool:
    """The table's public question (a reaction) is on screen, ready for keys."""
    table = app.table
    return table is not None and app.screen is table and table.question is not None and table.is_armed


def toasts(app: SeatApp) -> str:
    return " ".join(str(toast.render()) for toast in app.screen.query("Toast"))


def passing(app: SeatApp) -> bool:
    """A pass screen is up, ready for its Enter: the privacy screen, or the public table showing the
    news and naming the seat it passes to."""
    if app.passing is None:
        return False
    if isinstance(app.screen, PrivacyScreen):
        return app.screen.is_mounted and app.screen.is_armed
    return acknowledging(app)


def acknowledging(app: SeatApp) -> bool:
    """The public table waits for Enter on its news (a pass screen with news, or a reveal to study)."""
    table = app.table
    return table is not None and app.screen is table and table.ack is not None and table.is_armed


def studying(app: SeatApp) -> bool:
    return isinstance(app.step, planner.StudyNews) and acknowledging(app)


def studying_secret(app: SeatApp) -> bool:
    """A seat here looks at its hidden draw on the study screen, ready for its Enter."""
    screen = app.screen
    return isinstance(app.step, planner.StudyPrivate) and isinstance(screen, StudyScreen) \
        and screen.is_mounted and screen.is_armed


def pass_keyboard(app: SeatApp) -> None:
    """The Enter of the pass screen on screen (by its seat)."""
    screen = app.screen
    if isinstance(screen, PrivacyScreen):
        screen.post_message(Passed(screen.ticket))
    else:
        assert app.table is not None and app.table.ack is not None
        app.table.post_message(Acknowledged(app.table.ack))


def local_app(host: TableHost, seats: tuple[int, ...]) -> SeatApp:
    links = {seat: host.local_link(host.record.tokens[seat]) for seat in seats}
    first, *others = (RemoteClient(link) for link in links.values())
    return SeatApp(first, arming=0.0, handoff_arming=0.0, more=tuple(others),
                   table=RemoteClient(host.local_link(None)))


async def play_here(app: SeatApp, pilot: Pilot, host: TableHost, rng: random.Random, most: int,
                    secrets: int | None = None) -> dict[str, int]:
    """Answer what the app shows, as its screens would: pass screens by their Enter, decisions with
    a random legal action; check each screen for the cards hidden from whoever may see it. Stops
    after `most` decisions, or once `secrets` studies of a hidden draw were seen."""
    counts = {"passes": 0, "decisions": 0, "unpassed": 0, "questions": 0, "claims": 0, "studies": 0, "secrets": 0}
    last_private: int | None = None
    passed_to: int | None = None
    while counts["decisions"] < most and not isinstance(app.screen, ResultsScreen) \
            and (secrets is None or counts["secrets"] < secrets):
        await until(lambda: asked(app) or passing(app) or table_asks(app) or studying(app)
                    or studying_secret(app) or isinstance(app.screen, ResultsScreen))
        if isinstance(app.screen, ResultsScreen):
            break
        text = screen_text(app)
        if studying_secret(app):
            # A seat here sees what it drew in secret, on its own screen, before its cards are covered:
            # only after its own pass screen or its own last screen, and nothing hidden from it.
            screen = app.screen
            assert isinstance(screen, StudyScreen) and screen.seat in app.seats_here
            assert passed_to == screen.seat or last_private == screen.seat, (passed_to, last_private, screen.seat)
            assert screen.lines and all("draw" in line for line in screen.lines), screen.lines
            assert not [c for c in hidden_ids(host.match, screen.seat) if c in text]
            counts["secrets"] += 1
            last_private = screen.seat
            screen.post_message(Acknowledged(screen.ticket))
            await until(lambda: not studying_secret(app))
            continue
        if studying(app):
            assert not [c for c in hidden_ids(host.match, None) if c in text]
            counts["studies"] += 1
            assert app.table is not None and app.table.ack is not None
            app.table.post_message(Acknowledged(app.table.ack))
            await until(lambda: not studying(app))
            continue
        if table_asks(app):
            assert app.table is not None and app.table.question is not None
            assert not [c for c in hidden_ids(host.match, None) if c in text]
            _, seats, ticket = app.table.question
            assert set(seats) <= set(app.seats_here)  # only the seats here are asked here
            counts["questions"] += 1
            claim = rng.choice(seats) if rng.random() < 0.3 else None
            counts["claims"] += claim is not None
            app.table.post_message(Claimed(ticket, claim))
            await until(lambda: app.asking is None)
            continue
        if passing(app):
            assert not [c for c in hidden_ids(host.match, None) if c in text]
            counts["passes"] += 1
            assert app.passing is not None
            passed_to = app.passing[0]
            shown = app.step_ticket
            pass_keyboard(app)
            # A remote seat's news the opaque pass screen does not show puts it up again, on the
            # table with the news (a new ticket): its Enter again, as a player would.
            await until(lambda: app.passing is None or app.step_ticket != shown)  # noqa: B023
            continue
        seat = app.shown_seat
        assert seat is not None and app.decision is not None
        viewer = seat if app.decision.private else None
        leaked = [c for c in hidden_ids(host.match, viewer) if c in text]
        assert not leaked, f"seat {seat}'s screen shows hidden cards {leaked}"
        if app.decision.private:
            # Another seat's private screen came last: the keyboard was passed in between.
            if last_private is not None and last_private != seat and passed_to != seat:
                counts["unpassed"] += 1
            last_private = seat
        ticket = app.shown_ticket
        app.screen.post_message(Decided(ticket, seat, rng.choice(app.decision.legal)))
        counts["decisions"] += 1
        await until(lambda: ticket in app.answered or app.shown_ticket != ticket)  # noqa: B023
    return counts


@pytest.mark.slow
@pytest.mark.parametrize("game", ["crazy-fishing", "fishing-party-poker", "fishing-party"])
async def test_two_seats_at_the_hosts_keyboard_pass_it_and_a_remote_seat_plays_on(game: str, tmp_path: Path) -> None:
    host = await start_table(game, ("local", "local", "remote"), tmp_path)
    watch = Watch(host)
    whole = game == "fishing-party-poker"
    try:
        seats, _ = host.links()
        assert set(seats) == {2}  # only the remote seat has a link to send
        remote = RemoteClient(seats[2])
        await remote.connect()
        helper = asyncio.create_task(Player(remote, seed=4).play(timeout=180))
        app = local_app(host, (0, 1))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: app.table is not None and app.table.is_mounted)
            most = 10_000 if whole else 30 if game == "fishing-party" else 8
            counts = await play_here(app, pilot, host, random.Random(3), most=most)
            assert counts["decisions"] > 0 and counts["passes"] > 0
            assert counts["unpassed"] == 0
            if game == "fishing-party":  # the Broken Line is asked of the table here once, in public
                assert counts["questions"] > 0
            if whole:
                await until(lambda: isinstance(app.screen, ResultsScreen) and "Final scores" in screen_text(app))
            # Nothing hidden reached any connection of the app: each seat's own, and the shared table's.
            assert not watch.leaks(app.client, 0)
            assert not watch.leaks(app.others[0], 1)
            assert app.table_client is not None and not watch.leaks(app.table_client, None)
        assert not watch.leaks(remote, 2)
        if whole:
            await helper
            assert host.match.is_over
        else:
            helper.cancel()
        await remote.close()
    finally:
        await host.stop()


async def test_a_seat_at_the_hosts_keyboard_studies_its_draw_before_its_cards_are_covered(tmp_path: Path) -> None:
    """Rhythm rule 6 at the host's keyboard: a seat here that draws in secret as its turn ends (Fishing
    Party's refill) looks at the cards on its own study screen before the next pass screen hides
    them, as at the hot seat (play_here checks each study is the drawer's own, and hides nothing
    else). Before, the join app never told the planner the plug-in's private kinds."""
    host = await start_table("fishing-party", ("local", "local"), tmp_path)
    try:
        app = local_app(host, (0, 1))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: app.table is not None and app.table.is_mounted)
            counts = await play_here(app, pilot, host, random.Random(3), most=150, secrets=2)
            assert counts["secrets"] == 2 and counts["unpassed"] == 0, counts
    finally:
        await host.stop()


async def test_one_seat_at_the_keyboard_needs_no_pass_screen(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("local", "remote"), tmp_path)
    try:
        seats, _ = host.links()
        remote = RemoteClient(seats[1])
        await remote.connect()
        helper = asyncio.create_task(Player(remote, seed=4).play(timeout=120))
        app = local_app(host, (0,))
        assert app.table_client is None  # its own table: its connection's public view and its own log
        async with app.run_test(size=(100, 30)) as pilot:
            counts = await play_here(app, pilot, host, random.Random(2), most=3)
            assert counts["decisions"] == 3 and counts["passes"] == 0
        helper.cancel()
        await remote.close()
    finally:
        await host.stop()


@pytest.mark.slow
async def test_a_seat_here_that_claims_the_tables_question_confirms_it_in_private(tmp_path: Path) -> None:
    host = await start_table("fishing-party", ("local", "local", "remote"), tmp_path)
    try:
        seats, _ = host.links()
        remote = RemoteClient(seats[2])
        await remote.connect()
        helper = asyncio.create_task(Player(remote, seed=4).play(timeout=180))
        app = local_app(host, (0, 1))
        rng = random.Random(8)
        async with app.run_test(size=(100, 30)):
            for _ in range(200):  # play on (random answers) until the table is asked
                await until(lambda: asked(app) or passing(app) or table_asks(app) or studying_secret(app))
                if table_asks(app):
                    break
                if studying_secret(app):  # a seat here looks at its draw: its Enter
                    app.screen.post_message(Acknowledged(app.screen.ticket))
                    await until(lambda: not studying_secret(app))
                    continue
                if passing(app):
                    shown = app.step_ticket
                    pass_keyboard(app)
                    # A remote seat's move may put up the pass screen again (a new ticket): Enter again.
                    await until(lambda: app.passing is None or app.step_ticket != shown)  # noqa: B023
                    continue
                ticket, seat = app.shown_ticket, app.shown_seat
                assert app.decision is not None and seat is not None
                app.screen.post_message(Decided(ticket, seat, rng.choice(app.decision.legal)))
                await until(lambda: ticket in app.answered or app.shown_ticket != ticket)  # noqa: B023
            assert table_asks(app) and app.table is not None and app.table.question is not None
            _, asked_seats, ticket = app.table.question
            claimer = asked_seats[0]
            app.table.post_message(Claimed(ticket, claimer))
            # The claimer confirms behind the pass screen if someone else had the keyboard.
            await until(lambda: passing(app) or (asked(app) and app.shown_seat == claimer))
            if passing(app):
                assert app.passing is not None and app.passing[0] == claimer
                pass_keyboard(app)
                await until(lambda: asked(app) and app.shown_seat == claimer)
            assert app.decision is not None and app.decision.private and app.decision.prompt.reaction
            text = screen_text(app)
            assert not [c for c in hidden_ids(host.match, claimer) if c in text]
            # It backs out ("no", the first answer of a reaction): the table goes on.
            step = host.match.step_count
            app.screen.post_message(Decided(app.shown_ticket, claimer, app.decision.legal[0]))
            await until(lambda: host.match.step_count > step)
        helper.cancel()
        await remote.close()
    finally:
        await host.stop()


async def test_the_key_rule_holds_at_the_hosts_keyboard(tmp_path: Path) -> None:
    """As in the hot-seat app: Enter typed twice on a pass screen never answers the decision behind
    it (the repeat is swallowed and said), and any other key acts on it at once. The bounce is
    stamped as the decision comes on screen, within the repeat window of the first Enter, and
    read then, as a terminal stamps a key when it is typed and a busy app reads it later (the
    Pilot stamps a press when it sends it: on a loaded machine, after the window). Should the
    decision come up only after the window, the bounce was typed before it opened."""
    host = await start_table("crazy-fishing", ("local", "local"), tmp_path)
    try:
        links = {seat: host.local_link(host.record.tokens[seat]) for seat in (0, 1)}
        first, second = (RemoteClient(link) for link in links.values())
        app = SeatApp(first, more=(second,), table=RemoteClient(host.local_link(None)))  # the real timings
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await until(lambda: passing(app))
            step = host.match.step_count
            typed = get_time()
            post_key(app, "enter", typed)  # the pass screen's Enter
            await until(lambda: asked(app))
            post_key(app, "enter", min(app.screen.shown_at, typed + REPEAT_WINDOW - 0.05))  # and a bounce of it
            await pilot.pause(0.2)
            assert host.match.step_count == step, "the bounce answered the decision behind the pass screen"
            await until(lambda: "Enter ignored" in toasts(app), 10)  # and the screen says so
            cast = app.screen
            assert not cast.chosen
            await pilot.press("space")  # a key meant for this screen acts at once: a card goes into the cast
            await until(lambda: len(cast.chosen) == 1, 10)
    finally:
        await host.stop()


async def test_a_seat_elsewhere_moving_as_a_seat_here_takes_the_keyboard_costs_no_second_enter(tmp_path: Path) -> None:
    """The table's answer ends Tomás's turn with a draw (Fishing Party's refill), and the remote seat
    plays next: Tomás takes the host's keyboard behind his pass screen to look at his cards. He
    presses Enter just as the remote seat moves: his study comes up and stays, and one Enter each
    suffices (the keyboard then goes back to the table, whose news comes next). Before, the
    remote seat's move put his pass screen up again with a new ticket: the Enter was spent."""
    host = await start_table("fishing-party", ("local", "local", "remote"), tmp_path)
    try:
        seats, _ = host.links()
        remote = RemoteClient(seats[2])
        await remote.connect()
        app = local_app(host, (0, 1))
        rng = random.Random(8)
        done = 0  # the remote seat's last question answered

        def remote_asked() -> bool:
            return bool(remote.legal) and remote.ticket != done

        def studies_at_the_remotes_turn() -> bool:  # a seat here is passed the keyboard to study
            return passing(app) and app.passing is not None and app.passing[0] not in host.match.pending() \
                and 2 in host.match.pending() and remote_asked()

        async def remote_moves() -> None:
            nonlocal done
            snap = remote.seen.snapshot
            assert snap is not None and snap.prompt is not None
            done = remote.ticket  # a reaction: "no" (its first answer), so the table's answer ends turns
            await remote.act(snap.legal[0] if snap.prompt.get("reaction") else rng.choice(snap.legal))

        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(400):
                await until(lambda: asked(app) or passing(app) or table_asks(app) or studying_secret(app)
                            or studying(app) or remote_asked())
                if studies_at_the_remotes_turn():
                    break
                if remote_asked():
                    await remote_moves()
                    await until(lambda: remote.ticket == done or not remote.legal)
                elif studying_secret(app) or studying(app) or passing(app):
                    shown = (app.step, app.step_ticket)
                    if studying_secret(app) or studying(app):
                        (app.screen if studying_secret(app) else app.table).post_message(Acknowledged(app.step_ticket))
                    else:
                        pass_keyboard(app)
                    await until(lambda: (app.step, app.step_ticket) != shown)  # noqa: B023
                elif table_asks(app):
                    assert app.table is not None and app.table.question is not None
                    app.table.post_message(Claimed(app.table.question[2], None))  # nobody
                    await until(lambda: app.asking is None)
                else:
                    ticket, seat = app.shown_ticket, app.shown_seat
                    assert app.decision is not None and seat is not None
                    app.screen.post_message(Decided(ticket, seat, rng.choice(app.decision.legal)))
                    await until(lambda: ticket in app.answered or app.shown_ticket != ticket)  # noqa: B023
            assert studies_at_the_remotes_turn(), "the game never came to the moment this test is about"
            assert app.passing is not None
            seat, steps = app.passing[0], host.match.step_count
            pass_keyboard(app)  # its one Enter, as the remote seat moves
            await remote_moves()
            await until(lambda: host.match.step_count > steps)
            # Every connection of the app has heard of the move, and the app has planned since.
            await until(lambda: app.rhythm is not None and app.rhythm.host_steps == host.match.step_count
                        and app.match().settled)
            await until(lambda: studying_secret(app), 20)  # before: its pass screen again, waiting for Enter
            study = app.screen
            assert isinstance(study, StudyScreen) and study.seat == seat and app.passing is None
            await pilot.pause()  # any refresh the last updates asked for has run: the study stays
            assert app.screen is study and app.passing is None
            study.post_message(Acknowledged(study.ticket))
            await until(lambda: not studying_secret(app))
            assert app.rhythm is not None and app.rhythm.marks.holder != seat  # back with the table
        await remote.close()
    finally:
        await host.stop()


async def test_a_screens_held_steps_are_sent_as_the_planner_gives_them(tmp_path: Path) -> None:
    """An exchange put together card by card (Fishing Party's screen sends StartExchange, then the
    card put aside and DrawBack, `Decided.then`): the host's keyboard sends each step as the seat
    is asked it, with no screen between (the planner's `Held`, as at the hot seat)."""
    host = await start_table("fishing-party", ("local", "local"), tmp_path)
    try:
        app = local_app(host, (0, 1))
        async with app.run_test(size=(100, 30)):
            for _ in range(20):
                await until(lambda: asked(app) or passing(app) or studying_secret(app))
                if passing(app) or studying_secret(app):
                    shown = (app.step, app.step_ticket)
                    if passing(app):
                        pass_keyboard(app)
                    else:
                        app.screen.post_message(Acknowledged(app.step_ticket))
                    await until(lambda: (app.step, app.step_ticket) != shown)  # noqa: B023
                    continue
                decision = app.decision
                assert decision is not None
                if any(isinstance(a, StartExchange) for a in decision.legal):
                    break
                ticket = app.shown_ticket
                app.screen.post_message(Decided(ticket, decision.seat, decision.legal[0]))
                await until(lambda: ticket in app.answered or app.shown_ticket != ticket)  # noqa: B023
            decision = app.decision
            assert decision is not None and decision.private
            assert any(isinstance(a, StartExchange) for a in decision.legal)
            hand = decision.view.hand
            steps = host.match.step_count
            then = (Exchange(card=hand[0].id), DrawBack())
            app.screen.post_message(Decided(app.shown_ticket, decision.seat, StartExchange(), then))
            await until(lambda: host.match.step_count == steps + 3, 20)  # before: the seat asked again, unanswered
            assert app.rhythm is not None and app.rhythm.marks.held is None
    finally:
        await host.stop()
