"""Drive the served app in the system's Chromium with Playwright, reading the terminal's text.

textual-serve draws the terminal with xterm.js on a canvas, so the page's DOM
holds no screen text. `TERMINAL_HOOK` (run before the page's own scripts)
keeps a handle on textual-serve's terminal object when it is made, and
`window.__screenText()` reads what xterm.js shows, row by row, through
xterm.js's public buffer API. Waits are Playwright's `wait_for_function`
with a time limit.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
WAIT_MS = 20_000

# textual-serve's page makes one object per terminal and sets its `fitAddon` right
# after its xterm.js `terminal`: a setter on Object.prototype catches that object.
TERMINAL_HOOK = """
Object.defineProperty(Object.prototype, "fitAddon", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "fitAddon", {value, writable: true, configurable: true, enumerable: true});
    window.__fishTerminal = this;
  },
});
window.__screenText = () => {
  const holder = window.__fishTerminal;
  if (!holder || !holder.terminal) return "";
  const term = holder.terminal, buffer = term.buffer.active, rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
};
"""


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def launch(playwright: Any, chromium: str) -> Any:
    """Chromium as installed by the system; each launch has a fresh temporary profile."""
    return playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)


class Tab:
    """One browser tab on the served app."""

    def __init__(self, browser: Any, url: str, width: int = 1200, height: int = 800) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.page.add_init_script(TERMINAL_HOOK)
        self.requests: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.goto(url)

    def text(self) -> str:
        return str(self.page.evaluate("window.__screenText()"))

    def wait_for(self, words: str, timeout: int = WAIT_MS) -> str:
        """Wait until the terminal shows `words`; the screen's text then."""
        try:
            self.page.wait_for_function("words => window.__screenText().includes(words)", arg=words, timeout=timeout)
        except Exception as exc:
            raise AssertionError(f"{words!r} never appeared; the screen shows:\n{self.text()}") from exc
        return self.text()

    def wait_for_any(self, *choices: str, timeout: int = WAIT_MS) -> str:
        """Wait until the terminal shows one of `choices`; the screen's text then."""
        try:
            self.page.wait_for_function(
                "choices => choices.some(words => window.__screenText().includes(words))",
                arg=list(choices), timeout=timeout,
            )
        except Exception as exc:
            raise AssertionError(f"none of {choices!r} appeared; the screen shows:\n{self.text()}") from exc
        return self.text()

    def wait_gone(self, words: str, timeout: int = WAIT_MS) -> str:
        try:
            self.page.wait_for_function("words => !window.__screenText().includes(words)", arg=words,
                                        timeout=timeout)
        except Exception as exc:
            raise AssertionError(f"{words!r} never went away; the screen shows:\n{self.text()}") from exc
        return self.text()

    def press(self, *keys: str) -> None:
        self.page.locator(".xterm-helper-textarea").focus()
        for key in keys:
            self.page.keyboard.press(key)

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def close(self) -> None:
        self.context.close()
