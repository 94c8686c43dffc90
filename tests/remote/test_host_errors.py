"""The host's errors show and its computer loop shares nothing it should not: a failing computer
player is told to the table as it happens, a move is applied exactly once, the table answers
people while a computer thinks, and a failed save is said at once."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from fishtable.bots import Choice
from fishtable.remote import computers as computers_module
from fishtable.remote import host as host_module
from fishtable.remote.host import TableHost

from .helpers import FAST, Player, close_all, join_all, make_match, start_table

KINDS = ("remote", "computer")  # Crazy Fishing: both cast at once, so a person can act while it thinks


class BrokenBot:
    name = "broken"
    needs_view = False

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        raise RuntimeError("the bot fell over")


def with_bot(monkeypatch: pytest.MonkeyPatch, bot: Any) -> None:
    real = computers_module.prepare_choice

    def prepare(match: Any, seat: int, **kw: Any) -> Choice[Any, Any]:
        choice = real(match, seat, **kw)
        return Choice(bot, choice.view, choice.legal, choice.rng)

    monkeypatch.setattr(computers_module, "prepare_choice", prepare)


async def test_a_failing_computer_player_is_told_to_the_table_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    with_bot(monkeypatch, BrokenBot())
    host = await start_table("crazy-fishing", KINDS, tmp_path)
    heard: list[str] = []
    host.on_note.append(heard.append)
    try:
        clients, public = await join_all(host)
        line = "Tomás's computer player failed (RuntimeError: the bot fell over); it plays a legal move instead."
        await Player(clients[0], seed=1).play(stop=lambda: host.match.step_count >= 6)
        await public.wait_for(lambda c: line in c.log_lines, 10)
        assert line in clients[0].log_lines and line in heard
        assert host.match.step_count >= 6  # the computer seat moved all the same
        await close_all(clients[0], public)
    finally:
        await host.stop()


async def test_a_move_is_applied_once_even_when_applying_it_fails_midway(tmp_path: Path) -> None:
    """The old loop caught a failure after `match.apply` and applied a fallback move on top."""
    kinds = ("computer", "computer")
    host = TableHost.new(make_match("crazy-fishing", kinds), kinds, save_dir=tmp_path, port=0, rate=FAST)
    steps: list[int] = []
    heard: list[str] = []

    def fail_once(match: Any) -> None:
        steps.append(match.step_count)
        if len(steps) == 1:
            raise OSError("the disk went away")

    host.on_applied.append(fail_once)
    host.on_note.append(heard.append)
    await host.start()
    try:
        for _ in range(200):
            if heard:
                break
            await asyncio.sleep(0.05)
        assert heard and "The computer players stopped (OSError: the disk went away)" in heard[0]
        assert steps == [1] and host.match.step_count == 1  # one move, never a second on top
    finally:
        await host.stop()  # closes every connection though the loop died: nothing re-raised


async def test_the_table_answers_a_person_while_a_computer_thinks(tmp_path: Path, monkeypatch) -> None:
    release = threading.Event()
    thinking = threading.Event()

    class SlowBot:
        name = "slow"
        needs_view = False

        def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
            thinking.set()
            assert release.wait(30)
            return legal[0]

    with_bot(monkeypatch, SlowBot())
    host = await start_table("crazy-fishing", KINDS, tmp_path)
    try:
        clients, public = await join_all(host)
        assert await asyncio.to_thread(thinking.wait, 10)
        before = host.match.step_count
        await clients[0].act(clients[0].seen.snapshot.legal[0])  # the person casts meanwhile
        await public.wait_for(lambda c: c.step > before, 10)  # applied while the computer still thinks
        assert not release.is_set()
        release.set()
        await public.wait_for(lambda c: c.step > before + 1, 10)  # then the computer's move, once
        await close_all(clients[0], public)
    finally:
        release.set()
        await host.stop()


async def test_a_failed_save_is_said_at_once_and_once(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    try:
        clients, public = await join_all(host)
        save = tmp_path / host_module.SAVE_NAME
        save.unlink()
        save.mkdir()  # a folder where the save goes: every save fails from now on
        players = [Player(c, seed=s) for s, c in clients.items()]
        await asyncio.gather(*(p.play(stop=lambda: host.match.step_count >= 6) for p in players))
        await public.wait_for(lambda c: any("unsaved" in t for t in c.log_lines), 10)
        assert sum("unsaved" in t for t in public.log_lines) == 1
        await close_all(*clients.values(), public)
    finally:
        await host.stop()


def test_the_host_keeps_no_write_only_list_of_bot_errors(tmp_path: Path) -> None:
    assert not hasattr(TableHost, "bot_errors")
