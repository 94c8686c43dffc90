"""Issue 45.2, the host's half: a seat's `check` is answered with the engine's words for its own
question only, the words a player at the hot seat gets, and no answer names a card the seat may
not see (only what the seat itself sent may come back)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from fishtable.remote.client import RemoteClient
from fishtable.remote.protocol import Act
from fishtable.remote.table_seen import action_key

from .helpers import Player, close_all, hidden_ids, join_all, start_table

GAMES = ["crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker"]


def with_leaves(value: Any, leaf: str) -> Any:
    """`value` (an action's JSON) with every text but its kind replaced by `leaf`: a card the seat
    may not see, named where its own card was."""
    if isinstance(value, dict):
        return {k: v if k == "kind" else with_leaves(v, leaf) for k, v in value.items()}
    if isinstance(value, list):
        return [with_leaves(v, leaf) for v in value]
    return leaf if isinstance(value, str) else value


async def answered(client: RemoteClient, ticket: int, actions: list[dict[str, Any]]) -> dict[str, str | None]:
    await client.ask_check(ticket, actions)
    await client.wait_for(lambda c: all(action_key(a) in c.seen.checks.get(ticket, {}) for a in actions), 10)
    return client.seen.checks[ticket]


@pytest.mark.parametrize("game", GAMES)
async def test_a_check_says_the_engines_words_and_never_a_card_the_seat_may_not_see(game: str, tmp_path: Path) -> None:
    host = await start_table(game, ("remote", "remote", "computer"), tmp_path)
    clients, public = await join_all(host)
    seat0 = clients[0]
    helper = asyncio.create_task(Player(clients[1], seed=2).play(timeout=120))
    rng = random.Random(7)
    checked = 0
    try:
        for _ in range(6):
            await seat0.wait_for(lambda c: bool(c.legal) or c.seen.result is not None, 60)
            if seat0.seen.result is not None:
                break
            ticket, legal = seat0.ticket, seat0.legal
            hidden = sorted(hidden_ids(host.match, 0))
            strangers = rng.sample(hidden, min(2, len(hidden)))
            probes = legal[:20] + [with_leaves(a, h) for a in legal[:20] for h in strangers]
            probes = list({action_key(p): p for p in probes}.values())[:64]
            step = host.match.step_count
            answers = await answered(seat0, ticket, probes)
            still = host.match.step_count == step  # nobody moved meanwhile: the same position
            for probe in probes:
                reason = answers[action_key(probe)]
                if probe in legal:
                    assert reason is None, (probe, reason)
                elif still:  # the hot seat's words for that move (a malformed one: "not a move")
                    try:
                        words = host.match.check(0, host.match.game.parse_action(probe))
                    except (ValidationError, ValueError, TypeError):
                        words = f"That is not a move of {host.match.game.title}."
                    assert reason == words, (probe, reason, words)
                sent = json.dumps(probe, ensure_ascii=False)
                named = [h for h in hidden if h in (reason or "") and h not in sent]
                assert not named, (probe, reason)
                checked += 1
            await seat0.act(rng.choice(legal))
            await seat0.wait_for(lambda c: c.ticket != ticket or c.seen.result is not None, 60)  # noqa: B023
        assert checked > 0
    finally:
        helper.cancel()
        await close_all(*clients.values(), public)
        await host.stop()


async def test_a_check_is_answered_only_for_the_seats_own_question_now(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    clients, public = await join_all(host)
    try:
        seat0, seat1 = clients[0], clients[1]
        await seat0.wait_for(lambda c: bool(c.legal))
        ticket, probe = seat0.ticket, seat0.legal[0]
        # The public table, another seat's ticket, a question no longer asked: no answer at all.
        await public.send_raw(json.dumps({"v": 1, "type": "check", "seat": 0, "ticket": ticket, "actions": [probe]}))
        await seat1.send_raw(json.dumps({"v": 1, "type": "check", "seat": 1, "ticket": ticket, "actions": [probe]}))
        await seat0.ask_check(ticket + 1000, [probe])
        # Each connection's messages are answered in order: these refusals come after the checks.
        for client, seat in ((public, 0), (seat1, 1), (seat0, 0)):
            refused = len(client.seen.refusals)
            await client.send(Act(seat=seat, ticket=-1, action=probe))
            await client.wait_for(lambda c: len(c.seen.refusals) > refused)  # noqa: B023
            assert not client.seen.checks.get(ticket if client is not seat0 else ticket + 1000)
        assert (await answered(seat0, ticket, [probe])) == {action_key(probe): None}
    finally:
        await close_all(*clients.values(), public)
        await host.stop()
