"""``unokart tune``: an Optuna study of a bot's parameters, kept in a storage and continued, written as a profile."""

from __future__ import annotations

import sys

import pytest

import ai
from ai import tune
from unokart_tui import cli


@pytest.fixture
def places(monkeypatch, tmp_path):
    monkeypatch.setenv("UNOKART_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.mark.slow
def test_a_tiny_tuning_writes_a_profile_that_loads(places, capsys):
    assert cli.main(["tune", "greedy", "--against", "random", "--trials", "2", "--rounds", "6"]) == 0
    out = capsys.readouterr().out
    assert "2 trials" in out and "95% interval" in out
    path = places / "config" / "profiles" / "tuned-greedy.toml"
    text = path.read_text()
    assert text.startswith("# Tuned by `unokart tune greedy --against random`")
    assert "% (95% interval" in text
    bot = ai.make_bot("greedy", profile="tuned-greedy")
    for name in tune.tunable("greedy"):
        assert f"{name} = {bot.params[name]!r}" in text
    assert (places / "data" / "tune.sqlite3").is_file()  # the study, in the data directory


@pytest.mark.slow
def test_running_again_continues_the_study(places, capsys):
    storage = f"sqlite:///{places / 'study.sqlite3'}"
    first = tune.tune("challenger", ["greedy"], trials=2, rounds=4, storage=storage)
    assert first.trials == 2
    again = tune.tune("challenger", ["greedy"], trials=3, rounds=4, storage=storage)
    assert again.trials == 3  # one more trial, on top of the two stored
    same = tune.tune("challenger", ["greedy"], trials=3, rounds=4, storage=storage)
    assert same.trials == 3 and same.best_params == again.best_params


def test_the_first_trial_is_the_bot_as_it_plays_today(places):
    import optuna

    storage = f"sqlite:///{places / 'study.sqlite3'}"
    tune.tune("greedy", ["random"], trials=1, rounds=2, storage=storage)
    study = optuna.load_study(study_name=tune.study_name("greedy", ["random"], 2), storage=storage)
    defaults = {name: spec.default for name, spec in tune.tunable("greedy").items()}
    assert study.trials[0].params == defaults


def test_without_optuna_it_says_what_to_install(places, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "optuna", None)  # import optuna now fails
    assert cli.main(["tune", "greedy", "--against", "random", "--trials", "1", "--rounds", "2"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == "unokart: unokart tune needs Optuna: pip install 'unokart-tui[tune]'"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tune", "wizard", "--against", "random"], "unknown bot 'wizard'"),
        (["tune", "greedy", "--against", "wizard"], "unknown bot 'wizard'"),
        (["tune", "greedy", "--against", "random", "--trials", "0"], "must be at least 1"),
        (["tune", "greedy"], "--against"),
    ],
)
def test_bad_tune_flags_are_one_line_and_status_2(places, capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_shared_habits_are_not_tuned():
    assert not set(tune.tunable("challenger")) & tune.HABITS
    assert set(tune.tunable("challenger")) == set(ai.BOTS["challenger"].OWN_PARAMS)
