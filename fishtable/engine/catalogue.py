"""The built-in games' catalogue entries, declared as entry points of the `fishtable` package
(pyproject.toml, `[project.entry-points."fishtable.games"]`). Light to import: no engine, no
pydantic, so the menu can list the games without loading one."""

from __future__ import annotations

from fishtable.engine.registry import GameEntry

CRAZY_FISHING = GameEntry(
    "crazy-fishing",
    "Crazy Fishing",
    "Cast rods and bait in secret, then race to hook the best fish from an untidy sea.",
    2,
    6,
    "fishtable.games.crazy_fishing",
    "fishtable.plugins.crazy_fishing",
    "fishtable-crazy-fishing-cards",
    menu_order=1,
)
FISHING_PARTY = GameEntry(
    "fishing-party",
    "Fishing Party",
    "Match lures to fish and roll the die; snap, tangle and steal your way to the biggest catch.",
    2,
    5,
    "fishtable.games.fishing_party",
    "fishtable.plugins.fishing_party",
    "fishtable-fishing-party-cards",
    menu_order=2,
)
BIG_FISH = GameEntry(
    "big-fish",
    "Big Fish",
    "Spawn, grow and catch fish in your own fishing spot before the season closes.",
    2,
    5,
    "fishtable.games.big_fish",
    "fishtable.plugins.big_fish",
    "fishtable-big-fish-cards",
    menu_order=3,
)
FISHING_PARTY_POKER = GameEntry(
    "fishing-party-poker",
    "Fishing Party Poker",
    "Five-card poker with the Fishing Party deck: swap with the community, bet, show down.",
    2,
    8,
    "fishtable.games.fishing_party_poker",
    "fishtable.plugins.fishing_party_poker",
    "fishtable-fishing-party-poker-cards",
    menu_order=4,
)
