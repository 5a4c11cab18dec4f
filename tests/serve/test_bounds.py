"""What the host and its games keep for a client, bounded (issue 35, findings 14 and 15): pastes, the
game's input events, the browser page's sizes and origins, and what a game reports it saved."""

from __future__ import annotations

import gc
import os
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unokart_tui.serve import report
from unokart_tui.serve.config import Limits
from unokart_tui.serve.paste import END, START, PasteLimit
from unokart_tui.serve.report import SaveState, exit_words
from unokart_tui.serve.web import _size_of, packet
from unokart_tui.serve.webpage import allowed_origins, origin_allowed, origin_of, page, parse_origin

# ---------------------------------------------------------------------- pastes


def test_a_paste_is_cut_to_the_limit_and_still_closed():
    limit = PasteLimit(10)
    out = limit.feed(b"a" + START + b"x" * 100) + limit.feed(b"y" * 100 + END + b"b")
    assert out == b"a" + START + b"x" * 10 + END + b"b"


def test_keys_outside_a_paste_go_on_at_once_even_a_lone_escape():
    limit = PasteLimit(10)
    assert limit.feed(b"\x1b") == b"\x1b"
    assert limit.feed(b"[A") == b"[A"
    assert not limit.pasting


def test_markers_split_across_packets_are_found():
    limit = PasteLimit(4)
    out = b"".join(limit.feed(bytes([byte])) for byte in b"k" + START + b"123456789" + END + b"z")
    assert out == b"k" + START + b"1234" + END + b"z"


@given(
    st.lists(st.sampled_from([b"x", b"\x1b", b"[", b"200~", b"201~", START, END, b"ab" * 7]), max_size=40),
    st.integers(1, 20),
    st.integers(0, 30),
)
def test_what_passes_is_the_input_with_only_paste_bodies_cut(pieces, limit, split):
    data = b"".join(pieces)
    cut = PasteLimit(limit)
    out = cut.feed(data[:split]) + cut.feed(data[split:])
    expected, body_left, pasting, index = bytearray(), 0, False, 0
    while index < len(data):  # the same, one byte at a time, the slow and obvious way
        marker = END if pasting else START
        if data.startswith(marker, index):
            expected += marker
            pasting, body_left, index = not pasting, limit, index + len(marker)
        elif pasting and END.startswith(data[index:]):
            break  # the end of the input may be the start of the closing marker: held until the rest comes
        else:
            if not pasting or body_left > 0:
                expected.append(data[index])
                body_left -= pasting
            index += 1
    assert out == expected


# ---------------------------------------------------------------------- the game's input cap


def test_the_input_thread_waits_while_the_cap_s_events_are_alive():
    pytest.importorskip("textual")
    from textual import events

    from unokart_tui.serve.driver import InputCap

    cap = InputCap(3)
    exiting = threading.Event()
    alive = [events.Key("x", "x") for _ in range(3)]
    assert all(cap.take(event, exiting) for event in alive)
    waiting = events.Key("y", "y")
    outcome: list[bool] = []
    taker = threading.Thread(target=lambda: outcome.append(cap.take(waiting, exiting)))
    taker.start()
    taker.join(0.3)
    assert taker.is_alive()  # no room: the thread waits, reading nothing more
    del alive[0]  # the app is done with one key
    gc.collect()
    taker.join(5)
    assert outcome == [True]
    exiting.set()
    assert cap.take(events.Key("z", "z"), exiting) is False  # full again: an exiting app drops it


# ---------------------------------------------------------------------- the browser page


@pytest.mark.parametrize(
    ("value", "size"),
    [
        ({"width": -5, "height": -5}, (80, 24)),
        ({"width": 10**9, "height": 10**9}, (500, 200)),
        ({"width": 120, "height": 40}, (120, 40)),
        ({"width": "80", "height": 24}, None),
        ({"width": True, "height": 24}, None),
        ({"width": 80.5, "height": 24}, None),
        ([80, 24], None),
        ({"width": 80}, None),
    ],
)
def test_a_page_s_size_is_whole_numbers_clamped(value, size):
    assert _size_of(value, Limits()) == size


