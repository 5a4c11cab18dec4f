"""What the commands share: the parser, the flags' types, the one-line failures, reading a save by name."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

from .. import defaults
from ..printable import printable
from ..voice import _, ngettext

if TYPE_CHECKING:
    from saves import SavedGame, SaveError

    from ..engine import HouseRules


class Parser(argparse.ArgumentParser):
    """A bad flag prints one line saying what is wrong and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        line = _("{prog}: error: {problem} (see '{prog} --help')").format(prog=self.prog, problem=printable(message))
        self.exit(2, line + "\n")


class Commands(Protocol):
    """Where a command adds its parser: what ``ArgumentParser.add_subparsers`` returns."""

    def add_parser(self, name: str, **kwargs: Any) -> Parser: ...


def parser_of(args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the command ``args`` came from (each sets it with ``set_defaults(parser=...)``):
    its errors name the command, as in ``unokart new: error: ...``."""
    parser: argparse.ArgumentParser = args.parser
    return parser


def fail_on_save(error: SaveError) -> int:
    """A save that could not be read or written, in one sentence of the player's language: status 1."""
    from ..voice.save_problems import save_problem  # noqa: PLC0415 - the saves package loads on use

    return fail(save_problem(error))


def fail(message: str) -> int:
    """Say what went wrong in one line (a problem with the files, not with the flags): status 1."""
    sys.stderr.write(_("unokart: {problem}").format(problem=printable(message, newlines=True)) + "\n")
    return 1


def echo(text: object, most: int = 24) -> str:
    """What the player typed, quoted for a message: shortened if long (a 5,000-digit seed, say)."""
    text = str(text)
    if len(text) <= most:
        return repr(text)
    shortened = ngettext("{start}…{end} ({count} character)", "{start}…{end} ({count} characters)", len(text))
    return shortened.format(start=repr(text[: most - 8]), end=repr(text[-4:]), count=f"{len(text):,}")


def whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=echo(text))) from None


def positive(text: str) -> int:
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("{text} must be at least 1").format(text=echo(text)))
    return value


def target_help() -> str:
    return _("the score that wins the match (default {target})").format(target=defaults.TARGET)


def add_bot_delay(parser: argparse.ArgumentParser) -> None:
    """``--bot-delay``, for the commands that play."""
    parser.add_argument(
        "--bot-delay",
        type=seconds,
        default=None,
        help=_("seconds a bot thinks (default {delay})").format(delay=defaults.BOT_DELAY),
    )


def add_plain(parser: argparse.ArgumentParser, *, title: bool = False) -> None:
    """``--plain`` and ``--no-plain``: line mode or not, whatever the *Line mode* setting says (docs/line-mode.md).

    On ``unokart`` itself (``title``) it is None unless given; a command's own leaves that value
    as it is unless given too, so ``unokart --plain new`` and ``unokart new --plain`` are the same.
    """
    if title:
        help_text = _("line mode: the whole game as lines of text, commands typed (for screen readers and pipes)")
    else:
        help_text = _("line mode: the match as lines of text, commands typed (for screen readers and pipes)")
    parser.add_argument(
        "--plain",
        action=argparse.BooleanOptionalAction,
        default=None if title else argparse.SUPPRESS,
        help=help_text,
    )


def wants_plain(args: argparse.Namespace) -> bool:
    """Line mode: as ``--plain`` or ``--no-plain`` say, else as the *Line mode* setting says."""
    if args.plain is not None:
        return bool(args.plain)
    from ..settings import load_settings  # noqa: PLC0415 - only for commands that play

    return load_settings()[0].line_mode


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds").format(text=echo(text))) from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(_("{text} must be from 0 to 10 seconds").format(text=echo(text)))
    return value


def add_rules_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules", metavar="PRESET", help=_("house rules: official (default), house, party, chaos or your own preset")
    )
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="SWITCH=VALUE",
        help=_("change one house rule, e.g. jump_in=false or hand_size=8 (repeatable)"),
    )


def house_rules(args: argparse.Namespace) -> HouseRules:
    """The house rules ``--rules`` and ``--rule`` ask for; a bad one is a one-line error (status 2)."""
    from ..table.presets import PresetError, build_rules  # noqa: PLC0415 - only for commands that play

    try:
        return build_rules(args.rules, args.rule)
    except PresetError as error:
        parser_of(args).error(str(error))


def bot_list(
    text: str,
    parser: argparse.ArgumentParser,
    known: Collection[str],
    *,
    low: int,
    high: int,
    opponents: bool,
    flag: str = "--bots",
) -> list[str]:
    """The names in ``flag`` (``--bots``); a one-line error (status 2) for an unknown name or a wrong count.

    ``opponents``: the names are the player's opponents, not every seat at the table.
    """
    bots = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name.partition(":")[0] for name in bots if name.partition(":")[0] not in known]
    if unknown:
        import ai.profiles  # noqa: PLC0415 - read only when a name is wrong

        if unknown[0] in ai.profiles.list_profiles():  # found in play: "--bots expert-quick", as the README put it
            parser.error(
                _("{profile} is a difficulty, not a bot: write it after a bot and a colon, as in {example}").format(
                    profile=repr(unknown[0]), example=f"expert:{unknown[0]}"
                )
            )
        parser.error(
            _("unknown bot {bot} in {flag} (the bots: {bots})").format(
                bot=repr(unknown[0]), flag=flag, bots=", ".join(sorted(known))
            )
        )
    if not low <= len(bots) <= high:
        if opponents:
            problem = _("{flag} needs {low} to {high} opponents, not {count}")
        else:
            problem = _("{flag} needs {low} to {high} bots, not {count}")
        parser.error(problem.format(flag=flag, low=low, high=high, count=len(bots)))
    return bots


def no_such_save(name: str, closest: Sequence[str] = ()) -> SaveError:
    """No save has the name asked for; ``closest``: the names that come close, for its sentence (voice)."""
    from saves import SaveMissing  # noqa: PLC0415

    class NoSuchSave(SaveMissing):
        def __init__(self) -> None:
            super().__init__(name, "there is no such save")
            self.closest = tuple(closest)

    return NoSuchSave()


def read_game(name: str, *, backup: bool = False) -> tuple[str, SavedGame]:
    """The save called ``name`` (or the one whose name differs only in letter case) and its name.

    Found in play: ``unokart replay 'match 2026-12-02 19.26'`` failed on a capital M, and said
    so with a file path; a save not found is now answered with the names that come close.
    """
    import difflib  # noqa: PLC0415

    from saves import SaveMissing, list_saves, load_game  # noqa: PLC0415

    try:
        return name, load_game(name, backup=backup)
    except SaveMissing:
        names = [entry.name for entry in list_saves()]
    same = [other for other in names if other.casefold() == name.casefold()]
    if len(same) == 1:
        return same[0], load_game(same[0], backup=backup)
    folded = {other.casefold(): other for other in names}
    close = [folded[found] for found in difflib.get_close_matches(name.casefold(), folded, n=3, cutoff=0.6)]
    raise no_such_save(name, close)
