"""Bot profiles: the shipped presets and the user's own, and clear errors for bad ones."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest

import ai


@pytest.fixture
def profile_dir(monkeypatch, tmp_path) -> Path:
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "config"))
    directory = tmp_path / "config" / "profiles"
    directory.mkdir(parents=True)
    return directory


@pytest.mark.parametrize("profile", ["easy", "normal", "hard"])
def test_shipped_profiles_load_for_every_bot(profile):
    assert {"easy", "normal", "hard"} <= set(ai.list_profiles())
    for name in ai.BOTS:
        bot = ai.make_bot(name, profile=profile)
        assert set(bot.params) == set(ai.BOTS[name].params_spec())


def test_hard_is_sharper_than_easy():
    easy, hard = ai.make_bot("challenger", profile="easy"), ai.make_bot("challenger", profile="hard")
    assert hard.params["catch_chance"] > easy.params["catch_chance"]
    assert hard.params["forget_uno"] < easy.params["forget_uno"]


def test_a_user_profile_is_found_and_shadows_a_shipped_one(profile_dir):
    (profile_dir / "sharp.toml").write_text("[all]\ncatch_chance = 1.0\n[greedy]\nattack_at = 4\n")
    (profile_dir / "easy.toml").write_text("[all]\nmistakes = 0.5\n")
    assert "sharp" in ai.list_profiles()
    greedy = ai.make_bot("greedy", profile="sharp")
    assert (greedy.params["catch_chance"], greedy.params["attack_at"]) == (1.0, 4)
    assert ai.make_bot("random", profile="sharp").params["catch_chance"] == 1.0
    assert ai.make_bot("random", profile="easy").params["mistakes"] == 0.5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[all]\nshyness = 1\n", "unknown parameter shyness"),
        ("[all]\nforget_uno = 'often'\n", "must be a number"),
        ("[all]\ncatch_chance = 3\n", "from 0.0 to 1.0"),
        ("[greedy]\nattack_at = 0\n", "from 1 to 7"),
        ("[grumpy]\nx = 1\n", r"unknown table \[grumpy\]"),
        ("all = 3\n", "must be a table"),
        ("[all\n", "not valid TOML"),
    ],
)
def test_bad_profiles_give_a_clear_error_naming_the_file(profile_dir, text, message):
    (profile_dir / "bad.toml").write_text(text)
    with pytest.raises(ValueError, match=message) as caught:
        ai.make_bot("greedy", profile="bad")
    assert "bad.toml" in str(caught.value)


@pytest.mark.parametrize("name", ["../escape", "", "a b"])
def test_profile_names_cannot_escape(name):
    with pytest.raises(ValueError, match="not a profile name"):
        ai.make_bot("greedy", profile=name)


def test_the_user_profile_dir_defaults_to_the_platform_config_dir(monkeypatch):
    monkeypatch.delenv("UNOKART_CONFIG_DIR", raising=False)
    assert ai.user_profile_dir().parts[-2:] == ("unokart", "profiles")
    assert ai.user_profile_dir() == Path(platformdirs.user_config_dir("unokart")) / "profiles"


def test_a_pipe_a_folder_or_a_broken_link_named_like_a_profile_is_no_profile(profile_dir):
    # Issue 14, finding 18: they were listed as profiles (and a pipe hung whoever read it).
    os.mkfifo(profile_dir / "pipe.toml")
    (profile_dir / "folder.toml").mkdir()
    (profile_dir / "nowhere.toml").symlink_to(profile_dir / "missing.toml")
    (profile_dir / "mine.toml").write_text("[all]\nforget_uno = 0.5\n")
    names = set(ai.list_profiles())
    assert "mine" in names and not names & {"pipe", "folder", "nowhere"}
    # Issue 35, finding 17: each was "an unknown profile"; it is said what it is.
    for name, what in [
        ("pipe", "is a named pipe"),
        ("folder", "is a folder"),
        ("nowhere", "is a link that leads nowhere"),
    ]:
        with pytest.raises(ValueError, match=f"{name}\\.toml: {what}, not a file|{name}\\.toml: {what}") as caught:
            ai.make_bot("greedy", profile=name)
        assert "unknown profile" not in str(caught.value)


def test_a_pipe_named_like_a_shipped_profile_is_said_to_be_one_not_passed_over(profile_dir):
    os.mkfifo(profile_dir / "hard.toml")  # the player's own comes first, as a file would
    with pytest.raises(ValueError, match=r"hard\.toml: is a named pipe, not a file"):
        ai.make_bot("greedy", profile="hard")


def test_the_list_offers_only_names_that_profile_takes(profile_dir):
    # Issue 35, finding 17: "my profile" was offered, and then refused as no profile name.
    for name in ("my profile", "zoë", ".hidden", "dotted.name", "fine-name_2"):
        (profile_dir / f"{name}.toml").write_text("[all]\nmistakes = 0.1\n")
    listed = ai.list_profiles()
    assert "fine-name_2" in listed and not {"my profile", "zoë", ".hidden", "dotted.name"} & set(listed)
    for name in listed:
        ai.make_bot("greedy", profile=name)  # every name offered is taken


def test_a_profile_nested_thousands_deep_is_a_clear_error(profile_dir):
    # Finding 5: it crashed `unokart sim` with a RecursionError.
    (profile_dir / "deep.toml").write_text("[all]\nforget_uno = " + "[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(ValueError, match=r"deep\.toml: not valid TOML: lists or tables are nested too deeply"):
        ai.make_bot("greedy", profile="deep")
