"""`fishtable join LINK`: play one seat of a remote table on this terminal."""

from __future__ import annotations

import argparse
import sys

from fishtable.remote.links import LinkError, parse_link


def join_command(args: argparse.Namespace) -> int:
    try:
        link = parse_link(args.link)
    except LinkError as exc:
        print(f"fishtable join: error: {exc}", file=sys.stderr)
        return 2
    print(f"fishtable join: the terminal client for {link.netloc} is not built yet.", file=sys.stderr)
    return 1
