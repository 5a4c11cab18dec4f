"""The ``unokart`` command: --version, --help, and bad flags (one line, status 2)."""

import subprocess
import sys

from unokart_tui import __version__


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "unokart_tui", *args], check=False, capture_output=True, text=True, timeout=60
    )


def test_version():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"unokart {__version__}"


def test_help():
    result = run("--help")
    assert result.returncode == 0
    assert "UNO Mario Kart" in result.stdout


def test_bad_flag_is_one_line_and_status_2():
    result = run("--no-such-flag")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "--no-such-flag" in lines[0]
    assert "Traceback" not in result.stderr
