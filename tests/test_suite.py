"""The suite's own rules: the same Hypothesis examples on every run."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

import tests

from .conftest import FAST_TEST_FILES, WHOLE_SUITE
from .lanes import NOT_TOUCHED_YET, runs_a_program, untouched_modules


def hypothesis_tests() -> list[tuple[str, object]]:
    """Every Hypothesis test of the suite, by its module and name."""
    found = []
    for module_info in pkgutil.walk_packages(tests.__path__, "tests."):
        if module_info.name.rpartition(".")[2].startswith("test_"):
            module = importlib.import_module(module_info.name)
            found += [
                (f"{module_info.name}.{name}", test)
                for name, test in vars(module).items()
                if hasattr(test, "hypothesis")
            ]
    return found


def test_every_hypothesis_test_is_derandomized():
    found = hypothesis_tests()
    assert len(found) >= 15  # the walk found them (test_junk alone has a dozen)
    chance = [name for name, test in found if not test._hypothesis_internal_use_settings.derandomize]
    assert chance == []


def test_every_module_imports():
    """The fast lane imports every module, even those only the end-to-end tests drive (the SSH host's)."""
    import ai
    import saves
    import unokart_tui

    names = [
        info.name
        for package in (unokart_tui, ai, saves)
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
        if not info.name.endswith("__main__")  # it starts the game
    ]
    assert {"unokart_tui.serve.ssh", "unokart_tui.serve.hub", "unokart_tui.tui.dialogs.jump", "saves.store"} <= set(
        names
    )
    for name in names:
        importlib.import_module(name)


def test_each_test_has_its_own_config_and_data_folders(tmp_path):
    """By unokart's own variables, which hold on every platform (platformdirs ignores XDG_CONFIG_HOME on macOS)."""
    import saves
    from ai.config import config_dir
    from unokart_tui.settings import settings_path

    assert config_dir() == tmp_path / "config" and settings_path().parent == tmp_path / "config"
    assert saves.save_dir() == tmp_path / "data"


def test_the_fast_lane_touches_every_module(request):
    """Whatever goes to the slow lane, a fast test file still loads each module (``tests/lanes.py``)."""
    if not request.config.stash[WHOLE_SUITE]:
        pytest.skip("only a run of the whole suite knows its fast lane (both lanes and .ci/run are)")
    fast_files = request.config.stash[FAST_TEST_FILES]
    assert len(fast_files) > 100  # the stash holds the whole suite's fast test files
    assert untouched_modules(fast_files) == sorted(NOT_TOUCHED_YET)


def test_the_touch_check_finds_a_module_no_fast_test_file_loads():
    engine_only = [Path(tests.__file__).parent / "engine" / "test_rules_deal.py"]
    untouched = untouched_modules(engine_only)
    assert "unokart_tui.serve.ssh" in untouched and "saves.store" in untouched
    assert "unokart_tui.engine.round" not in untouched  # loaded through the engine's package


def test_what_drives_the_app_or_starts_a_process_is_found_in_the_test_its_helpers_or_its_fixtures():
    from .ai import test_sim
    from .conftest import pilot
    from .ui import test_play

    assert runs_a_program(test_play.test_the_mouse_plays_a_card_and_draws)  # App.run_test in the test
    assert runs_a_program(test_sim.test_bad_sim_flags_are_one_line_and_status_2)  # a subprocess in its helper
    assert runs_a_program(lambda: None, [pilot])  # the pilot fixture
    assert not runs_a_program(test_the_touch_check_finds_a_module_no_fast_test_file_loads)
