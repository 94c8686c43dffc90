"""The wire protocol's models, the links and the host's record file, without a network."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from fishtable.engine.errors import SaveFileError
from fishtable.remote.links import Link, LinkError, exposure_warning, parse_link
from fishtable.remote.protocol import (
    MAX_CLIENT_MESSAGE_BYTES,
    Act,
    Hello,
    ProtocolError,
    Update,
    read_client_message,
    read_host_message,
)
from fishtable.remote.record import load_record, new_record, save_record
from fishtable.remote.views import rebuild_view
from fishtable.web.addresses import is_loopback

from .helpers import make_match


def test_client_messages_round_trip_and_every_other_shape_is_refused_in_words() -> None:
    act = Act(seat=1, ticket=4, action={"kind": "pass"})
    assert read_client_message(act.model_dump_json()) == act
    assert read_client_message(Hello(token="abc").model_dump_json()) == Hello(token="abc")
    bad = {
        '{"type": "act", "seat": "1", "ticket": 0, "action": {}}': "whole number",
        '{"type": "act", "seat": 1, "ticket": 0, "action": {}, "extra": 1}': "extra",
        '{"type": "hello", "token": "a", "token": "b"}': "twice",
        '{"v": 2, "type": "hello"}': "another version",
        '{"type": "hello", "token": "' + "x" * 200 + '"}': "token",
        "x" * (MAX_CLIENT_MESSAGE_BYTES + 1): "too long",
        b"\xff\xfe": "UTF-8",
        '{"type": "act", "seat": 1' + "0" * 30 + ', "ticket": 0, "action": {}}': "digits",
    }
    for text, words in bad.items():
        with pytest.raises(ProtocolError) as caught:
            read_client_message(text)
        assert words.lower() in str(caught.value).lower(), (text[:40], str(caught.value))
        assert "pydantic" not in str(caught.value) and "Traceback" not in str(caught.value)


def test_host_messages_are_validated_by_the_client_too() -> None:
    with pytest.raises(ProtocolError):
        read_host_message('{"type": "update", "snapshot": {"step": "x"}}')
    with pytest.raises(ProtocolError):
        read_host_message('{"type": "launch"}')


@pytest.mark.parametrize("game", ["crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker"])
def test_a_view_survives_the_wire(game: str) -> None:
    match = make_match(game, ("remote", "remote", "remote"))
    for seat in (None, 0, 1, 2):
        data = json.loads(json.dumps(match.view(seat).model_dump(mode="json")))
        assert rebuild_view(match.game, data).model_dump(mode="json") == data
        update = Update.model_validate({"snapshot": {"step": 0, "view": data, "seats": []}})
        assert read_host_message(update.model_dump_json()) == update


def test_links_are_read_back_and_anything_else_refused() -> None:
    link = Link("127.0.0.1", 8765, "tok_en-1")
    assert str(link) == "http://127.0.0.1:8765/join/tok_en-1"
    assert parse_link(str(link)) == link
    assert parse_link("http://127.0.0.1:8765/table") == Link("127.0.0.1", 8765, None)
    assert Link("::1", 9, None).ws_url == "ws://[::1]:9/ws"
    for text in ("ftp://x/join/a", "http://x:8765/other", "http://x:8765/join/", "not a link", "http://x:99999/table"):
        with pytest.raises(LinkError):
            parse_link(text)


def test_only_loopback_needs_no_warning() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    assert exposure_warning("127.0.0.1", 8765) is None
    warning = exposure_warning("0.0.0.0", 8765)
    assert warning is not None and "other computers" in warning


def test_the_record_holds_one_secret_token_per_remote_seat_owner_only(tmp_path: Path) -> None:
    match = make_match("crazy-fishing", ("remote", "computer", "remote"))
    record = new_record(match, ("remote", "computer", "remote"))
    assert set(record.tokens) == {0, 2} and len(set(record.tokens.values())) == 2
    assert all(len(t) >= 32 for t in record.tokens.values())
    assert record.seat_for(record.tokens[2]) == 2 and record.seat_for("nope") is None
    path = tmp_path / "table.json"
    save_record(path, record)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    os.chmod(path, 0o644)
    assert load_record(path, match) == record
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    other = make_match("crazy-fishing", ("remote", "computer", "remote"), seed=99)
    with pytest.raises(SaveFileError, match="another game"):
        load_record(path, other)
    path.write_text("{")
    with pytest.raises(SaveFileError):
        load_record(path, match)


def test_the_size_cap_admits_exactly_its_size() -> None:
    """At the cap a message is read (the hello padded to the byte); one byte more is refused."""
    hello = '{"type": "hello", "token": null}'
    exact = hello + " " * (MAX_CLIENT_MESSAGE_BYTES - len(hello))
    assert read_client_message(exact) == Hello(token=None)
    with pytest.raises(ProtocolError, match="too long"):
        read_client_message(exact + " ")


def test_a_client_keeps_a_bounded_history_of_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    from fishtable.remote import client as client_module

    monkeypatch.undo()  # the package's own bound, not this folder's keep-everything
    assert client_module.KEEP_FRAMES is not None
    client = client_module.RemoteClient("http://127.0.0.1:1/table")
    keep = client_module.KEEP_FRAMES
    for n in range(keep * 3):
        client.frames.append(str(n))
    assert len(client.frames) == keep and client.frames[-1] == str(keep * 3 - 1)
