from __future__ import annotations

import shutil

import pytest

from .terminal import Terminal


@pytest.fixture
def terminal(tmp_path, monkeypatch):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it)")
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text("confirm_quit = false\nguide = false\n")
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(config))
    env = {
        "UNOKART_DATA_DIR": str(tmp_path / "data"),
        "UNOKART_CONFIG_DIR": str(config),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "TEXTUAL_ANIMATIONS": "none",
        "TZ": "UTC",
    }
    term = Terminal(tmp_path, env)
    term.config = config
    yield term
    term.close()
