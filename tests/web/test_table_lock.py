"""One table per data folder: the OS lock, across processes, and a killed holder never blocks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fishtable.engine.table_lock import LOCK_NAME, claim_table

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the table lock is an flock (POSIX)")

HOLDER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from fishtable.engine.table_lock import claim_table
    claim = claim_table(Path(sys.argv[1]))
    print("held" if claim.lock is not None else "taken", flush=True)
    sys.stdin.read()  # hold until told (stdin closed) or killed
""")


class Holder:
    """Another process that claims the table of `data_dir` and holds it until it ends."""

    def __init__(self, data_dir: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(data_dir)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        assert self.proc.stdout is not None
        self.answer = self.proc.stdout.readline().strip()  # waits for the claim, however long it takes

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def leave(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.kill()


@pytest.fixture
def holders():
    made: list[Holder] = []

    def make(data_dir: Path) -> Holder:
        holder = Holder(data_dir)
        made.append(holder)
        return holder

    yield make
    for holder in made:
        holder.close()


def test_a_second_claim_in_the_same_process_is_refused_until_the_first_lets_go(tmp_path: Path) -> None:
    first = claim_table(tmp_path)
    assert first.lock is not None and first.lock.held and not first.taken
    second = claim_table(tmp_path)
    assert second.taken and second.lock is None
    first.lock.release()
    assert not first.lock.held
    third = claim_table(tmp_path)
    assert third.lock is not None
    third.lock.release()


def test_two_processes_never_hold_the_table_at_once(tmp_path: Path, holders) -> None:
    holder = holders(tmp_path)
    assert holder.answer == "held"
    assert claim_table(tmp_path).taken
    # And the other way round: while we hold it, another process is refused.
    holder.leave()
    ours = claim_table(tmp_path)
    assert ours.lock is not None
    assert holders(tmp_path).answer == "taken"
    ours.lock.release()


def test_a_killed_holder_leaves_no_lock_behind(tmp_path: Path, holders) -> None:
    holder = holders(tmp_path)
    assert holder.answer == "held"
    assert (tmp_path / LOCK_NAME).read_text().split("\n")[0] == str(holder.proc.pid)
    holder.kill()  # SIGKILL: no clean-up code runs
    assert (tmp_path / LOCK_NAME).exists()  # the file stays; the lock on it died with the process
    claim = claim_table(tmp_path)
    assert claim.lock is not None and not claim.taken
    claim.lock.release()


def test_a_missing_folder_is_made(tmp_path: Path) -> None:
    claim = claim_table(tmp_path / "new" / "data")
    assert claim.lock is not None
    assert (tmp_path / "new" / "data" / LOCK_NAME).is_file()
    claim.lock.release()


def test_a_folder_that_cannot_hold_the_lock_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    in_the_way = tmp_path / "file"
    in_the_way.write_text("not a folder")
    claim = claim_table(in_the_way)
    assert claim.lock is None and not claim.taken
    assert claim.problem is not None and "cannot be made" in claim.problem


def test_a_link_in_place_of_the_lock_file_is_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me")
    data = tmp_path / "data"
    data.mkdir()
    os.symlink(target, data / LOCK_NAME)
    claim = claim_table(data)
    assert claim.lock is None and claim.problem is not None
    assert target.read_text() == "keep me"


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts descriptors in /proc")
def test_a_refused_claim_leaves_no_descriptor_open(tmp_path: Path, holders) -> None:
    holder = holders(tmp_path)
    assert holder.answer == "held"
    before = open_descriptors()
    for _ in range(20):
        assert claim_table(tmp_path).taken
    assert open_descriptors() == before


def test_the_owner_note_replaces_a_longer_old_one_whole(tmp_path: Path) -> None:
    (tmp_path / LOCK_NAME).write_text("123456789012345678901234567890\nsomething long left by another\n")
    claim = claim_table(tmp_path)
    assert claim.lock is not None
    try:
        pid, terminal, rest = (tmp_path / LOCK_NAME).read_text().split("\n")
        assert pid == str(os.getpid()) and terminal in ("terminal", "no terminal") and rest == ""
    finally:
        claim.lock.release()
