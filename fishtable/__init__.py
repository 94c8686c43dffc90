"""fishtable: hot-seat fishing card games for the terminal."""

__version__ = "0.1.0"
