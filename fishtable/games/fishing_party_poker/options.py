"""Fishing Party Poker setup options (FP-Q-29: chips, ante, fixed-limit bet sizes)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fishtable.games.fishing_party_poker.cards import PokerCardFile


class PokerOptions(BaseModel):
    """Choices made before the first deal. The defaults are the project's rulings."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    starting_chips: int = Field(
        default=100, ge=10, le=10_000, title="Starting chips",
        description="Chips each player has when the session begins.",
    )
    ante: int = Field(
        default=1, ge=1, le=100, title="Ante",
        description="Chips every player puts in the pot before each hand.",
    )
    small_bet: int = Field(
        default=2, ge=1, le=100, title="Bet in the first round",
        description="The size of every bet and raise in the first betting round.",
    )
    big_bet: int = Field(
        default=4, ge=1, le=200, title="Bet in later rounds",
        description="The size of every bet and raise in the second and third betting rounds.",
    )
    max_raises: int = Field(
        default=3, ge=0, le=10, title="Raises per round",
        description="How many raises may follow the bet in one betting round.",
    )
    max_hands: int = Field(
        default=0, ge=0, le=10_000, title="Hand limit",
        description="Stop the session after this many hands (0: play until one player has every chip).",
    )
    card_file: str | None = Field(
        default=None, title="Cards",
        description="Path to another card file (empty: the Fishing Party cards shipped with the game).",
    )
    cards: PokerCardFile | None = Field(
        default=None, title="Card data",
        description="The card data read from the card file when the game is set up.",
        json_schema_extra={"form": False},
    )

    @model_validator(mode="after")
    def _ante_fits(self) -> PokerOptions:
        if self.ante > self.starting_chips:
            raise ValueError("the ante cannot be larger than the starting chips")
        return self
