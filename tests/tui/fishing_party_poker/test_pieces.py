"""The plug-in's pieces without the app: the table's memory, its words, the stop command, the checks.

Views come from the engine, playing built positions, exactly as the table gets them.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from fishtable.engine.registry import get_entry
from fishtable.games.fishing_party_poker.actions import BET, CALL, KEEP, StopSession, Swap
from fishtable.plugins.fishing_party_poker import UI
from fishtable.plugins.fishing_party_poker.faces import wrap_name
from fishtable.plugins.fishing_party_poker.memory import TableMemory
from fishtable.plugins.fishing_party_poker.tiles import tile_rows

from .driver import check_privacy_screen, check_secrets, cid
from .positions import at_round_three_for_tomas, at_swap_one, four_seats


def test_the_registry_names_the_plug_in() -> None:
    entry = get_entry("fishing-party-poker")
    assert entry.playable and entry.load_ui() is UI


def test_memory_records_swaps_and_keeps_from_consecutive_public_views() -> None:
    match = at_swap_one()
    memory = TableMemory()
    memory.see(match.view(None))
    match.apply(0, Swap(give=cid(match, "3S", 0), take=cid(match, "AC")))
    memory.see(match.view(None))
    memory.see(match.view(None))  # the same view again (a redraw) adds nothing
    match.apply(1, StopSession())  # not a swap: nothing recorded
    memory.see(match.view(None))
    match.apply(1, KEEP)
    memory.see(match.view(None))
    swaps = memory.last_swap_round()
    assert [(s.name, s.place) for s in swaps] == [("Elena", 4), ("Tomás", None)]
    assert (swaps[0].taken.label, swaps[0].given.label) == ("A♣", "3♠")
    assert memory.put_in_by(4) == "Elena" and memory.put_in_by(1) == ""


def test_memory_keeps_the_end_of_a_hand_until_the_new_community_is_turned_up() -> None:
    match = at_round_three_for_tomas()
    memory = TableMemory()
    memory.see(match.view(None))
    match.apply(1, next(a for a in match.legal_actions(1) if a.kind == "check"))  # the showdown
    ended = match.view(None)
    memory.see(ended)
    assert ended.phase == "hand_over" and memory.ended_before(ended) is None  # the view says it itself
    match.apply(3, match.legal_actions(3)[0])  # Marta deals hand 2
    dealt = match.view(None)
    memory.see(dealt)
    assert memory.ended_before(dealt) is ended and memory.swaps == []
    # Hand 2 to its reveal: Elena bets, Tomás and Marta call; the community is turned up.
    for seat, action in ((0, BET), (1, CALL), (3, CALL)):
        match.apply(seat, action)
        memory.see(match.view(None))
    revealed = match.view(None)
    assert revealed.community_face_up and memory.ended_before(revealed) is None


def test_stop_is_offered_to_the_table_until_the_table_has_stopped() -> None:
    match = four_seats()
    (command,) = UI.table_commands(match.view(None))
    assert (command.key, command.description) == ("x", "Stop after this hand")
    assert "Stop the session after this hand?" in command.confirm
    assert match.check(2, command.action) is None  # any seat, a computer's too, may apply it
    match.apply(2, command.action)
    assert match.view(None).stopping and UI.table_commands(match.view(None)) == []


def test_words_for_the_seat_panel_and_the_results() -> None:
    match = at_swap_one()
    view = match.view(None)
    panel = UI.seat_panel(view, 2, active=False, width=29, wide=False).plain
    assert "Ernesto (computer)" in panel and " D " in panel and "ALL IN" in panel
    assert "FOLDED" in UI.seat_panel(view, 3, active=False, width=29, wide=False).plain
    assert "TO ACT" in UI.seat_panel(view, 0, active=True, width=29, wide=False).plain
    assert UI.busy_seats(view) == {0}
    assert UI.result_details(view) is None  # nothing paid yet
    assert UI.describe(KEEP, match.view(0), "swap") == "Keep your hand"


def test_names_wrap_by_words_and_tiles_keep_their_width() -> None:
    assert wrap_name("Largemouth Bass", 11) == ["Largemouth", "Bass"]
    assert wrap_name("Largemouth Bass", 6) == ["Large…", "Bass"]
    assert wrap_name("A very long card name indeed", 8) == ["A very", "long ca…"]
    face = SimpleNamespace(label="10♥", name="Largemouth Bass", rank="10", suit="hearts")
    for width in (7, 9, 13, 15):
        for height in (4, 7):
            rows = tile_rows(face, width, height, 3, "by Elena")
            assert len(rows) == height and {len(r) for r in rows} == {width}, rows
    assert any("face down" in r for r in tile_rows(None, 13, 7, 1))


def test_the_secret_check_catches_a_hidden_card() -> None:
    """The checks the Pilot tests rely on fail when a hidden card is on screen."""
    match = four_seats()
    app = SimpleNamespace(screen=SimpleNamespace(query=lambda _: []), screen_stack=[])
    state = match._state
    tomas_card = state.cards[state.hands[1][0]]
    face_down = state.cards[state.community[0]]
    check_secrets(app, match, "Pot 4 · nobody has bet yet")
    with pytest.raises(AssertionError):
        check_secrets(app, match, f"… {tomas_card.name} …")
    with pytest.raises(AssertionError):
        check_secrets(app, match, f"… {face_down.index} …")
    with pytest.raises(AssertionError):
        check_privacy_screen(app, "Pass the keyboard to Elena. K♠")
