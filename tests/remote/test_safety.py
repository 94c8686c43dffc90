"""Every hostile or mistaken message is refused in words and changes nothing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from fishtable.remote.client import JoinRefused, RemoteClient
from fishtable.remote.host import RateLimit, TableHost
from fishtable.remote.links import Link
from fishtable.remote.protocol import MAX_CLIENT_MESSAGE_BYTES, Act

from .helpers import Player, Watch, close_all, join_all, start_table


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[TableHost]:
    host = await start_table("crazy-fishing", ("remote", "remote", "remote"), tmp_path,
                             rate=RateLimit(per_second=5, burst=20, drop_after=10_000))
    yield host
    await host.stop()


def fingerprint(host: TableHost) -> tuple[str, int, int]:
    return host.match.state_hash(), host.match.step_count, host.applied


async def refused(client: RemoteClient, text: str, timeout: float = 10.0) -> str:
    """Send raw text and return the refusal it gets."""
    before = len(client.seen.refusals)
    await client.send_raw(text)
    await client.wait_for(lambda c: len(c.seen.refusals) > before, timeout)
    return client.seen.refusals[before]


async def test_a_wrong_token_is_refused(table: TableHost) -> None:
    before = fingerprint(table)
    stranger = RemoteClient(Link("127.0.0.1", table.port, "not-a-real-token-" + "x" * 15))
    with pytest.raises(JoinRefused, match="not a seat of this table"):
        await stranger.connect()
    await stranger.close()
    # A token one character off is no better.
    token = table.record.tokens[0]
    near = RemoteClient(Link("127.0.0.1", table.port, token[:-1] + ("A" if token[-1] != "A" else "B")))
    with pytest.raises(JoinRefused):
        await near.connect()
    await near.close()
    assert fingerprint(table) == before
    assert table.connections == 0


async def test_a_foreign_origin_is_refused_and_the_own_origin_is_not(table: TableHost) -> None:
    seats, _ = table.links()
    evil = RemoteClient(seats[0], origin="http://evil.example")
    with pytest.raises(JoinRefused, match="403"):
        await evil.connect()
    await evil.close()
    same_port_other_host = RemoteClient(seats[0], origin=f"http://localhost.evil.example:{table.port}")
    with pytest.raises(JoinRefused):
        await same_port_other_host.connect()
    await same_port_other_host.close()
    own = RemoteClient(seats[0], origin=f"http://127.0.0.1:{table.port}")
    await own.connect()
    assert own.seen.seat == 0
    await own.close()
    # A front end the host named (a browser page on another port) may.
    table.transport.origins = frozenset({"http://127.0.0.1:9999"})
    named = RemoteClient(seats[0], origin="http://127.0.0.1:9999")
    await named.connect()
    assert named.seen.seat == 0
    await named.close()


async def test_oversized_malformed_and_binary_messages_are_refused(table: TableHost) -> None:
    clients, public = await join_all(table)
    me = next(c for c in clients.values() if c.legal)
    before = fingerprint(table)
    good = Act(seat=me.seen.seat, ticket=me.ticket, action=me.legal[0]).model_dump(mode="json")
    padded = dict(good, action=dict(good["action"], pad="x" * MAX_CLIENT_MESSAGE_BYTES))
    assert "too long" in await refused(me, json.dumps(padded))
    assert "not valid JSON" in await refused(me, "{not json")
    assert "nested too deeply" in await refused(me, "[" * 50 + "]" * 50)
    assert "another version" in await refused(me, json.dumps(dict(good, v=2)))
    assert "not a fishtable message" in await refused(me, json.dumps({"type": "shout"}))
    assert "said hello already" in await refused(me, json.dumps({"type": "hello", "token": None}))
    assert fingerprint(table) == before
    # Past the hard cap the host closes the connection; the seat may rejoin.
    await me.send_raw("x" * (8 * MAX_CLIENT_MESSAGE_BYTES))
    await me.wait_for(lambda c: not c.connected, 10)
    assert fingerprint(table) == before
    await me.connect()
    assert me.connected and fingerprint(table) == before
    await close_all(*clients.values(), public)


async def test_acting_out_of_place_is_refused(table: TableHost) -> None:
    clients, public = await join_all(table)
    pending = table.match.pending()
    asked = min(pending)
    me = clients[asked]
    before = fingerprint(table)
    other = (asked + 1) % 3
    # An action for another seat.
    reason = await refused(me, Act(seat=other, ticket=me.ticket, action=me.legal[0]).model_dump_json())
    assert f"cannot act for seat {other + 1}" in reason
    # The public table cannot act.
    table_act = Act(seat=asked, ticket=me.ticket, action=me.legal[0]).model_dump_json()
    assert "public table cannot play" in await refused(public, table_act)
    # A stale ticket.
    assert "moved on" in await refused(me, Act(seat=asked, ticket=me.ticket - 1, action=me.legal[0]).model_dump_json())
    # Something that is no action of the game, and an action the rules do not allow now.
    assert "not a move of Crazy Fishing" in await refused(
        me, Act(seat=asked, ticket=me.ticket, action={"kind": "dance"}).model_dump_json())
    assert fingerprint(table) == before
    # A seat that is not asked.
    idle = next((s for s in clients if s not in pending), None)
    if idle is not None:
        act = Act(seat=idle, ticket=1, action=me.legal[0]).model_dump_json()
        assert "not your turn" in await refused(clients[idle], act)
    assert fingerprint(table) == before
    await close_all(*clients.values(), public)


async def test_an_illegal_action_gets_the_local_players_sentence(table: TableHost) -> None:
    clients, public = await join_all(table)
    assert set(table.match.pending()) == {0, 1, 2}  # the first secret cast
    me = clients[0]
    # Seat 1's cast, sent by seat 0: well formed, but not seat 0's cards.
    illegal = next(a for a in table.match.legal_actions(1) if table.match.check(0, a) is not None)
    before = fingerprint(table)
    expected = table.match.check(0, illegal)
    reason = await refused(me, Act(seat=0, ticket=me.ticket, action=illegal.model_dump(mode="json"))
                           .model_dump_json())
    assert reason == expected
    assert fingerprint(table) == before
    await close_all(*clients.values(), public)


async def test_a_flood_is_refused_and_changes_nothing(table: TableHost) -> None:
    clients, public = await join_all(table)
    asked = min(table.match.pending())
    me = clients[asked]
    before = fingerprint(table)
    stale = Act(seat=asked, ticket=me.ticket - 1, action=me.legal[0]).model_dump_json()
    for _ in range(200):
        await me.send_raw(stale)
    await me.wait_for(lambda c: any("Too many messages" in r for r in c.seen.refusals), 10)
    assert fingerprint(table) == before
    # Everything past the burst was dropped unread: far fewer answers than messages.
    assert sum("moved on" in r for r in me.seen.refusals) <= 40
    await close_all(*clients.values(), public)


async def test_a_flood_past_the_limit_closes_the_connection(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path,
                             rate=RateLimit(per_second=1, burst=5, drop_after=20))
    try:
        clients, public = await join_all(host)
        before = fingerprint(host)
        for _ in range(100):
            if not clients[0].connected_socket:
                break
            await clients[0].send_raw('{"type": "shout"}')
        await clients[0].wait_for(lambda c: not c.connected, 10)
        assert "connection is closed" in clients[0].closed_reason
        assert fingerprint(host) == before
        await close_all(*clients.values(), public)
    finally:
        await host.stop()


async def test_a_seat_that_joins_after_the_end_sees_the_result_and_a_wrong_key_is_still_refused(
    tmp_path: Path,
) -> None:
    """While the host is up after the end, every seat may still see the result (issue 45.4)."""
    host = await start_table("fishing-party-poker", ("remote", "remote"), tmp_path)
    try:
        clients, public = await join_all(host)
        await asyncio.gather(*(Player(c, seed=s).play() for s, c in clients.items()))
        assert host.match.is_over
        seats, _ = host.links()
        late = RemoteClient(seats[0])
        await late.connect()
        await late.wait_for(lambda c: c.seen.result is not None, 10)
        assert late.result == host.match.result()
        await late.close()
        wrong = RemoteClient(Link(seats[0].host, seats[0].port, "x" * 32))
        with pytest.raises(JoinRefused, match="key is wrong"):
            await wrong.connect()
        await wrong.close()
        await close_all(*clients.values(), public)
    finally:
        await host.stop()


async def test_the_scan_finds_a_card_of_another_seat(table: TableHost) -> None:
    """The leak scan of the game tests can fail: a frame holding seat 1's view leaks to seat 0."""
    watch = Watch(table)
    fake = RemoteClient(table.links()[0][0])
    view = table.match.view(1).model_dump(mode="json")
    fake.frames.append(json.dumps({"type": "update", "snapshot": {"step": table.match.step_count, "view": view}}))
    assert watch.leaks(fake, 0)
    assert not watch.leaks(fake, 1)


async def test_a_loopback_table_answers_only_to_its_own_names(table: TableHost) -> None:
    """DNS rebinding: a page of another site whose name now points at 127.0.0.1 gets nothing."""
    async with aiohttp.ClientSession() as session:
        url = f"http://127.0.0.1:{table.port}/ws"
        with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
            await session.ws_connect(url, headers={"Host": f"evil.example:{table.port}",
                                                  "Origin": f"http://evil.example:{table.port}"})
        assert caught.value.status == 403
        async with session.ws_connect(url, headers={"Host": f"localhost:{table.port}"}) as ws:
            await ws.send_str(json.dumps({"type": "hello", "token": None}))
            assert json.loads((await ws.receive()).data)["type"] == "welcome"
