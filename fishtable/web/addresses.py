"""Network addresses, for the commands that listen on one (`serve`, `host`), and the one policy of
which names and web pages they answer.

A browser sends an `Origin` header with every websocket; a page from another
site open in the same browser would send its own site there. A listener
accepts a browser's websocket only when its Origin is the address the request
itself was made to (the `Host` header, i.e. the page's own origin) and that
address is one the listener really answers at: a loopback name for a loopback
listener, the address given to `--host`, for one on every address (0.0.0.0) a
numeric address or localhost, and the public names it was given. Names a
stranger controls are refused even when they point at this machine (DNS
rebinding).
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from urllib.parse import urlsplit

if sys.platform == "win32":  # no interface ioctl (mypy checks the branch of the platform it checks for)
    fcntl = None
else:
    import fcntl

WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::"})
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
DEFAULT_PORTS = {"http": 80, "https": 443}
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def is_loopback(host: str) -> bool:
    """Is `host` reachable only from this machine (127.0.0.1, ::1, [::1], localhost)?"""
    host = host.strip("[]").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    """Does `host` listen on every address of this machine (0.0.0.0, ::)?"""
    return host.strip("[]") in WILDCARD_HOSTS


def here(bind: str) -> str:
    """The address this machine reaches a listener on `bind` at (loopback when it listens on every address)."""
    return "127.0.0.1" if is_wildcard(bind) else bind


def is_numeric(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def own_address(
    candidates: Callable[[], Iterable[str]] | None = None,
) -> str | None:
    """This computer's own address on its network, for links another computer can open: the first
    IPv4 address of its own that is neither loopback nor link-local (None: none found). Only
    local look-ups (the host name, the interfaces): nothing is sent anywhere."""
    for address in (candidates or _candidates)():
        with suppress(ValueError):
            ip = ipaddress.ip_address(address)
            if ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
                return str(ip)
    return None


def _candidates() -> Iterable[str]:
    with suppress(OSError, UnicodeError):
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            yield str(sockaddr[0])
    yield from _interface_addresses()


def _interface_addresses() -> Iterable[str]:
    """Each network interface's IPv4 address (Linux's ioctl; elsewhere none)."""
    if fcntl is None or not hasattr(socket, "if_nameindex"):
        return
    try:
        names = [name for _, name in socket.if_nameindex()]
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return
    with probe:
        for name in names:
            with suppress(OSError, UnicodeError):
                request = struct.pack("256s", name.encode()[:15])
                answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)
                yield socket.inet_ntoa(answer[20:24])


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
    """The addresses of a server listening on `host`:`port`, also known by its public `names`
    (`fishtable host --public-name`)."""

    host: str
    port: int
    names: frozenset[str] = frozenset()

    def answers_to(self, name: str) -> bool:
        """Is `name` (a Host header's, without its port) one this server answers to, a name no
        stranger can point elsewhere? Loopback's names for a loopback server; a numeric address
        or localhost for one on every address; else the address listened on; and the public names."""
        name = name.strip("[]").lower()
        if name in self.names:
            return True
        bound = self.host.strip("[]").lower()
        if is_loopback(bound):
            return name in LOOPBACK_NAMES or is_loopback(name)
        if bound in WILDCARD_HOSTS:
            return is_numeric(name) or name == "localhost"
        return name == bound

    def serves(self, address: Address) -> bool:
        """Is `address` one this server answers at (its port too)?"""
        return address.port == self.port and self.answers_to(address.host)

    def allows(self, origin: str | None, request_host: str | None, scheme: str = "http") -> bool:
        """May a websocket with this Origin header, sent to this Host header, drive the table?"""
        if not origin or not request_host:
            return False
        sent_from = Address.parse(origin)
        sent_to = Address.parse(f"{scheme}://{request_host}")
        if sent_from is None or sent_to is None:
            return False
        return sent_from == sent_to and self.serves(sent_to)
