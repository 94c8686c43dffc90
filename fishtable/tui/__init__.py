"""The Textual app (`fishtable.tui.app`): screens, the hot-seat flow, the games' plug-ins.

Importing this package loads nothing: the command line imports `fishtable.tui.app.run_app` only
when the app is started, so other commands never load Textual.
"""
