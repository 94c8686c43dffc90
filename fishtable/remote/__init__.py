"""Remote seats: one authoritative host holds the match; each seat plays from its own device.

`protocol` is the wire format, `host` the table's server, `client` a headless
client (tests, the terminal client). This package is above the shell and the
bots and below the command line; the engine and the games never import it.
"""
