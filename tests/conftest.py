from __future__ import annotations

import gc
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import settings

from .lanes import runs_a_program

# Every Hypothesis test is derandomized: the same examples on every run and every machine, and no
# example database to carry one run's finds into the next. A test's own @settings keep these
# unless they say otherwise.
settings.register_profile("unokart", derandomize=True, database=None, deadline=None)
settings.load_profile("unokart")

END_TO_END = Path(__file__).parent / "e2e"
# What the fast lane keeps, for the check that it touches every module (tests/test_suite.py).
FAST_TEST_FILES = pytest.StashKey[set[Path]]()
WHOLE_SUITE = pytest.StashKey[bool]()
RUN_DIRECTORY = pytest.StashKey[Path]()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` starts two workers a core: a pilot test spends about half its time waiting for the app to
    be idle (Textual's pause sleeps 20 ms at a time). Measured on 2 busy cores, four UI test files took 106 s
    with 2 workers, 83 s with 4; the fast lane 71 s with 4.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 2 * cores


def pytest_configure(config: pytest.Config) -> None:
    """Data and config directories of the run's own, before any fixture: a module's or the session's fixture is
    made before a test's own ``_private_data_dir``, and one (the line mode's second playtest) saved into the real
    ``~/.local/share/unokart``, where an old save of the same name made its saves fail. Each process of the run
    (every xdist worker) gets its own; a test's fixture still gives it a folder of its own.
    """
    run = Path(tempfile.mkdtemp(prefix="unokart-tests-"))
    config.stash[RUN_DIRECTORY] = run
    os.environ["UNOKART_DATA_DIR"] = str(run / "data")
    os.environ["UNOKART_CONFIG_DIR"] = str(run / "config")


def pytest_unconfigure(config: pytest.Config) -> None:
    run = config.stash.get(RUN_DIRECTORY, None)
    if run is not None:
        shutil.rmtree(run, ignore_errors=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The fast lane's rule (``tests/lanes.py``): what runs a whole program is slow, but for one test a file.

    Slow whole: the end-to-end tests (real terminals, servers and processes) and the snapshots (a whole
    screen's picture against the stored one: the full run's check that nothing a player sees moved). Slow but
    for the first of each test file: a test that drives the Textual App or starts a process. The test files
    with a fast test are kept for ``tests/test_suite.py``, which checks from their imports that the fast lane
    still touches every module.
    """
    representative: set[Path] = set()
    for item in items:
        if item.path.is_relative_to(END_TO_END) or "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
        elif isinstance(item, pytest.Function) and runs_a_program(item.function, _fixture_functions(item)):
            if item.path in representative or item.get_closest_marker("slow"):
                item.add_marker(pytest.mark.slow)
            else:
                representative.add(item.path)
    config.stash[FAST_TEST_FILES] = {item.path for item in items if not item.get_closest_marker("slow")}
    config.stash[WHOLE_SUITE] = {Path(arg).resolve() for arg in config.args} == {Path(__file__).parent}


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting built (every test module, the libraries, the tests' items) lives until the end: set aside.

    The collector's full passes walk every object still alive; the 74,000 to 80,000 that collecting one to
    three test files leaves, more for the whole suite (Textual, Hypothesis, the test modules), never become
    garbage, so each pass walked them for nothing. The game does
    the same before its App runs (``unokart_tui/cli/running.py``). Objects the tests make are collected as
    before.
    """
    gc.collect()
    gc.freeze()


def _fixture_functions(item: pytest.Function) -> list[object]:
    definitions = item._fixtureinfo.name2fixturedefs
    return [definition.func for name in item.fixturenames for definition in definitions.get(name, ())]


@pytest.fixture(autouse=True)
def _undo_deals_from_the_tests_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """An undo deals the unseen cards again from a fresh seed, in the game from ``random.SystemRandom``: in a
    test, from a generator seeded alike for every test, so that a test that types ``undo`` plays the same game
    on every run. Found in the line mode's tests: one search for a moment took 0.6 to 43.6 CPU-s by the deal."""
    from unokart_tui.table import undo

    generator = random.Random(0)
    monkeypatch.setattr(undo, "random", SimpleNamespace(SystemRandom=lambda: generator))


@pytest.fixture(autouse=True)
def _forget_the_last_apps_lines():
    """Textual keeps each widget's rendered lines alive after its app has gone: let them go after a test.

    ``StylesCache.get_inner_outer`` is an ``lru_cache`` of 1,024 entries whose key holds a widget's
    ``StylesCache``, with every line that widget drew (a ``Strip`` and its seven caches a line): about
    13,000 objects a pilot test that no test can reach again. Kept, they made every full pass of the
    collector in a worker walk some 500,000 more objects (1,024 entries of about 560). Cleared, a test's
    own pass starts empty; within a test the cache works as in the game. Only when Textual is loaded: a
    test of the engine does not import it.
    """
    yield
    styles_cache = sys.modules.get("textual._styles_cache")
    if styles_cache is not None:
        styles_cache.StylesCache.get_inner_outer.cache_clear()


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """Every test gets its own data and config directory: nothing touches the real ones.

    By unokart's own variables, which every platform honours (platformdirs ignores XDG_CONFIG_HOME on macOS).
    """
    monkeypatch.setenv("UNOKART_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture(autouse=True, scope="session")
def _no_fsync():
    """Writes still go through the game's own steps (temporary file, replace, backup), but are not forced to disk.

    What fsync guards against, a power cut, no test can bring about, while a match saves at every move: one
    test of 3 matches made 2,870 fsyncs, 9 s of its 22 s (serial, on a loaded machine). A test about a failing
    fsync patches it in turn; end-to-end tests run the real game in processes of its own, with the real one.
    For the whole session, not each test: a session fixture (the matches ``tests/history`` plays once) is made
    before any test's own fixtures, and made 1,330 real fsyncs, 12 s of waiting on a loaded machine.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", _pretend_to_sync)
        yield


def _pretend_to_sync(fd: int) -> None:
    os.fstat(fd)  # a closed or bad descriptor still raises, as fsync would


@pytest.fixture
async def pilot(request):
    """A new match's table, running for the whole test, on a clock the test moves (``tests/fakeclock.py``).

    ``@pytest.mark.table(...)`` gives ``make_app``'s options, ``size`` (80×24 unless given), and ``position``:
    a test of the match that holds at the moment the test is about, played to at engine speed before the table
    starts (the player's moves as the keys would make them), where playing there through the table would take
    a hundred frames.
    """
    from .ui.helpers import first_playable_card, make_app, play_at_engine_speed

    marker = request.node.get_closest_marker("table")
    options = dict(marker.kwargs) if marker else {}
    size = options.pop("size", (80, 24))
    position = options.pop("position", None)
    app = make_app(**options)
    if position is not None:
        play_at_engine_speed(app.session, position, player=first_playable_card)
    async with app.run_test(size=size) as running:
        yield running


@pytest.fixture(autouse=True)
def _no_animations(monkeypatch):
    """Snapshots and pilots see the final frame, not a moment of an animation.

    Textual reads TEXTUAL_ANIMATIONS once, when it is imported (here: while the tests are
    collected), so its constant is set too; the variable is for the games tests start.
    """
    import textual.constants

    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")


@pytest.fixture(autouse=True)
def _utc(monkeypatch):
    """Times on screen are local times: every test sees the same zone, wherever it runs."""
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(autouse=True)
def _english_words():
    """Every test starts in English, whatever the one before chose: its context and the process."""
    from unokart_tui.voice import follow_process_language, use_process_language

    follow_process_language()
    use_process_language(None)
    yield
    follow_process_language()
    use_process_language(None)
