"""What a search of the hard player found: its root actions ranked, and its progress so far.

Both searches (`search`, the tree; `halving`, sequential halving on common worlds) report
in these terms, so the app's status line and hints need not know which one ran.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic

from fishtable.engine.protocol import ActionT


@dataclass(frozen=True)
class Option(Generic[ActionT]):
    """One action at the root after a search: how often it was tried and how it did."""

    action: ActionT
    visits: int
    win_rate: float  # mean reward of the searching seat after this action


@dataclass
class SearchResult(Generic[ActionT]):
    options: list[Option[ActionT]]  # best first (the first is the move)
    iterations: int
    seconds: float
    skipped: int = 0  # worlds whose root actions did not match the legal ones (a sampler bug)
    nodes: int = 0  # decision nodes below the root

    @property
    def best(self) -> ActionT:
        return self.options[0].action


@dataclass
class Progress(Generic[ActionT]):
    """What the search thinks so far, for a status line."""

    iterations: int
    seconds: float
    best: ActionT
    win_rate: float
