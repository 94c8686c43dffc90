"""Sub-rules of clauses that hold several rules in one, so a test can say which one it checks.

The clause lists (shared/rules/*-clauses.md) give FP-Q-29 as one proposal with seven
rules in it; a test tagged `FP-Q-29.3` checks the third. The rule-coverage report
still counts such a test for FP-Q-29 (it reads the ID before the dot).
"""

from __future__ import annotations

SUBCLAUSES: dict[str, str] = {
    "FP-Q-29.1": "each player starts with 100 chips (configurable); the ante is 1; the chips are the standings",
    "FP-Q-29.2": "fixed limit: bets and raises are 2 in the first betting round and 4 in the later ones",
    "FP-Q-29.3": "at most three raises per betting round",
    "FP-Q-29.4": "a player may check when nobody has bet (and need not fold then)",
    "FP-Q-29.5": "standard all-in and side-pot rules",
    "FP-Q-29.6": "when all but one fold, that player wins the pot without showing",
    "FP-Q-29.7": "a player with no chips at the start of a hand is out",
}
