"""House-rules presets as files: the shipped four agree with the engine; players' own, and clear errors."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

import ai
from unokart_tui.engine import PRESETS, SWITCHES, HouseRules
from unokart_tui.table import presets
from unokart_tui.table.presets import PresetError, build_rules, load_preset, parse_switch


@pytest.fixture
def rules_dir(monkeypatch, tmp_path) -> Path:
    monkeypatch.setenv("UNOKART_CONFIG_DIR", str(tmp_path / "config"))
    directory = tmp_path / "config" / "rules"
    directory.mkdir(parents=True)
    return directory


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_shipped_files_and_the_engine_agree(name):
    path = presets.shipped_file(name)
    assert set(tomllib.loads(path.read_text())) == set(SWITCHES)  # every switch written out
    assert presets.read_preset_file(path) == HouseRules.preset(name) == load_preset(name)


def test_the_shipped_presets_are_all_the_engine_knows():
    folder = presets.shipped_file("official").parent
    assert sorted(path.stem for path in folder.glob("*.toml")) == sorted(PRESETS)


def test_players_presets_live_beside_their_bot_profiles(rules_dir):
    assert presets.user_rules_dir() == ai.user_profile_dir().parent / "rules" == rules_dir
    (rules_dir / "friday.toml").write_text('preset = "party"\njump_in = false\nhand_size = 8\n')
    (rules_dir / "quiet.toml").write_text("# nothing on: the official rules\n")
    assert presets.list_presets() == ["official", "house", "party", "chaos", "friday", "quiet"]
    assert load_preset("friday") == HouseRules.preset("party").replace(jump_in=False, hand_size=8)
    assert load_preset("quiet") == HouseRules()
    assert build_rules("friday", ["seven_zero=off"]) == load_preset("friday").replace(seven_zero=False)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("jumping = true\n", "unknown switch 'jumping'"),
        ('jump_in = "yes"\n', "house rule jump_in is true or false"),
        ("hand_size = 4\n", "house rule hand_size is a whole number from 5 to 10"),
        ('banana = "next-seat"\n', "house rule banana is"),
        ("stack_cross = true\n", "stack_cross needs stack_draw_two and stack_draw_four"),
        ('preset = "wild"\n', "'preset' must be one of official, house, party, chaos"),
        ("jump_in = \n", "not valid TOML"),
        ("[jump_in]\n", "house rule jump_in is true or false"),
    ],
)
def test_a_broken_preset_file_names_the_file_and_the_key(rules_dir, text, message):
    (rules_dir / "broken.toml").write_text(text)
    with pytest.raises(PresetError, match=message.replace("(", r"\(")) as caught:
        load_preset("broken")
    assert str(caught.value).startswith(f"{rules_dir / 'broken.toml'}: ")


def test_a_preset_file_that_is_not_text_says_so(rules_dir):
    (rules_dir / "binary.toml").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(PresetError, match=r"binary\.toml: is not a text file"):
        load_preset("binary")


def test_a_pipe_a_folder_or_a_huge_file_named_like_a_preset_is_refused_at_once(rules_dir):
    os.mkfifo(rules_dir / "pipe.toml")  # reading it would wait for ever
    (rules_dir / "folder.toml").mkdir()
    (rules_dir / "huge.toml").write_text("# " + "x" * 100_000 + "\n")
    assert presets.user_presets() == ["huge"]
    with pytest.raises(PresetError, match=r"pipe\.toml: .*named pipe"):
        load_preset("pipe")
    with pytest.raises(PresetError, match=r"folder\.toml: .*folder"):
        load_preset("folder")
    with pytest.raises(PresetError, match=r"huge\.toml: "):
        load_preset("huge")


def test_the_list_offers_only_names_that_rules_takes(rules_dir):
    # Issue 35, finding 17: "my rules" was offered, and then refused as no preset name.
    for name in ("my rules", "fête", ".hidden", "dotted.name", "fine-name_2"):
        (rules_dir / f"{name}.toml").write_text("jump_in = true\n")
    assert presets.user_presets() == ["fine-name_2"]
    for name in presets.list_presets():
        load_preset(name)  # every name offered is taken


def test_a_players_file_cannot_take_a_shipped_name(rules_dir):
    (rules_dir / "party.toml").write_text("jump_in = false\n")
    with pytest.raises(PresetError, match=r"party\.toml: 'party' is a shipped preset; give your own file another name"):
        load_preset("party")
    assert presets.list_presets().count("party") == 1


@pytest.mark.parametrize("name", ["../escape", "", "a b", "wild"])
def test_unknown_or_impossible_preset_names(rules_dir, name):
    with pytest.raises(PresetError, match=r"not a preset name|unknown preset"):
        load_preset(name)


@pytest.mark.parametrize(
    ("text", "switch"),
    [
        ("jump_in=false", ("jump_in", False)),
        ("jump_in = TRUE", ("jump_in", True)),
        ("seven_zero=on", ("seven_zero", True)),
        ("hand_size=8", ("hand_size", 8)),
        ("banana=last-turn", ("banana", "last-turn")),
    ],
)
def test_a_switch_from_the_command_line(text, switch):
    assert parse_switch(text) == switch


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("jump_in", "is not SWITCH=VALUE"),
        ("=true", "is not SWITCH=VALUE"),
        ("jump_in=", "is not SWITCH=VALUE"),
        ("jumping=true", "unknown switch 'jumping'"),
        ("jump_in=2", "jump_in is true or false, not '2'"),
        ("hand_size=many", "hand_size is a whole number, not 'many'"),
    ],
)
def test_a_bad_switch_from_the_command_line(text, message):
    with pytest.raises(PresetError, match=message):
        parse_switch(text)


def test_build_rules_checks_the_whole_combination():
    assert build_rules(None) == HouseRules()
    assert build_rules("house", ["hand_size=5", "banana=last-turn"]) == HouseRules.preset("house").replace(
        hand_size=5, banana="last-turn"
    )
    with pytest.raises(PresetError, match="stack_cross needs"):
        build_rules("house", ["stack_cross=true", "stack_draw_two=false"])
    with pytest.raises(PresetError, match="hand_size is a whole number from 5 to 10"):
        build_rules("party", ["hand_size=11"])
