"""Crazy Fishing setup options."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from fishtable.engine.card_game import card_data_field
from fishtable.games.crazy_fishing.cards import CardFile


class CrazyFishingOptions(BaseModel):
    """Choices made before the deal.

    `oos_fish` names out-of-series fish by card name (a name may repeat when
    the card file has several copies); `random_oos_fish` adds that many more,
    drawn at random from the rest at setup. `cards` holds the card data itself
    once `GAME.prepare_options` has read it (from `card_file`, or the shipped
    file), so a save carries its cards and a new game reads no file.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    card_file: str | None = Field(default=None, title="Cards", description="Path to another card file")
    oos_rods: bool = Field(
        default=False,
        title="Out-of-series rods",
        description="Advanced: add the 2 out-of-series rods (fish from your catch as bait). "
        "Leave the out-of-series cards out for first games.",
    )
    random_oos_fish: int = Field(
        default=0, ge=0, le=10,
        title="Random out-of-series fish",
        description="how many to add at random, besides any picked by name (0-10).",
    )
    oos_fish: tuple[str, ...] = Field(
        default=(),
        title="Out-of-series fish by name",
        description="pick them with Space. 2 or 3 recommended.",
    )
    cards: CardFile | None = card_data_field(
        "The cards this game is dealt from, copied from the card file when the game starts")

    @property
    def advanced(self) -> bool:
        return self.oos_rods or bool(self.oos_fish) or self.random_oos_fish > 0
