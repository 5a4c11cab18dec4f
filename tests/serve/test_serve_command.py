"""`unokart serve` on the command line: bad flags (one line, status 2), a missing extra, the game's terminal."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from unokart_tui import cli
from unokart_tui.serve.config import Limits
from unokart_tui.serve.game import DEFAULT_TERM, clamp_size, game_environment, terminal_name


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "unokart_tui", "serve", *args], capture_output=True, text=True, timeout=60, check=False
    )


def refused_by_the_parser(capsys, *args: str) -> str:
    """What the command line's parser says of ``unokart serve ARGS``, in this process: it exits with status 2.

    Parsing only: a flag the parser let through would not start a server here, the test fails.
    """
    with pytest.raises(SystemExit) as exit_:
        cli.build_parser().parse_args(["serve", *args])
    assert exit_.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ((), "say what to serve"),
        (("--ssh", "2222"), "--ssh needs --authorized-keys FILE"),
    ],
)
def test_bad_flags_are_one_line_and_status_2(args, says):
    """Through the command itself: these two are refused once parsed, when the command runs."""
    result = run(*args)
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and says in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--ssh", "70000", "--open"), "is not [HOST:]PORT"),
        (("--ssh", "host:", "--open"), "is not [HOST:]PORT"),
        (("--ssh", "2222", "--open", "--authorized-keys", "keys"), "not allowed with argument"),
        (("--web", "8000", "--idle-timeout", "0"), "must be at least 1"),
    ],
)
def test_flags_the_parser_refuses_are_one_line_and_status_2(capsys, args, says):
    """The parser's own refusals, read in this process (a new Python each took half a second of CPU)."""
    said = refused_by_the_parser(capsys, *args)
    assert len(said.splitlines()) == 1 and says in said
    assert "Traceback" not in said


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("2222", ("", 2222)),
        ("0.0.0.0:22", ("0.0.0.0", 22)),
        ("[::1]:2222", ("::1", 2222)),
        ("localhost:0", ("localhost", 0)),
    ],
)
def test_addresses(text, address):
    assert cli.serve.address(text) == address


def test_without_the_serve_extra_one_line_says_what_to_install(monkeypatch, capsys, tmp_path):
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "asyncssh" else find_spec(name, *a)
    )
    status = cli.main(["serve", "--ssh", "0", "--open", "--data-dir", str(tmp_path)])
    assert status == 1
    assert (
        capsys.readouterr().err
        == 'unokart: serve needs asyncssh, which is not installed: pip install "unokart-tui[serve]"\n'
    )


@pytest.mark.parametrize(
    ("asked", "given"),
    [
        ("xterm-256color", "xterm-256color"),
        ("screen.linux", "screen.linux"),
        ("../../etc/passwd", DEFAULT_TERM),
        ("", DEFAULT_TERM),
        (None, DEFAULT_TERM),
        ("x" * 65, DEFAULT_TERM),
        ("xterm\x1b]0;hi", DEFAULT_TERM),
    ],
)
def test_a_terminal_name_is_never_a_path(asked, given):
    assert terminal_name(asked) == given


@pytest.mark.parametrize(
    ("size", "given"), [((0, 0), (80, 24)), ((120, 0), (80, 24)), ((10000, 10000), (500, 200)), ((100, 30), (100, 30))]
)
def test_sizes(size, given):
    assert clamp_size(*size, Limits()) == given


def test_the_game_environment_holds_only_what_it_needs():
    host = {
        "TZ": "Europe/Paris",
        "AWS_SECRET_ACCESS_KEY": "x",
        "PYTHONPATH": "/tmp",
        "HOME": "/root",
        "LD_PRELOAD": "x",
    }
    home = Path("/srv/players/ab")
    env = game_environment(home, home / "data", home / "config", "xterm", host)
    assert env == {
        "PATH": os.defpath,
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "TERM": "xterm",
        "UNOKART_DATA_DIR": str(home / "data"),
        "UNOKART_CONFIG_DIR": str(home / "config"),
        "TEXTUAL_DRIVER": "unokart_tui.serve.driver:TerminalDriver",  # its input queue is capped (issue 35)
        "UNOKART_SAVE_REPORT_FD": "3",  # the game tells the host what it saved (issue 35)
        "TZ": "Europe/Paris",
    }


