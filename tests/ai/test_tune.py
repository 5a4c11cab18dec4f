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
        (["tune", "greedy", "--against", "wizard"], "unknown bot 'wizard' in --against"),  # 35: not --bots
        (["tune", "greedy", "--against", "random", "--trials", "0"], "must be at least 1"),
        (["tune", "greedy"], "--against"),
        # Issue 35, finding 12: each of these was a traceback.
        (["tune", "greedy", "--against", "random", "--seed", "-1"], "'-1' must be from 0 to 4,294,967,295"),
        (["tune", "greedy", "--against", "random", "--seed", str(2**32)], "must be from 0 to 4,294,967,295"),
        (["tune", "greedy", "--against", "random", "--storage", "nonsense"], "--storage cannot be used: Could not"),
        (["tune", "greedy", "--against", "random", "--storage", "/tmp/study.db"], "--storage cannot be used"),
        (["tune", "greedy", "--against", "random", "--storage", "sqlite:////nowhere/at/all.db"], "unable to open"),
        (["tune", "greedy", "--against", "random", "--storage", "redis://x"], "--storage cannot be used"),
        (["tune", "greedy", "--against", "random", "--storage", "mysql://u:pw@h/d"], "driver is not installed"),
        (["tune", "greedy", "--against", "random", "--profile", "hard"], "the profile 'hard' exists already"),
    ],
)
def test_bad_tune_flags_are_one_line_and_status_2(places, capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert "pw" not in err  # a password in a storage URL is not echoed


def test_the_shared_habits_are_not_tuned():
    assert not set(tune.tunable("challenger")) & tune.HABITS
    assert set(tune.tunable("challenger")) == set(ai.BOTS["challenger"].OWN_PARAMS)


def _tune_help() -> str:
    args = cli.build_parser().parse_args(["tune", "greedy", "--against", "random"])
    return args.parser.format_help()


def test_a_profile_of_that_name_is_kept_unless_forced(places, capsys):
    # Issue 35, finding 12: --profile NAME silently replaced the profile of that name.
    mine = places / "config" / "profiles" / "mine.toml"
    mine.parent.mkdir(parents=True)
    mine.write_text("[all]\nmistakes = 0.5\n")
    tiny = ["tune", "greedy", "--against", "random", "--trials", "1", "--rounds", "2", "--profile", "mine"]
    with pytest.raises(SystemExit) as exit_info:
        cli.main(tiny)
    assert exit_info.value.code == 2 and "--force" in capsys.readouterr().err
    assert mine.read_text() == "[all]\nmistakes = 0.5\n"
    assert not (places / "data" / "tune.sqlite3").exists()  # refused before any trial
    assert cli.main([*tiny, "--force"]) == 0
    assert mine.read_text().startswith("# Tuned by")


def test_the_help_says_how_to_replace_a_profile():
    assert "--force" in _tune_help() and "replace the profile" in _tune_help()


def test_a_profile_that_appears_while_the_study_runs_is_kept(places, monkeypatch):
    path = places / "config" / "profiles" / "late.toml"
    real = tune.win_rate

    def someone_writes_it(*args, **kwargs):
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("theirs")
        return real(*args, **kwargs)

    monkeypatch.setattr(tune, "win_rate", someone_writes_it)
    storage = f"sqlite:///{places / 'study.sqlite3'}"
    with pytest.raises(tune.BadRequest, match="exists already"):
        tune.tune("greedy", ["random"], trials=1, rounds=2, storage=storage, profile_path=path)
    assert path.read_text() == "theirs" and [p.name for p in path.parent.iterdir()] == ["late.toml"]


def test_forced_a_profile_that_is_a_link_is_not_replaced(places):
    target = places / "elsewhere.toml"
    target.write_text("kept")
    path = places / "config" / "profiles" / "linked.toml"
    path.parent.mkdir(parents=True)
    path.symlink_to(target)
    storage = f"sqlite:///{places / 'study.sqlite3'}"
    with pytest.raises(tune.BadRequest, match="is not a regular file"):
        tune.tune("greedy", ["random"], trials=1, rounds=2, storage=storage, profile_path=path, overwrite=True)
    assert path.is_symlink() and target.read_text() == "kept"
