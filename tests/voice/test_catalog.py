"""The catalog can be extracted: Babel finds the marked sentences, whole and with named placeholders.

Babel reads ``babel.cfg`` as ``pybabel extract -F babel.cfg`` does; the language issue builds its
catalogs on what this finds.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

pytest.importorskip("babel")  # a test dependency: pyproject's "test" extra

from .extraction import Message
from .extraction import marked_messages as catalog

ROOT = Path(__file__).resolve().parents[2]
VOICE = ROOT / "unokart_tui" / "voice"


def ours() -> tuple[Message, ...]:
    """The messages unokart words itself."""
    return tuple(message for message in catalog() if Path(message.file).as_posix() not in FOREIGN)


def test_argparse_words_are_in_the_catalog_as_argparse_writes_them():
    import argparse
    import inspect

    source = inspect.getsource(argparse)
    marked = [message for message in catalog() if Path(message.file).as_posix() in FOREIGN]
    assert len(marked) >= 10
    for message in marked:
        assert repr(message.ids[0]) in source or f'"{message.ids[0]}"' in source, message.ids[0]


def _ids() -> set[str]:
    return {text for message in catalog() for text in message.ids if text}


def test_the_catalog_holds_the_marked_sentences():
    messages = catalog()
    assert len(messages) >= 500, len(messages)
    ids = _ids()
    for known in (
        "You play {card} and call {colour}.",  # voice/lines.py
        "Caught! {name} catches you without UNO: you draw 2",  # voice/banners.py
        "{name} went out with {card}, after your {before}.",  # voice/narration.py
        "drew {count} {why}",  # voice/notes.py
        "Draw: the cards that fit are worth more later",  # voice/hints.py
        "nothing else fits",
    ):
        assert known in ids, known
    with_context = {(message.context, message.ids[0]) for message in messages}
    assert ("colour in a sentence", "red") in with_context
    assert ("colour letter", "G") in with_context
    assert ("card name", "{colour} {rank}") in with_context
    plurals = {message.ids for message in messages if len(message.ids) == 2}
    assert ("{name} draws {count} card.", "{name} draws {count} cards.") in plurals


# argparse's own words, marked exactly as argparse looks them up ("usage: ", "%(prog)s"): not ours to word.
FOREIGN = {"unokart_tui/cli/argparse_words.py"}


def test_every_message_names_its_placeholders():
    """A translator reorders a sentence's parts: ``{name}``, never ``{}``, ``{0}`` or ``%s``."""
    for message in ours():
        for text in message.ids:
            assert not re.search(r"\{\}|\{\d+\}|%[sdr(]", text), (message.file, message.line, text)
            for field in re.findall(r"\{([^{}]*)\}", text):
                # A format spec may follow the name ("{rate:.1f}"): the translator keeps it as it is.
                name = re.split(r"[:!]", field, maxsplit=1)[0]
                assert name.isidentifier(), (message.file, message.line, text)


def test_the_forms_of_a_counted_message_have_the_same_placeholders():
    """The singular may say "the move" for one, but names nothing the plural does not fill in."""
    for message in catalog():
        if len(message.ids) == 2:
            singular, plural = (set(re.findall(r"\{(\w+)\}", text)) for text in message.ids)
            assert singular <= plural and plural - singular <= {"count"}, message


GLUE = re.compile(r"\b(and|or|the|a|an|your|their)$", re.IGNORECASE)


def test_no_message_is_a_piece_to_be_glued():
    """A message is a whole sentence or label: no space at either end, no trailing "the" waiting for a noun."""
    for message in ours():
        for text in message.ids:
            where = (message.file, message.line, text)
            assert text and text == text.strip(), where
            assert not GLUE.search(text), where
            assert not text.startswith((",", ";", "and ", "or ")), where


# ---------------------------------------------------------------------- nothing unmarked in the voice

MARKERS = {"_", "ngettext", "pgettext", "npgettext", "N_", "NC_", "looked_up"}
RICH_STYLE_WORDS = {"bold", "italic", "reverse", "dim", "underline"}


def _words(text: str) -> bool:
    """Whether ``text`` holds words a player would read (a style like "bold reverse" aside)."""
    if not re.search(r"[A-Za-z]{2}", text) or text.startswith("<"):  # no letters, or markup (an SVG's root)
        return False
    return not set(text.split()) <= RICH_STYLE_WORDS and (" " in text.strip() or text[:1].isupper())


