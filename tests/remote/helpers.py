"""A loopback table for the tests: a host on a free port, headless seats that play from what they
received, and the cards each seat may not see, computed from the host's full state."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fishtable.bots import get_bot
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.remote.client import RemoteClient
from fishtable.remote.host import RateLimit, TableHost
from fishtable.remote.views import rebuild_view
from tests.games.big_fish.test_properties import hidden_from as bf_hidden
from tests.games.crazy_fishing.test_properties import hidden_from as cf_hidden
from tests.games.fishing_party.test_properties import hidden_from as fp_hidden
from tests.games.fishing_party_poker.test_properties import hidden_from as poker_hidden

NAMES = ("Elena", "Tomás", "Ernesto", "Ana")
# Short games: one poker hand; Fishing Party's Quick-Play.
OPTIONS: dict[str, dict[str, Any]] = {
    "crazy-fishing": {},
    "fishing-party": {"quick_play": True},
    "big-fish": {},
    "fishing-party-poker": {"max_hands": 1},
}
# Test clients are machines: a rate a person never reaches must not slow them down.
FAST = RateLimit(per_second=10_000, burst=10_000)
# View fields that name cards as public history, not where they lie: Big Fish's reshuffles
# list the face-up discard pile each new deck was made of (its property test leaves them out too).
PUBLIC_HISTORY: dict[str, tuple[str, ...]] = {"big-fish": ("reshuffles",)}


def make_match(game: str, kinds: tuple[str, ...], seed: int = 11) -> Match:
    loaded = get_entry(game).load()
    seats = [SeatInfo(name=NAMES[i], bot="random" if kind == "computer" else None) for i, kind in enumerate(kinds)]
    return Match.start(loaded, loaded.options_model()(**OPTIONS[game]), seats, seed)


def hidden_ids(match: Match, seat: int | None) -> set[str]:
    """The identifiers of every card `seat` (None: the public table) may not see now."""
    state = match._state  # the host's full state, read on the test side only
    name = match.game.name
    if name == "crazy-fishing":
        return {state.cards[c].cid for c in cf_hidden(state, seat)}
    if name == "big-fish":
        return {state.cids[c] for c in bf_hidden(state, seat)}
    if name == "fishing-party-poker":
        return {state.cids[c] for c in poker_hidden(state, seat)}
    if name == "fishing-party":
        zones = {"draw": state.draw, "discard": state.discard, "aside": state.aside}
        out = set()
        for zone, i in fp_hidden(state, -1 if seat is None else seat):
            cards = state.hands[int(zone[5:])] if zone.startswith("hand ") else zones[zone]
            out.add(state.static.cids[cards[i]])
        return out
    raise LookupError(name)


class Watch:
    """Records, after every action the host applies, what each viewer may not see at that step."""

    def __init__(self, host: TableHost) -> None:
        self.history = PUBLIC_HISTORY.get(host.match.game.name, ())
        self.viewers: tuple[int | None, ...] = (None, *range(len(host.match.seats)))
        self.hidden: dict[int, dict[int | None, set[str]]] = {}
        self.follow(host)

    def follow(self, host: TableHost) -> None:
        """Watch this host too (a restarted one, say)."""
        self.record(host.match)
        host.on_applied.append(self.record)

    def record(self, match: Match) -> None:
        self.hidden[match.step_count] = {v: hidden_ids(match, v) for v in self.viewers}

    def leaks(self, client: RemoteClient, seat: int | None) -> list[str]:
        """Every hidden card of another seat found in a frame this client received."""
        found = []
        step = min(self.hidden)
        for frame in client.frames:
            data = json.loads(frame)
            snapshot = data.get("snapshot")
            if snapshot is not None:
                step = snapshot["step"]
                for name in self.history:
                    for part in ("view", "table"):
                        (snapshot.get(part) or {}).pop(name, None)
            text = json.dumps(data, ensure_ascii=False)
            for cid in self.hidden[step][seat]:
                if f'"{cid}"' in text:
                    found.append(f"{cid} at step {step} in a {data['type']} frame")
        return found


def private_lines_received(host: TableHost, client: RemoteClient, seat: int | None) -> list[str]:
    """Every log text another seat alone may read (its cards by name: "You are dealt 6♣ Q♣…")
    found in a frame this client received; a text the seat may also read as a line of its own
    does not count."""
    events = host.match.events_since(0)
    readable = {e.text for e in events if e.visible_for(seat)}
    hidden = {e.text for e in events if not e.visible_for(seat)} - readable
    found = []
    for frame in client.frames:
        text = json.dumps(json.loads(frame), ensure_ascii=False)
        found.extend(line for line in hidden if json.dumps(line, ensure_ascii=False) in text)
    return found


class Player:
    """A headless seat that answers each new question once, from what it received: the game's
    greedy bot on the rebuilt view when `greedy` (Fishing Party's random games are long), else
    a random legal action."""

    def __init__(self, client: RemoteClient, seed: int, greedy: bool = False) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.greedy = greedy
        self.answered = 0
        self.moves = 0

    def wants_to_act(self, client: RemoteClient) -> bool:
        return bool(client.legal) and client.ticket != self.answered

    def choose(self) -> dict[str, Any]:
        snap = self.client.seen.snapshot
        assert snap is not None
        game = get_entry(self.client.seen.game).load()
        if self.greedy and self.rng.random() < 0.8:
            legal = [game.parse_action(a) for a in snap.legal]
            view = rebuild_view(game, snap.view)
            return get_bot(game.name, "greedy").choose(view, legal, self.rng).model_dump(mode="json")
        return self.rng.choice(snap.legal)

    async def play(self, stop: Callable[[], bool] = lambda: False, timeout: float = 120.0) -> None:
        """Answer questions until the game is over (or `stop()`)."""
        client = self.client
        async with asyncio.timeout(timeout):
            while client.seen.result is None and not stop():
                await client.wait_for(
                    lambda c: self.wants_to_act(c) or c.seen.result is not None or stop() or not c.connected,
                    timeout,
                )
                if client.seen.result is not None or stop() or not client.connected:
                    return
                self.answered = client.ticket
                self.moves += 1
                await client.act(self.choose())


async def start_table(
    game: str, kinds: tuple[str, ...], save_dir: Path | None, seed: int = 11, **options: Any
) -> TableHost:
    options.setdefault("rate", FAST)
    host = TableHost.new(make_match(game, kinds, seed), kinds, save_dir=save_dir, port=0, **options)  # type: ignore[arg-type]
    await host.start()
    return host


async def join_all(host: TableHost) -> tuple[dict[int, RemoteClient], RemoteClient]:
    """A connected client for every remote seat, and one for the public table."""
    seats, table = host.links()
    clients = {seat: RemoteClient(link) for seat, link in seats.items()}
    public = RemoteClient(table)
    for client in (*clients.values(), public):
        await client.connect()
    return clients, public


async def close_all(*clients: RemoteClient) -> None:
    for client in clients:
        await client.close()
