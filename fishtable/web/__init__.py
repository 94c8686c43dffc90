"""The app in a browser (`fishtable serve`). `server` needs the optional `web` extra; `origin` does not."""