def test_a_packet_for_the_game_says_its_length():
    assert packet(b"D", b"abc") == b"D\x00\x00\x00\x03abc"


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("https://Play.Example.org:443/", "https://play.example.org"),
        ("http://[::1]:80", "http://[::1]"),
        ("null", None),
        ("file:///x", None),
        ("http://user@host", None),
        ("http://host:99999", None),
    ],
)
def test_origins_are_written_as_browsers_send_them(url, origin):
    assert origin_of(url) == origin


def test_the_default_origins_are_the_page_s_own():
    allowed = allowed_origins("http://127.0.0.1:8000")
    assert origin_allowed("http://127.0.0.1:8000", allowed)
    assert origin_allowed("http://localhost:8000", allowed)  # the same page under its other loopback name
    assert not origin_allowed("http://127.0.0.1:8001", allowed)
    assert not origin_allowed("http://evil.example", allowed)
    assert not origin_allowed("null", allowed)
    assert origin_allowed(None, allowed)  # not a browser: no one's page, no one's cookies
    behind_a_proxy = allowed_origins("https://play.example.org", ("https://friends.example.org",))
    assert behind_a_proxy == {"https://play.example.org", "https://friends.example.org"}


def test_a_hand_given_origin_has_no_path():
    assert parse_origin("https://play.example.org/") == "https://play.example.org"
    assert parse_origin("https://play.example.org/game") is None


def test_the_page_loads_everything_from_its_own_host_and_escapes_what_it_is_given():
    text = page("unokart", "http://127.0.0.1:8000/static/", 'ws://127.0.0.1:8000/ws"><script>', "-3")
    assert "googleapis" not in text and "https://" not in text
    assert 'data-font-size="6"' in text  # clamped
    assert '"><script>' not in text


# ---------------------------------------------------------------------- what a game reports it saved


def test_the_host_believes_only_whole_report_lines():
    state = SaveState()
    state.feed(b"1 saved 0\n2 unsa")
    assert state.sentence() == "Every move you made is saved."
    state.feed(b"ved 3\n")
    assert state.sentence() == "Your last 3 moves could not be saved."
    state.feed(b"2 saved 0\nnonsense\n" + b"9" * 10_000 + b"\n3 saved\n")
    assert state.sentence() == "Every move you made is saved."


def test_what_a_crash_says():
    assert exit_words(0, "") == ""
    assert exit_words(1, "") == "The game stopped unexpectedly (status 1). It had not saved a match in this session."
    unsaved = SaveState()
    unsaved.feed(b"1 unsaved 1\n")
    assert exit_words(1, unsaved.sentence()).endswith("Your last move could not be saved.")


def test_a_session_reports_each_save_on_the_host_s_pipe(tmp_path, monkeypatch):
    """The game's side: every save tried, and whether it held, reaches the host."""
    import saves
    from unokart_tui.table.session import Session

    read, write = os.pipe()
    monkeypatch.setenv(report.VARIABLE, str(write))
    monkeypatch.setattr(report, "_looked", False)
    monkeypatch.setattr(report, "_fd", None)
    session = Session.new("Ann", ["random", "random"], seed=3, name="Duel")
    assert session.is_saved

    def failing(*args: object, **kwargs: object) -> None:
        raise saves.SaveError("Duel", "the disk is full")

    monkeypatch.setattr(saves, "write_atomic", failing)
    assert not session.save()
    session.close()
    os.close(write)
    lines = os.read(read, 65536)
    os.close(read)
    number = lines.split()[0].decode()
    assert lines.decode().splitlines()[-2:] == [f"{number} unsaved 0", f"{number} unsaved 0"]
    state = SaveState()
    state.feed(lines)
    assert state.sentence() == "Your match could not be saved."
    assert report.VARIABLE not in os.environ  # not passed on to anything the game starts
