"""Where the shipped data files live: beside the package when installed, the repo when not."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # fishtable/


def assets_dir() -> Path:
    installed = _PACKAGE / "_assets"
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / "assets"


def asset_path(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
