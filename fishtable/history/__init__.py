"""The history of finished games: a SQLite store (record, query, standings) and replays.

Below the shell: it knows no screen, and reaches a game only through the registry
and the game protocol. `schema` opens the database (and refuses a hostile path in
words), `store` records and reads games, `standings` adds them up per player and
`replay` steps through a finished game.
"""
