"""House-rules presets as TOML files of switches (HOUSE_RULES.md "Presets"). No Textual here.

The four shipped presets (``official``, ``house``, ``party``, ``chaos``) are files in the
package, ``rules_presets/<name>.toml``; the engine knows them too (``HouseRules.preset``)
and a test holds the two to each other. A player's own presets live beside their bot
profiles, in ``<config dir>/unokart/rules/<name>.toml``: one switch a line, and
optionally ``preset = "party"`` to start from a shipped preset and change some switches:

    preset = "party"
    jump_in = false
    hand_size = 8

A file that cannot be used raises ``PresetError``, naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from unokart_tui.engine import PRESETS, SWITCHES, HouseRules, RulesError
from unokart_tui.engine.house_rules import check_switch
from unokart_tui.files import FileProblem, parse_toml, read_text

from ..locations import rules_dir
from ..voice import _

SHIPPED = "rules_presets"
MAX_PRESET_BYTES = 64 * 1024  # a preset is a few switches: anything bigger is not one
_NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
_TRUE, _FALSE = ("true", "on", "yes"), ("false", "off", "no")


class PresetError(ValueError):
    """A preset, a switch or a value that cannot be used; the message names where and what."""


def user_rules_dir() -> Path:
    """Players' own presets: ``rules/`` in the config directory, beside the bot profiles' ``profiles/``."""
    return rules_dir()


def shipped_file(name: str) -> Path:
    from importlib import resources  # noqa: PLC0415 - on use: a new match from the shell starts without it

    return Path(str(resources.files("unokart_tui").joinpath(SHIPPED, f"{name}.toml")))


def user_presets() -> list[str]:
    """The names of the player's own presets (files named like a shipped preset are not among them)."""
    directory = user_rules_dir()
    if not directory.is_dir():
        return []
    # A folder, a pipe or a link to nowhere named like a preset is none, nor a file --rules refuses by its name.
    return sorted(
        path.stem
        for path in directory.glob("*.toml")
        if is_preset_name(path.stem) and path.stem not in PRESETS and path.is_file()
    )


def is_preset_name(name: str) -> bool:
    """A name ``--rules`` takes: letters, digits, '-' and '_'."""
    return bool(name) and set(name) <= _NAME_CHARS


def list_presets() -> list[str]:
    """The shipped presets, in the order of HOUSE_RULES.md, then the player's own."""
    return [*PRESETS, *user_presets()]


def rules_from_table(data: Mapping[str, object], where: str) -> HouseRules:
    """The rules a preset file's table gives: an optional ``preset`` to start from, then switches."""
    base = HouseRules()
    switches = dict(data)
    if "preset" in switches:
        start = switches.pop("preset")
        if not isinstance(start, str) or start not in PRESETS:
            raise PresetError(
                _("{where}: 'preset' must be one of {presets}, not {value}").format(
                    where=where, presets=", ".join(PRESETS), value=repr(start)
                )
            )
        base = HouseRules.preset(start)
    for key, value in switches.items():
        if key not in SWITCHES:
            raise PresetError(
                _("{where}: unknown switch '{key}' (the switches: {switches})").format(
                    where=where, key=key, switches=", ".join(SWITCHES)
                )
            )
        try:
            check_switch(key, value)
        except RulesError as error:  # it names the switch
            raise PresetError(f"{where}: {error}") from None
    try:
        return base.replace(**switches)
    except RulesError as error:  # a combination that cannot be (H3 without H1 and H2): it names the switch
        raise PresetError(f"{where}: {error}") from None


def read_preset_file(path: Path) -> HouseRules:
    """The rules in a preset file, read with care (unokart_tui.files: only a regular file, and a small one)."""
    try:
        data = parse_toml(read_text(path, limit=MAX_PRESET_BYTES))
    except FileProblem as error:
        raise PresetError(f"{path}: {error.problem}") from None
    return rules_from_table(data, str(path))


def load_preset(name: str) -> HouseRules:
    """The rules of a shipped preset or of the player's own, by name."""
    if not isinstance(name, str) or not is_preset_name(name):
        raise PresetError(_("{name} is not a preset name (letters, digits, '-' and '_')").format(name=repr(name)))
    user_file = user_rules_dir() / f"{name}.toml"
    if name in PRESETS:
        if user_file.exists():
            raise PresetError(
                _("{file}: '{name}' is a shipped preset; give your own file another name").format(
                    file=user_file, name=name
                )
            )
        return HouseRules.preset(name)  # the engine knows it, and the shipped file says the same
    if user_file.exists() or user_file.is_symlink():  # what it is, read_preset_file says
        return read_preset_file(user_file)
    raise PresetError(
        _("unknown preset {name} (the presets: {presets})").format(name=repr(name), presets=", ".join(list_presets()))
    )


def parse_switch(text: str) -> tuple[str, object]:
    """``SWITCH=VALUE`` from the command line: ``jump_in=false``, ``hand_size=8``, ``banana=last-turn``."""
    name, equals, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not equals or not name or not raw:
        raise PresetError(_("{text} is not SWITCH=VALUE (e.g. jump_in=false)").format(text=repr(text)))
    if name not in SWITCHES:
        raise PresetError(
            _("unknown switch {name} (the switches: {switches})").format(name=repr(name), switches=", ".join(SWITCHES))
        )
    default = SWITCHES[name]
    if isinstance(default, bool):
        if raw.lower() not in (*_TRUE, *_FALSE):
            raise PresetError(_("{name} is true or false, not {value}").format(name=name, value=repr(raw)))
        return name, raw.lower() in _TRUE
    if isinstance(default, int):
        try:
            return name, int(raw)
        except ValueError:
            raise PresetError(_("{name} is a whole number, not {value}").format(name=name, value=repr(raw))) from None
    return name, raw


def build_rules(preset: str | None, switches: Sequence[str] = ()) -> HouseRules:
    """A preset (``official`` by default) with ``SWITCH=VALUE`` changes, as ``--rules`` and ``--rule`` give them."""
    rules = load_preset(preset) if preset is not None else HouseRules()
    changes = dict(parse_switch(text) for text in switches)
    try:
        return rules.replace(**changes)
    except RulesError as error:
        raise PresetError(str(error)) from None


def rules_arguments(rules: HouseRules) -> list[str]:
    """The ``--rules``/``--rule`` words that give ``rules`` back (none for RULES.md): the inverse of build_rules."""
    name = rules.preset_name
    if name == "official":
        return []
    if name is not None:
        return ["--rules", name]
    words: list[str] = []
    for switch, value in rules.enabled().items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        words += ["--rule", f"{switch}={text}"]
    return words
