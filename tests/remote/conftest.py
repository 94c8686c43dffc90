"""The remote tests keep every frame a client receives: they scan whole games for hidden cards."""

from __future__ import annotations

import pytest

from fishtable.remote import client


@pytest.fixture(autouse=True)
def keep_every_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client, "KEEP_FRAMES", None)
