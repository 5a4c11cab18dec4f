"""Asking in line mode: one question at a time, answered by a number or a forgiving word.

``back`` and ``quit`` leave a page for the title (``Leave``), ``help`` says what the page wants,
and the end of the input ends everything (``InputEnded``): a page never reads past it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, NamedTuple, TypeVar

from ..printable import printable
from ..voice import plain_menus as words
from .lines import Lines

T = TypeVar("T")

LEAVE = frozenset({"back", "quit"})
HELP = frozenset({"help", "?"})


class Leave(Exception):
    """``back`` or ``quit`` was typed: the page closes, and the title is read again."""


class InputEnded(Exception):
    """The input has ended (Ctrl+D, the end of a pipe): unokart closes, with everything saved."""


class Wrong(NamedTuple):
    """An answer that cannot be taken, and why, in one sentence."""

    reason: str


class Choice(NamedTuple, Generic[T]):
    """One of a list's choices: what it gives, its name as said, and the words it is typed as."""

    value: T
    name: str
    words: tuple[str, ...]


def one_line(text: object) -> str:
    """``text`` as one line for the terminal: its line breaks as spaces, its control characters escaped."""
    return printable(" ".join(str(text).split("\n")))


def ask(
    lines: Lines,
    question: str,
    read: Callable[[str], T | Wrong],
    *,
    helping: Sequence[str] = (),
    leave: frozenset[str] = LEAVE,
    until_host: bool = False,
) -> T:
    """Ask ``question`` until ``read`` takes the answer (``""`` for Enter); a wrong one is said, then asked again.

    Raises ``Leave`` for ``back`` or ``quit`` (those in ``leave``), ``InputEnded`` at the end of the input;
    ``until_host``: ``lines.HostSpoke`` as soon as the host says something (under ``unokart serve``).
    """
    while True:
        answer = lines.ask(question, until_host=until_host)
        if answer is None:
            raise InputEnded
        typed = answer.casefold()
        if typed in leave:
            raise Leave
        if typed in HELP:
            for line in helping or (words.page_help(),):
                lines.say(line)
            continue
        result = read(answer)
        if isinstance(result, Wrong):
            lines.say(one_line(result.reason))
            continue
        return result


def pick(answer: str, choices: Sequence[Choice[T]], missing: str = "") -> T | Wrong:
    """The choice ``answer`` names: its number, one of its words, or the start of only one choice's words.

    ``missing``: what to say when it names none (else that there is no such choice here).
    """
    text = answer.strip().casefold()
    missing = missing or words.no_such_choice(answer, len(choices))
    if text.isdecimal():
        number = int(text)
        if 1 <= number <= len(choices):
            return choices[number - 1].value
        return Wrong(missing)
    exact = [choice for choice in choices if text in choice.words]
    if len(exact) == 1:
        return exact[0].value
    starting = [choice for choice in choices if any(word.startswith(text) for word in choice.words)] if text else []
    if len(starting) == 1:
        return starting[0].value
    if len(starting) > 1:
        return Wrong(words.which_of(answer, [choice.name for choice in starting]))
    return Wrong(missing)


def folded(*texts: str) -> tuple[str, ...]:
    """The words a choice is typed as: each text, in lower case, whole and word by word."""
    found: list[str] = []
    for given in texts:
        text = given.casefold().strip().rstrip(".")
        for word in (text, *text.split()):
            if word and word not in found:
                found.append(word)
    return tuple(found)


YES = frozenset({"yes", "y"})
NO = frozenset({"no", "n"})


def yes_or_no(lines: Lines, question: str) -> bool:
    """Ask a yes-or-no ``question`` (in the player's language too: ``ja``, ``áno``)."""

    def read(answer: str) -> bool | Wrong:
        typed = answer.casefold()
        if typed in YES or typed == words.yes().casefold():
            return True
        if typed in NO or typed == words.no().casefold():
            return False
        return Wrong(words.yes_or_no())

    return ask(lines, question, read)
