"""Network addresses, for the commands that listen on one (`serve`, `host`)."""

from __future__ import annotations

import ipaddress
import socket
import struct
from collections.abc import Callable, Iterable
from contextlib import suppress

try:
    import fcntl
except ImportError:  # Windows: no interface ioctl
    fcntl = None  # type: ignore[assignment]

WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::"})
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
