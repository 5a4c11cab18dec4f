"""The suite's own rules: the same Hypothesis examples on every run."""

from __future__ import annotations

import importlib
import pkgutil

import tests


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
