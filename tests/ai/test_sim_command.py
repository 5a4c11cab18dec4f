"""`unokart sim` as a command-line tool (issue 14, findings 15-17): its processes end with it,
huge runs start at once and show how they go, ctrl+c stops them cleanly, and long input is
echoed short.
"""

from __future__ import annotations

import contextlib
import os
import pty
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ai import sim

ROOT = Path(__file__).resolve().parents[2]
MEMORY = 2 * 1024**3
SIM = [sys.executable, "-m", "unokart_tui", "sim", "--bots", "greedy,random"]


def processors() -> int:
    return len(os.sched_getaffinity(0))


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # ended meanwhile
        if int(text[text.rindex(")") + 2 :].split()[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return text[text.rindex(")") + 2] != "Z"  # a zombie has ended; only its parent has not asked yet


def wait_until(condition, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {what}")
        time.sleep(0.05)  # polling a condition, not waiting for a fixed time


def limit_memory(process: subprocess.Popen[str]) -> subprocess.Popen[str]:
    """A blow-up becomes a MemoryError in the process, not a machine brought to its knees."""
    resource.prlimit(process.pid, resource.RLIMIT_AS, (MEMORY, MEMORY))
    return process


@pytest.fixture(autouse=True)
def _nothing_left_running():
    """Whatever a failing test leaves running (the bug itself, say) is ended with the test."""
    started: list[int] = []
    Terminal.started = started
    yield
    for pid in started:
        for process in (pid, *children(pid)):
            with contextlib.suppress(ProcessLookupError):
                os.kill(process, signal.SIGKILL)


class Terminal:
    """A command whose stderr is a terminal (a pty), as at a shell: the progress line shows."""

    started: list[int]

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        self.process = limit_memory(
            subprocess.Popen(
                [*SIM, *args],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=slave,
                text=True,
                start_new_session=True,  # its own process group, as a job of a shell
            )
        )
        os.close(slave)
        self.started.append(self.process.pid)
        self.seen = ""

    def read_until(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            if time.monotonic() > deadline or (self.process.poll() is not None and not self._readable()):
                raise AssertionError(f"{text!r} never came; stderr:\n{self.seen}")
            if self._readable():
                try:
                    self.seen += os.read(self.master, 4096).decode(errors="replace")
                except OSError:  # the command has ended and closed the terminal
                    continue
        return self.seen

    def _readable(self) -> bool:
        import select

        return bool(select.select([self.master], [], [], 0.05)[0])

    def finish(self) -> tuple[int, str, str]:
        status = self.process.wait(timeout=30)
        while self._readable():
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                break
            if not chunk:
                break
            self.seen += chunk.decode(errors="replace")
        os.close(self.master)
        return status, self.process.stdout.read(), self.seen


@pytest.mark.parametrize(
    ("number", "said"), [(signal.SIGINT, "ctrl+c"), (signal.SIGTERM, "SIGTERM"), (signal.SIGHUP, "a hang-up")]
)
def test_a_huge_run_shows_progress_and_stops_cleanly(number, said):
    # Finding 16: 10**12 rounds built billions of work items (a MemoryError after 30 s, no
    # progress), and ctrl+c printed a traceback. Finding 15: SIGTERM left the workers running.
    run = Terminal("--rounds", str(10**12), "--jobs", "2")
    run.read_until("/1,000,000,000,000 rounds")  # a progress line, once the run has lasted a second
    workers = children(run.process.pid)
    assert len(workers) == min(2, processors())
    if number == signal.SIGINT:
        os.killpg(run.process.pid, number)  # ctrl+c: the terminal signals every process of the job
    else:
        run.process.send_signal(number)
    status, out, err = run.finish()
    assert status == 128 + number
    assert out == "" and "Traceback" not in err
    [summary] = [line for line in err.replace("\r", "\n").splitlines() if "stopped" in line]
    assert summary.startswith(f"unokart sim: stopped by {said} after ")
    assert summary.endswith(" of 1,000,000,000,000 rounds; no table for a part of a run")
    wait_until(lambda: not any(alive(pid) for pid in workers), "the workers have ended", timeout=10)


def test_a_single_endless_match_shows_its_rounds():
    # Finding 17: a match to a billion points ran without a word.
    run = Terminal("--matches", "1", "--target", str(10**9))
    run.read_until("0/1 matches · ")
    run.read_until(" rounds · 0:0")
    run.process.send_signal(signal.SIGTERM)
    status, _, err = run.finish()
    assert status == 128 + signal.SIGTERM and "after 0 of 1 matches (" in err


GAMES_FOR_EVER = """
from ai import sim
print("starting", flush=True)
sim.simulate(["greedy", "random"], games=10**9, matches=True, target=10**9, jobs=2)
"""


def test_workers_end_when_their_parent_is_killed():
    # Finding 15: a killed `sim --jobs 1000` left 882 workers running for ever. Nothing can
    # clean up after kill -9: the workers must notice by themselves.
    parent = limit_memory(
        subprocess.Popen([sys.executable, "-c", GAMES_FOR_EVER], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    )
    Terminal.started.append(parent.pid)
    try:
        assert parent.stdout.readline() == "starting\n"
        wait_until(lambda: len(children(parent.pid)) == 2, "the two workers have started")
        workers = children(parent.pid)
    finally:
        parent.kill()
        parent.wait(timeout=30)
    wait_until(lambda: not any(alive(pid) for pid in workers), "the workers have ended", timeout=10)


def test_jobs_are_capped_at_the_processors_of_the_machine():
    capped = subprocess.run(
        [*SIM, "--rounds", "30", "--seed", "3", "--jobs", "1000"],
        cwd=ROOT,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    here = processors()
    assert capped.returncode == 0
    assert capped.stderr == f"unokart sim: --jobs 1,000 is more than the {here} processors here: using {here}\n"
    one = subprocess.run(
        [*SIM, "--rounds", "30", "--seed", "3"], cwd=ROOT, check=False, capture_output=True, text=True, timeout=120
    )
    assert capped.stdout == one.stdout


@pytest.mark.parametrize("flag", ["--seed", "--rounds", "--matches", "--target", "--jobs"])
def test_a_number_of_thousands_of_digits_is_echoed_short(flag):
    result = subprocess.run([*SIM, flag, "9" * 5000], cwd=ROOT, check=False, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "(5,000 characters)" in result.stderr and len(result.stderr) < 200


def test_a_long_seed_is_shown_short_in_the_table():
    seed = int("7" * 4000)
    table = sim.table(sim.simulate(["greedy", "random"], games=2, seed=seed))
    assert "seed 777777777777…7777 (4,000 digits)" in table and len(table) < 2000
