"""Which web pages may drive the table: only the server's own page.

A browser sends an `Origin` header with every websocket; a page from another
site open in the same browser would send its own site there. The server
accepts a websocket only when its Origin is the address the request itself
was made to (the `Host` header, i.e. the page's own origin) and that address
is one the server really answers at: a loopback name for a loopback server,
the address given to `--host`, or for a server on every address (0.0.0.0) a
numeric address. Names a stranger controls are refused even when they point
at this machine (DNS rebinding), as is a request without any Origin.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

# Re-exported: one rule for both listeners (`serve` here, `host` in fishtable.remote.host).
from fishtable.addresses import WILDCARD_HOSTS, is_loopback, is_numeric

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
DEFAULT_PORTS = {"http": 80, "https": 443}



@dataclass(frozen=True)
class Address:
    """Where a request says it is going (or coming from): scheme, host name, port."""

    scheme: str
    host: str
    port: int

    @classmethod
    def parse(cls, url: str) -> Address | None:
        """`http://host:port` (an Origin), or None if it is not one."""
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError:
            return None
        scheme = parts.scheme.lower()
        if scheme not in DEFAULT_PORTS or not parts.hostname:
            return None
        if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username is not None:
            return None
        return cls(scheme, parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[scheme])


@dataclass(frozen=True)
class OriginPolicy:
    """The addresses of a server listening on `host`:`port`."""

    host: str
    port: int

    def serves(self, address: Address) -> bool:
        """Is `address` one this server answers at, under a name no stranger can point elsewhere?"""
        if address.port != self.port:
            return False
        bound = self.host.strip("[]").lower()
        if is_loopback(bound):
            return address.host in LOOPBACK_NAMES or is_loopback(address.host)
        if bound in WILDCARD_HOSTS:
            return is_numeric(address.host) or address.host == "localhost"
        return address.host == bound

    def allows(self, origin: str | None, request_host: str | None, scheme: str = "http") -> bool:
        """May a websocket with this Origin header, sent to this Host header, drive the table?"""
        if not origin or not request_host:
            return False
        sent_from = Address.parse(origin)
        sent_to = Address.parse(f"{scheme}://{request_host}")
        if sent_from is None or sent_to is None:
            return False
        return sent_from == sent_to and self.serves(sent_to)
