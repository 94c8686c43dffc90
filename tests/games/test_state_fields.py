"""Every field of every game's state is copied by clone() and seen by canonical().

Both are written out field by field (clone is a playout's hot path), so a field added
to a state and forgotten in either fails here. The fields canonical() leaves out on
purpose are named per game, each with why; a new one must be added here knowingly.
"""

from __future__ import annotations

import pytest

from fishtable.games.big_fish import GAME as BIG_FISH
from fishtable.games.crazy_fishing import GAME as CRAZY_FISHING
from fishtable.games.fishing_party import GAME as FISHING_PARTY
from fishtable.games.fishing_party_poker import GAME as POKER
from tests.games.state_fields import _variants, a_busy_state, field_gaps

# Fields canonical() leaves out, by game: derived from fields it does cover, or (what the table saw)
# following from the moves, which a save replays, so older saves keep their hashes.
NOT_IN_CANONICAL = {
    "crazy-fishing": {
        "cids",  # the cards' public ids, derived from the cards
        # the sea layout's lookup tables: canonical reads the entries of the fish in the sea and beside it
        "layout.pos", "layout.label", "layout.masks", "layout.coverers",
    },
    "big-fish": {"cids", "origin", "pools"},  # ids from the cards; where cards went, from the moves
    "fishing-party": {
        "known", "seen_discards", "own_discards",  # what the table saw: from the moves
        # the static tables derived from the card data (static.cards and the options, which canonical covers)
        "static.data", "static.cids", "static.codes", "static.kind_of", "static.weight", "static.texts",
        "static.labels", "static.cls", "static.class_labels", "static.by_id", "static.action_cache",
        "static.acts",
    },
    "fishing-party-poker": {
        "cids", "bits", "suits", "labels",  # derived from the cards
        "known",  # what the table saw: from the moves
    },
}

GAMES = [CRAZY_FISHING, BIG_FISH, FISHING_PARTY, POKER]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_clone_copies_and_canonical_sees_every_field(game) -> None:
    state = a_busy_state(game, players=3, seed=7)
    not_cloned, not_canonical = field_gaps(state)
    assert not_cloned == []
    assert sorted(not_canonical) == sorted(NOT_IN_CANONICAL[game.name])


def test_the_check_sees_a_field_clone_forgets_and_one_canonical_leaves_out() -> None:
    state = a_busy_state(BIG_FISH, players=3, seed=7)
    real_clone, real_canonical = type(state).clone, type(state).canonical

    def forgetful_clone(self):
        new = real_clone(self)
        new.taken = 0  # as if `new.taken = self.taken` were missing and a default stood there
        return new

    def blind_canonical(self):
        return tuple(v for i, v in enumerate(real_canonical(self)) if i != 6)  # rng left out

    try:
        type(state).clone = forgetful_clone
        assert "taken" in field_gaps(state)[0]
        type(state).clone = real_clone
        type(state).canonical = blind_canonical
        assert "rng" in field_gaps(state)[1]
    finally:
        type(state).clone, type(state).canonical = real_clone, real_canonical


def test_every_field_is_tried() -> None:
    state = a_busy_state(POKER, players=3, seed=7)
    names = {name.partition(".")[0] for name, _ in _variants(state)}
    assert names == {f for f in type(state).__dataclass_fields__}
