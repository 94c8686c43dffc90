"""A table for other computers: links that another computer can open, a warning that says how to
name this one, and a wildcard bind that answers only to names no stranger controls."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiohttp.test_utils import make_mocked_request

from fishtable.remote import host as host_module
from fishtable.remote.host import TableHost
from fishtable.remote.links import exposure_warning
from fishtable.web import addresses
from fishtable.web.addresses import own_address

from .helpers import make_match


def table(tmp_path: Path, bind: str, public: str | None = None) -> TableHost:
    kinds = ("remote", "remote")
    return TableHost.new(make_match("crazy-fishing", kinds, 3), kinds, save_dir=tmp_path, host=bind, port=8765,
                         allowed_hosts=(public,) if public else ())


def test_own_address_takes_the_first_address_another_computer_can_reach() -> None:
    found = own_address(lambda: ["127.0.1.1", "169.254.3.4", "not an address", "::1", "192.0.2.7", "192.0.2.8"])
    assert found == "192.0.2.7"
    assert own_address(lambda: ["127.0.0.1", "0.0.0.0"]) is None


def test_own_address_on_this_machine_is_none_or_a_reachable_ipv4_address() -> None:
    found = own_address()
    assert found is None or (addresses.is_numeric(found) and not addresses.is_loopback(found) and ":" not in found)


def test_links_on_every_address_name_this_computer_never_0_0_0_0(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(host_module, "own_address", lambda: "192.0.2.7")
    seats, public = table(tmp_path, "0.0.0.0").links()
    shown = [str(link) for link in (*seats.values(), public)]
    assert all(text.startswith("http://192.0.2.7:8765/") for text in shown), shown


def test_a_public_name_wins_and_with_no_address_found_the_links_stay_on_this_machine(tmp_path: Path,
                                                                                   monkeypatch) -> None:
    monkeypatch.setattr(host_module, "own_address", lambda: None)
    host = table(tmp_path, "0.0.0.0", public="fish.example")
    assert str(host.links("fish.example")[1]).startswith("http://fish.example:8765/")
    assert str(host.links()[1]).startswith("http://127.0.0.1:8765/")


def test_the_warning_names_public_name_when_the_links_name_a_guessed_address() -> None:
    warning = exposure_warning("0.0.0.0", 8765, "192.0.2.7")
    assert warning is not None and "--public-name" in warning and "192.0.2.7" in warning
    plain = exposure_warning("0.0.0.0", 8765)
    assert plain is not None and "--public-name" not in plain
    assert exposure_warning("127.0.0.1", 8765, "127.0.0.1") is None


def request_to(host_header: str):  # type: ignore[no-untyped-def]
    return make_mocked_request("GET", "/ws", headers={"Host": host_header})


@pytest.mark.parametrize(("name", "answered"), [
    ("192.0.2.7:8765", True), ("127.0.0.1:8765", True), ("[::1]:8765", True), ("localhost:8765", True),
    ("fish.example:8765", True), ("FISH.example:8765", True),
    ("evil.example:8765", False), ("192.0.2.7.evil.example:8765", False), ("", False),
])
def test_on_every_address_the_table_answers_only_to_numbers_localhost_and_its_public_name(
    tmp_path: Path, name: str, answered: bool,
) -> None:
    """DNS rebinding: Host and Origin both evil.example reach nothing; `serve` refuses the same."""
    host = table(tmp_path, "0.0.0.0", public="fish.example")
    assert host.transport.host_ok(request_to(name)) is answered
