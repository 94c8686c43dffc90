"""`fishtable serve`: its arguments, its warning off loopback, the missing extra, the app's command."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from fishtable.cli import main


@pytest.fixture
def served(monkeypatch):
    """The serve function the command calls, faked: what it was asked to serve."""
    pytest.importorskip("textual_serve", reason="the web extra (textual-serve) is not installed")
    import fishtable.web.app_server as server

    calls: list[tuple[str, int, list[str]]] = []
    monkeypatch.setattr(server, "serve", lambda host, port, args: calls.append((host, port, list(args))) or 0)
    return calls


def test_serve_is_listed_in_the_help(capsys) -> None:
    assert main(["--help"]) == 0
    assert "serve" in capsys.readouterr().out
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--host" in out and "--port" in out and "fishtable[web]" in out


def test_loopback_by_default_and_no_warning(served, capsys) -> None:
    assert main(["serve"]) == 0
    assert served == [("127.0.0.1", 8000, [])]
    assert "Warning" not in capsys.readouterr().err


def test_another_host_is_served_with_a_plain_warning(served, capsys) -> None:
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert served == [("0.0.0.0", 8123, [])]
    err = capsys.readouterr().err
    assert "Warning" in err and "anyone who can reach" in err and "Traceback" not in err


@pytest.mark.parametrize("port", ["0", "65536", "-1"])
def test_a_port_out_of_range_is_refused(served, capsys, port: str) -> None:
    assert main(["serve", "--port", port]) == 2
    assert "--port must be between 1 and 65535" in capsys.readouterr().err
    assert served == []


def test_the_data_folder_goes_to_every_tabs_app(served, tmp_path: Path) -> None:
    assert main(["--data-dir", str(tmp_path), "serve"]) == 0
    assert served[0][2] == ["--data-dir", str(tmp_path.resolve())]


def test_a_data_folder_that_is_a_file_is_refused(served, capsys, tmp_path: Path) -> None:
    path = tmp_path / "file"
    path.write_text("")
    assert main(["--data-dir", str(path), "serve"]) == 2
    assert "is a file" in capsys.readouterr().err
    assert served == []


def test_without_the_web_extra_it_says_what_to_install(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "fishtable.web.app_server", None)  # as if textual-serve were missing
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'fishtable[web]'" in err and "Traceback" not in err


def test_each_tab_runs_this_python_and_this_package() -> None:
    pytest.importorskip("textual_serve", reason="the web extra (textual-serve) is not installed")
    from fishtable.web.app_server import app_command

    command = app_command(["--data-dir", "/tmp/a folder; rm -rf ~"])
    assert command.startswith("exec ")
    assert shlex.split(command.removeprefix("exec ")) == [
        sys.executable, "-m", "fishtable", "--data-dir", "/tmp/a folder; rm -rf ~",
    ]
