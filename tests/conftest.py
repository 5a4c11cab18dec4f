from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """Every test gets its own data and config directory: nothing touches the real ones."""
    monkeypatch.setenv("UNOKART_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


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
