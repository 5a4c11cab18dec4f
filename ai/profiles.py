"""Profiles: named sets of bot parameters in TOML, shipped (easy, normal, hard) or the user's own.

A profile has an ``[all]`` table for every bot and a table per bot name for that bot:

    [all]
    forget_uno = 0.2
    [challenger]
    challenge_above = 0.7

User profiles live in ``<user config dir>/unokart/profiles/<name>.toml`` and take
precedence over a shipped profile of the same name.
"""

from __future__ import annotations

import os
from pathlib import Path

from unokart_tui.files import FileProblem, parse_toml, read_text
from unokart_tui.locations import profiles_dir

from .params import check_params
from .registry import BOTS

SHIPPED = "profiles"
MAX_PROFILE_BYTES = 64 * 1024  # a profile is a few tables of a few numbers
_PROFILE_NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def user_profile_dir() -> Path:
    return profiles_dir()


def list_profiles() -> list[str]:
    from importlib import resources  # noqa: PLC0415 - profiles are read on use: bots without one start sooner

    names = {
        Path(entry.name).stem
        for entry in resources.files(__package__).joinpath(SHIPPED).iterdir()
        if entry.name.endswith(".toml")
    }
    directory = user_profile_dir()
    if directory.is_dir():  # a folder, a pipe or a link to nowhere named like a profile is none
        names |= {path.stem for path in directory.glob("*.toml") if is_profile_name(path.stem) and path.is_file()}
    return sorted(names)


def is_profile_name(name: str) -> bool:
    """A name ``--profile`` takes: letters, digits, '-' and '_' (a file "my profile.toml" is no profile)."""
    return bool(name) and set(name) <= _PROFILE_NAME_CHARS


def _read(profile: str) -> tuple[str, str]:
    if not isinstance(profile, str) or not is_profile_name(profile):
        raise ValueError(f"{profile!r} is not a profile name (letters, digits, '-' and '_')")
    user_file = user_profile_dir() / f"{profile}.toml"
    if os.path.lexists(user_file):  # the player's own comes first: a pipe or a folder there is said to be one
        try:
            return str(user_file), read_text(user_file, limit=MAX_PROFILE_BYTES)
        except FileProblem as error:
            raise ValueError(f"{user_file}: {error.problem}") from None
    from importlib import resources  # noqa: PLC0415

    shipped = resources.files(__package__).joinpath(SHIPPED, f"{profile}.toml")
    if shipped.is_file():
        return f"shipped profile {profile}", shipped.read_text(encoding="utf-8")
    known = ", ".join(list_profiles())
    raise ValueError(f"unknown profile {profile!r} (the profiles: {known})")


def profile_is_for(profile: str, bot: str) -> bool:
    """Whether ``profile`` sets anything for ``bot``: an ``[all]`` table, or one of its own.

    A profile that cannot be read counts as for every bot: choosing it says what is wrong.
    """
    try:
        data = parse_toml(_read(profile)[1])
    except (ValueError, FileProblem):
        return True
    return "all" in data or bot in data


def load_profile(profile: str, bot: str) -> dict[str, object]:
    """The parameters ``profile`` gives the bot ``bot``, checked against that bot's parameters."""
    where, text = _read(profile)
    try:
        data = parse_toml(text)
    except FileProblem as error:
        raise ValueError(f"{where}: {error.problem}") from None
    unknown = sorted(set(data) - {"all", *BOTS})
    if unknown:
        raise ValueError(f"{where}: unknown table [{unknown[0]}] (use [all] or a bot name: {', '.join(sorted(BOTS))})")
    values: dict[str, object] = {}
    for table in ("all", bot):
        section = data.get(table, {})
        if not isinstance(section, dict):
            raise ValueError(f"{where}: [{table}] must be a table")
        values.update(section)
    return dict(check_params(BOTS[bot].params_spec(), values, bot, where=where))
