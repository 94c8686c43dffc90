"""Network addresses, for the commands that listen on one (`serve`, `host`)."""

from __future__ import annotations

import ipaddress


def is_loopback(host: str) -> bool:
    """Is `host` reachable only from this machine (127.0.0.1, ::1, [::1], localhost)?"""
    host = host.strip("[]").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