def test_the_server_never_loads_textual():
    code = (
        "import sys, unokart_tui.serve.ssh, unokart_tui.serve.session, unokart_tui.serve.host, unokart_tui.serve.web; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


# ---------------------------------------------------------------------- key files that could hang the host (issue 35)


def serve_with(tmp_path, *args: str) -> subprocess.CompletedProcess[str]:
    """``unokart serve`` that must stop by itself: a host that hangs fails the test instead of hanging it."""
    command = [sys.executable, "-m", "unokart_tui", "serve", "--data-dir", str(tmp_path / "host"), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)


def a_fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def a_folder(tmp_path: Path) -> Path:
    path = tmp_path / "folder"
    path.mkdir()
    return path


def a_huge_file(tmp_path: Path) -> Path:
    path = tmp_path / "huge"
    with path.open("wb") as file:
        file.truncate(3 * 1024**3)  # 3 GB that take no room: sparse
    path.chmod(0o600)
    return path


def not_utf8(tmp_path: Path) -> Path:
    path = tmp_path / "latin1"
    path.write_bytes("ssh-ed25519 AAAA café\n".encode("latin-1"))
    return path


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (a_fifo, "is a named pipe, not a file: not read"),
        (a_folder, "is a folder, not a file: not read"),
        (lambda _: Path("/dev/zero"), "is a device, not a file: not read"),
        (a_huge_file, "is 3072.0 MiB, more than the 262,144 bytes it could be: not read"),
        (lambda tmp: tmp / "missing", "there is no such file"),
    ],
)
def test_a_host_key_that_is_not_a_key_file_is_one_line(tmp_path, make, says):
    path = make(tmp_path)
    result = serve_with(tmp_path, "--ssh", "127.0.0.1:0", "--open", "--host-key", str(path))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"unokart: host key {path}: {says}"]


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (a_fifo, "is a named pipe, not a file: not read"),
        (a_folder, "is a folder, not a file: not read"),
        (lambda _: Path("/dev/zero"), "is a device, not a file: not read"),
        (lambda tmp: tmp / "missing", "there is no such file"),
        (not_utf8, "is not a text file (byte 20 is not UTF-8)"),
    ],
)
def test_an_authorized_keys_file_that_cannot_be_read_is_one_line(tmp_path, make, says):
    path = make(tmp_path)
    result = serve_with(tmp_path, "--ssh", "127.0.0.1:0", "--authorized-keys", str(path))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"unokart: authorized keys {path}: {says}"]
    assert "cannot listen" not in result.stderr


def test_an_empty_keys_file_means_no_keys_and_says_so(tmp_path):
    keys = tmp_path / "keys"
    keys.write_text("")
    command = [sys.executable, "-m", "unokart_tui", "serve", "--data-dir", str(tmp_path / "host")]
    server = subprocess.Popen(
        [*command, "--ssh", "127.0.0.1:0", "--authorized-keys", str(keys)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        while "data in" not in (line := server.stdout.readline()):
            assert line, server.stderr.read() if server.stderr else ""
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert server.returncode == 0
    assert f"keys {str(keys)!r} is empty: no key may log in" in err
    assert "Traceback" not in err


def test_a_named_pipe_in_the_log_s_place_is_one_line(tmp_path):
    (tmp_path / "host" / "log").mkdir(parents=True)
    os.mkfifo(tmp_path / "host" / "log" / "connections.log")
    result = serve_with(tmp_path, "--web", "127.0.0.1:0")
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1 and "is there and is not a regular file" in result.stderr


@pytest.mark.parametrize("origin", ["play.example.org", "https://play.example.org/game", "ftp://x", "https://"])
def test_a_web_origin_is_a_scheme_and_a_host(capsys, origin):
    said = refused_by_the_parser(capsys, "--web", "8000", "--web-origin", origin)
    assert len(said.splitlines()) == 1 and "is not an origin such as https://play.example.org" in said


def test_the_help_says_who_may_open_the_browser_game():
    text = run("--help").stdout
    assert "--web-origin URL" in text and "only the page's own address" in " ".join(text.split())
