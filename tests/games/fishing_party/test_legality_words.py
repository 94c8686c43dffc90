"""The words the app shows before a fish attempt is committed: which lures would catch it."""

from __future__ import annotations

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import Fish
from tests.games.fishing_party.builder import Builder, cid, rejected


def test_a_kind_the_lure_cannot_catch_names_the_lures_that_can():
    b = Builder()
    jig = b.card("Jig:3/5")
    b.cards_of("Wobbler:2/4", "Wobbler:1/6", "Magic")  # two Wobblers are named once
    brown = b.card("Brown:9")
    state = b.state([[brown, *b.filler(5)], b.filler(6)], lures=[jig, -1])
    words = rejected(state, 0, Fish(card=cid(state, brown)), "Brown Trout")
    assert words == "Brown Trout: only a Wobbler or a Magic Lure catches it; your lure is a Jig."


def test_the_shipped_cards_name_the_lures_for_every_kind():
    match = Match.start(GAME, GAME.options_model()(), [SeatInfo(name="Ann"), SeatInfo(name="Bob")], 3)
    state = match._state
    from fishtable.games.fishing_party.fishing import _catchers

    kinds = state.static.kinds
    assert _catchers(state, kinds.index("Brown Trout")) == "a Wobbler or a Magic Lure"
    assert _catchers(state, kinds.index("Largemouth Bass")) == "a Spinner Bait, a Popper, a Jig or a Magic Lure"
