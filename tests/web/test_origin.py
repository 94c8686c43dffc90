"""The websocket's origin check: only the page's own origin, at an address the server answers at."""

from __future__ import annotations

import pytest

from fishtable.web.addresses import Address, OriginPolicy, is_loopback

LOOPBACK = OriginPolicy("127.0.0.1", 8000)


@pytest.mark.parametrize(("origin", "host"), [
    ("http://127.0.0.1:8000", "127.0.0.1:8000"),
    ("http://localhost:8000", "localhost:8000"),
    ("http://[::1]:8000", "[::1]:8000"),
    ("HTTP://LOCALHOST:8000", "localhost:8000"),
])
def test_the_pages_own_origin_is_accepted(origin: str, host: str) -> None:
    assert LOOPBACK.allows(origin, host)


@pytest.mark.parametrize(("origin", "host"), [
    (None, "127.0.0.1:8000"),                              # no Origin at all
    ("", "127.0.0.1:8000"),
    ("null", "127.0.0.1:8000"),                            # a sandboxed or file: page
    ("http://evil.example", "127.0.0.1:8000"),             # another site
    ("http://evil.example:8000", "evil.example:8000"),     # DNS rebinding: a stranger's name for us
    ("http://localhost:8001", "127.0.0.1:8000"),           # another port is another site
    ("http://localhost:8001", "localhost:8001"),           # a name we do not answer at
    ("https://127.0.0.1:8000", "127.0.0.1:8000"),          # another scheme
    ("http://127.0.0.1:8000", "localhost:8000"),           # not the address the page was loaded from
    ("http://127.0.0.1:8000/path", "127.0.0.1:8000"),      # not an origin
    ("http://user@127.0.0.1:8000", "127.0.0.1:8000"),
    ("http://127.0.0.1:99999", "127.0.0.1:8000"),          # not a port
    ("http://127.0.0.1:8000", None),
])
def test_any_other_origin_is_refused(origin: str | None, host: str | None) -> None:
    assert not LOOPBACK.allows(origin, host)


def test_a_server_on_every_address_takes_numeric_addresses_only() -> None:
    everywhere = OriginPolicy("0.0.0.0", 8000)
    assert everywhere.allows("http://192.168.1.20:8000", "192.168.1.20:8000")
    assert not everywhere.allows("http://table.example:8000", "table.example:8000")


def test_a_server_on_one_address_takes_that_address() -> None:
    lan = OriginPolicy("192.168.1.20", 8000)
    assert lan.allows("http://192.168.1.20:8000", "192.168.1.20:8000")
    assert not lan.allows("http://192.168.1.21:8000", "192.168.1.21:8000")
    assert not lan.allows("http://localhost:8000", "localhost:8000")


def test_default_ports_and_loopback_words() -> None:
    assert Address.parse("http://example.org") == Address("http", "example.org", 80)
    assert Address.parse("ftp://example.org") is None
    assert is_loopback("localhost") and is_loopback("127.0.0.2") and is_loopback("[::1]")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.20") and not is_loopback("example.org")


def test_a_public_name_is_answered_to_on_every_address_and_no_other_name() -> None:
    public = OriginPolicy("0.0.0.0", 8000, frozenset({"fish.example"}))
    assert public.allows("http://fish.example:8000", "fish.example:8000")
    assert public.answers_to("fish.example") and public.answers_to("[::1]") and public.answers_to("10.0.0.5")
    assert not public.answers_to("evil.example") and not public.allows("http://evil.example:8000", "evil.example:8000")