def unmarked(source: str) -> list[str]:
    """Literal words in ``source`` that reach a player without going through the catalog."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))  # a docstring
        if isinstance(node, ast.Raise):  # a developer's error
            skip |= {id(inner) for inner in ast.walk(node)}
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in MARKERS:
            skip |= {id(inner) for inner in ast.walk(node)}
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "compile":  # re.compile: a pattern
            skip |= {id(inner) for inner in ast.walk(node)}
        if isinstance(node, ast.Dict):
            skip |= {id(key) for key in node.keys if key is not None}
        if isinstance(node, ast.Compare):  # compared, not written: the default name "You"
            skip |= {id(inner) for inner in ast.walk(node)}
        if isinstance(node, ast.Assign) and any(getattr(target, "id", "") == "__all__" for target in node.targets):
            skip |= {id(inner) for inner in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            skip |= {id(inner) for inner in ast.walk(node)}
            text = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
            if _words(text):
                found.append(f"line {node.lineno}: f-string {text!r}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _words(node.value):
            found.append(f"line {node.lineno}: {node.value!r}")
    return found


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('def f(name):\n    return f"{name} draws a card."', 1),
        ('def f():\n    return "You win!"', 1),
        ('def f(x):\n    return x + " and then some"', 1),
        ('def f(name):\n    return _("{name} draws a card.").format(name=name)', 0),
        ('def f():\n    """A docstring."""\n    return LogLine(_("Hi there"), "bold reverse")', 0),
        ('def f(x):\n    raise TypeError(f"no sentence for {x}")', 0),
        ('TABLE = {"some key": NC_("ctx", "Red")}', 0),
        ('def f(name):\n    return name == "You"', 0),
        ('__all__ = ["Voice", "LogLine"]', 0),
        ('TRASHED = re.compile(r"(.+) \\d{8}-\\d{6}")', 0),
    ],
)
def test_the_unmarked_check_sees_what_it_must(source, expected):
    assert len(unmarked(source)) == expected, unmarked(source)


# language.py chooses the language: its strings are environment variables' names and each
# language's name in itself, which no catalog may translate.
WORDLESS = {"language.py"}


@pytest.mark.parametrize(
    "path", sorted(p for p in VOICE.glob("*.py") if p.name not in WORDLESS), ids=lambda path: path.name
)
def test_the_voice_writes_no_unmarked_words(path):
    assert unmarked(path.read_text(encoding="utf-8")) == []


# Outside the voice, modules whose every literal with words is for a player, marked (issue 29 item 2):
# a new unmarked sentence there fails here. The scan reads no raise statement: an exception a player
# reads (a PresetError, a StatsError) is marked by hand.
MARKED_MODULES = (
    "table/lineup.py",
    "history/match_length.py",
    "table/presets.py",
    "history/saved.py",
    "tui/screens/app_base.py",
    "tui/screens/commands.py",
    "tui/screens/quitting.py",
    "tui/screens/settings.py",
    "settings.py",
    "history/stats/from_saves.py",
    "history/stats/opening.py",
    "tui/themes.py",
    "table/undo.py",
)


@pytest.mark.parametrize("module", MARKED_MODULES)
def test_the_marked_modules_write_no_unmarked_words(module):
    assert unmarked((ROOT / "unokart_tui" / module).read_text(encoding="utf-8")) == []


# ---------------------------------------------------------------------- _ stays the lookup


def shadows(source: str) -> list[int]:
    """Lines where a module that imports ``_`` from the voice binds ``_`` to something else in a function.

    A comprehension's ``_`` has a scope of its own and is harmless; ``name, _ = pair`` in a function
    that also says ``_("…")`` breaks the lookup (UnboundLocalError), and only when that line runs.
    A module whose text never says "voice" cannot import from it: it is not parsed (a third of them), and
    the others are walked once, not three times.
    """
    if "voice" not in source:
        return []
    imports = False
    in_comprehension: set[int] = set()
    stored: list[ast.Name] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            if node.id == "_" and isinstance(node.ctx, ast.Store):
                stored.append(node)
        elif isinstance(node, ast.ImportFrom):
            imports |= (node.module or "").endswith("voice") and any(a.name == "_" for a in node.names)
        elif isinstance(node, ast.comprehension):
            in_comprehension.update(id(name) for name in ast.walk(node.target))
    if not imports:
        return []
    return [node.lineno for node in stored if id(node) not in in_comprehension]


def test_the_shadow_check_sees_what_it_must():
    source = "from ..voice import _\ndef f(pair):\n    name, _ = pair\n    return _('x')\n"
    assert shadows(source) == [3]
    assert shadows("from ..voice import _\nnames = [n for n, _ in pairs]\n") == []
    assert shadows("def f(pair):\n    name, _ = pair\n") == []  # no lookup to break


def test_no_module_rebinds_the_lookup():
    found = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "unokart_tui").rglob("*.py"))
        if (lines := shadows(path.read_text(encoding="utf-8")))
    }
    assert found == {}
