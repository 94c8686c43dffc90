"""Join links: `http://HOST:PORT/join/TOKEN` for a seat, `http://HOST:PORT/table` for the public table.

The token travels in the link's path only to the person it is sent to; a
client sends it to the host inside its first WebSocket message, never in a
URL the host logs.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from fishtable.web.addresses import is_loopback

WS_PATH = "/ws"
JOIN_PATH = "/join/"
TABLE_PATH = "/table"


@dataclass(frozen=True)
class Link:
    """Where a host listens, and which seat's token (None: the public table)."""

    host: str
    port: int
    token: str | None
    secure: bool = False

    @property
    def netloc(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"{'wss' if self.secure else 'ws'}://{self.netloc}{WS_PATH}"

    def __str__(self) -> str:
        path = TABLE_PATH if self.token is None else f"{JOIN_PATH}{self.token}"
        return f"{'https' if self.secure else 'http'}://{self.netloc}{path}"


def seat_links(tokens: dict[int, str], kinds: tuple[str, ...], kind: str, host: str, port: int) -> dict[int, Link]:
    """The links of the seats of `kind` (by seat), on `host`:`port`."""
    return {seat: Link(host, port, token) for seat, token in sorted(tokens.items()) if kinds[seat] == kind}


class LinkError(ValueError):
    """A link that is not a fishtable join link, in words."""


def parse_link(text: str) -> Link:
    """Read a join or table link; LinkError in words if it is not one."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        raise LinkError(f"{text!r} is not a link.") from None
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.hostname:
        raise LinkError(f"{text!r} is not a fishtable link (it should start with http://).")
    secure = parts.scheme in ("https", "wss")
    port = port or (443 if secure else 80)
    path = parts.path.rstrip("/")
    if path == TABLE_PATH:
        return Link(parts.hostname, port, None, secure)
    if path.startswith(JOIN_PATH) and len(path) > len(JOIN_PATH) and "/" not in path[len(JOIN_PATH):]:
        return Link(parts.hostname, port, path[len(JOIN_PATH):], secure)
    raise LinkError(f"{text!r} is not a fishtable link (it should end in /join/… or /table).")



def exposure_warning(host: str, port: int, shown: str | None = None) -> str | None:
    """The plain warning printed when the table listens beyond this machine, else None. `shown`:
    the name the links give, when the table listens on every address and no public name was given."""
    if is_loopback(host):
        return None
    warning = (
        f"Warning: the table listens on {host}:{port}, so other computers on the network can reach it. "
        "Anyone who reaches it can open the public table, and each seat's link is that seat's key: "
        "send each link only to its player."
    )
    if shown is not None:
        warning += (
            f" The links name this computer by {shown}; if the players reach it by another name or "
            "address, start the table with --public-name NAME."
        )
    return warning
