"""The host's browser pages for its links, without a browser: what opens, and what is refused."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import aiohttp
import pytest

from fishtable.remote.host import TableHost
from fishtable.remote.host_command import browser_pages
from tests.remote.helpers import FAST, make_match

pytest.importorskip("textual_serve", reason="the web extra (textual-serve) is not installed")
from fishtable.remote.browser_pages import SeatPages  # after the skip: the web extra may be missing


async def hosted(tmp_path: Path) -> tuple[TableHost, SeatPages]:
    kinds = ("remote", "computer")
    table = TableHost.new(make_match("crazy-fishing", kinds), kinds, save_dir=tmp_path, port=0, rate=FAST)  # type: ignore[arg-type]
    pages = browser_pages(table, SeatPages)
    table.pages = pages
    await table.start()
    assert isinstance(pages, SeatPages)
    return table, pages


async def test_a_seat_link_serves_the_app_page_and_a_wrong_key_gets_nothing(tmp_path: Path) -> None:
    table, _ = await hosted(tmp_path)
    try:
        seats, public = table.links()
        async with aiohttp.ClientSession() as http:
            async with http.get(str(seats[0])) as answer:
                page = await answer.text()
                assert answer.status == 200 and answer.headers["Referrer-Policy"] == "no-referrer"
            # The page's websocket is on the link's own path, on this host.
            assert f'ws://127.0.0.1:{table.port}/join/{seats[0].token}/terminal' in page
            async with http.get(str(public)) as answer:
                assert answer.status == 200 and f"127.0.0.1:{table.port}/table/terminal" in await answer.text()
            async with http.get(f"http://127.0.0.1:{table.port}/join/{'x' * 32}") as answer:
                assert answer.status == 404
                assert "not a seat of this table" in await answer.text()
    finally:
        await table.stop()


async def test_the_page_websocket_refuses_a_foreign_origin_and_a_wrong_key_before_any_app(tmp_path: Path) -> None:
    table, pages = await hosted(tmp_path)
    try:
        seats, _ = table.links()
        own = f"http://127.0.0.1:{table.port}"
        socket = f"ws://127.0.0.1:{table.port}/join/{seats[0].token}/terminal"
        async with aiohttp.ClientSession() as http:
            for origin, url in (
                ("http://localhost:9", socket),  # another site's page
                (None, socket),  # no Origin at all: not the table's page
                (own, f"ws://127.0.0.1:{table.port}/join/{'x' * 32}/terminal"),  # a wrong key
            ):
                headers = {"Origin": origin} if origin else {}
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(url, headers=headers)
                assert refused.value.status == 403
        assert pages.sessions == {} and pages.folder is None  # no app was started, no link written
    finally:
        await table.stop()


def test_the_link_reaches_the_join_app_in_a_file_of_its_own_user_only(tmp_path: Path) -> None:
    pages = SeatPages(bind="127.0.0.1", port=lambda: 8765, opens=lambda token: None,
                      local_link=lambda token: f"http://127.0.0.1:8765/join/{token}")
    command = pages.command("abc", "SECRET-TOKEN")
    assert "SECRET-TOKEN" not in command and "--link-file" in command
    assert pages.folder is not None
    path = pages.folder / "abc.link"
    assert path.read_text() == "http://127.0.0.1:8765/join/SECRET-TOKEN"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(pages.folder).st_mode) == 0o700
    path.unlink()
    pages.folder.rmdir()


async def test_the_public_tables_tab_limit_holds_when_tabs_open_together(tmp_path: Path, monkeypatch) -> None:
    """Handshakes that arrive together each saw room before any was counted, and all opened."""
    from aiohttp import web

    from fishtable.remote import browser_pages as seats_module

    hold = asyncio.Event()

    async def session(request, command, sessions, downloads=None, debug=False, on_open=None):  # type: ignore[no-untyped-def]
        websocket = web.WebSocketResponse()
        await asyncio.sleep(0.05)  # a handshake over a slow network takes a moment
        await websocket.prepare(request)  # a real handshake: the tab is open from here
        if on_open is not None:
            on_open(websocket)
        await hold.wait()  # the app runs until the test is done (no process is started)
        await websocket.close()
        return websocket

    monkeypatch.setattr(seats_module, "run_session", session)
    table, _ = await hosted(tmp_path)
    try:
        own = f"http://127.0.0.1:{table.port}"
        url = f"ws://127.0.0.1:{table.port}/table/terminal"
        async with aiohttp.ClientSession() as http:

            async def open_tab() -> int:
                try:
                    socket = await http.ws_connect(url, headers={"Origin": own})
                except aiohttp.WSServerHandshakeError as refused:
                    return refused.status
                opened.append(socket)
                return 101

            opened: list[aiohttp.ClientWebSocketResponse] = []
            answers = await asyncio.gather(*(open_tab() for _ in range(seats_module.MAX_TABLE_TABS + 3)))
            assert sorted(answers) == [101] * seats_module.MAX_TABLE_TABS + [503] * 3
            hold.set()
            for socket in opened:
                await socket.close()
    finally:
        hold.set()
        await table.stop()
