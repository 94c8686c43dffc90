"""Computer seats playing whole games among themselves: `fishtable simulate`, `fishtable tournament`
and the statistics that read their results. Above the bots, below the app."""
