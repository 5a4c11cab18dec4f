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
    assert {"unokart_tui.serve.ssh", "unokart_tui.serve.hub", "unokart_tui.dialogs.jump", "saves.store"} <= set(names)
    for name in names:
        importlib.import_module(name)
