"""`fishtable join LINK`: play one seat of a remote table (or watch its public table) here."""

from __future__ import annotations

import argparse
import sys

from fishtable.remote.client import RemoteClient
from fishtable.remote.links import LinkError, parse_link
from fishtable.remote.seat_app import SeatApp


def join_command(args: argparse.Namespace) -> int:
    try:
        link = parse_link(args.link)
    except LinkError as exc:
        print(f"fishtable join: error: {exc}", file=sys.stderr)
        return 2
    app = SeatApp(RemoteClient(link))
    code = app.run()
    if app.problem is not None:
        print(f"fishtable join: {app.problem}", file=sys.stderr)
    return code if isinstance(code, int) else 0
