"""The README and docs/ tell the truth about the program.

The README stays short and opens with the two commands a newcomer needs, its test command is
the one CI runs, every `unokart` command the pages show parses, every key of the README's
table is bound at the table, and every link between the pages leads to a file and a heading.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from unokart_tui.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

# What the pages write in capitals for the reader to fill in, and a value that parses in its place.
PLACEHOLDERS = {
    "NAME": "Duel",
    "BOT": "greedy",
    "BOTS": "greedy,random",
    "PRESET": "party",
    "SWITCH=VALUE": "jump_in=false",
    "SECONDS": "0.5",
    "FILE": "players.pub",
    "URL": "https://play.example.org",
    "N": "3",
    "R": "100",
    "PORT": "8000",
}
# The README's names for keys, and Textual's.
KEY_NAMES = {"←": "left", "→": "right", "Home": "home", "End": "end", "PgUp": "pageup", "PgDn": "pagedown"}
KEY_NAMES |= {"?": "question_mark", "enter": "enter", "space": "space"}


def text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def without_code_blocks(markdown: str) -> str:
    return re.sub(r"^```.*?^```", "", markdown, flags=re.MULTILINE | re.DOTALL)


def shown_commands(markdown: str) -> list[str]:
    """Every `unokart ...` the page shows: in inline code, and in its shell blocks (``sh``, or ``$ `` lines)."""
    program = r"(?:\.venv/bin/)?unokart(?: [^`\n]*)?"
    inline = re.findall(rf"`({program})`", without_code_blocks(markdown))
    in_blocks = []
    for kind, block in re.findall(r"^```(\w*)\n(.*?)^```", markdown, flags=re.MULTILINE | re.DOTALL):
        for line in block.splitlines():
            command = line.removeprefix("$ ") if kind == "sh" or line.startswith("$ ") else ""
            if re.fullmatch(program, command.split("  #")[0].strip()):
                in_blocks.append(command.split("  #")[0].strip())
    return [command for command in inline + in_blocks if "…" not in command and "COMMAND" not in command]


def subcommands() -> set[str]:
    return {name for action in build_parser()._subparsers._group_actions for name in action.choices}  # type: ignore[union-attr]


def section(markdown: str, heading: str) -> str:
    return markdown.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def slug(heading: str) -> str:
    """The anchor a forge gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_readme_stays_short_and_opens_with_the_two_commands():
    lines = text(README).splitlines()
    assert len(lines) <= 200
    top = "\n".join(lines[:12])
    assert "python3 -m venv .venv && .venv/bin/python -m pip install -e . && .venv/bin/unokart" in top
    assert '.venv/bin/python -m pip install -e ".[test]" && .venv/bin/python -m pytest -n auto --dist worksteal' in top


def test_the_readme_runs_the_tests_as_ci_does():
    readme_command = re.search(r"&& (\.venv/bin/python -m pytest[^\n]*)", text(README))
    assert readme_command is not None
    ci_commands = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert readme_command[1] in ci_commands


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_command_a_page_shows_parses(page):
    commands = shown_commands(text(page))
    parser = build_parser()
    for command in commands:
        words = [PLACEHOLDERS.get(word, word) for word in shlex.split(command)[1:]]
        # A command named, not run, must exist (`unokart --plain`, a flag of the bare command, is run).
        if (len(words) == 1 and not words[0].startswith("--")) or "--help" in words:
            assert words[0] in subcommands(), f"{page.name}: `{command}`"
            continue
        try:
            parser.parse_args(words)
        except SystemExit as error:
            pytest.fail(f"{page.name}: `{command}` does not parse (exit {error.code})")
    if page == README:
        assert len(commands) >= 15


def test_every_key_of_the_readme_is_bound_at_the_table():
    from unokart_tui.tui.screens.game import GameScreen

    bound = {key.strip() for binding in GameScreen.BINDINGS for key in binding.key.split(",")}  # type: ignore[union-attr]
    first_cells = re.findall(r"^\| (.+?) \| .+ \|$", section(text(README), "Keys"), flags=re.MULTILINE)
    keys = [key for cell in first_cells for key in re.findall(r"`([^`]+)`", cell)]
    assert len(keys) >= 20
    unbound = [key for key in keys if KEY_NAMES.get(key, key) not in bound]
    assert unbound == []


def test_every_link_between_the_pages_leads_somewhere():
    headings = {
        page.resolve(): {slug(h) for h in re.findall(r"^#+ (.+)$", without_code_blocks(text(page)), re.M)}
        for page in PAGES
    }
    broken = []
    for page in PAGES:
        for target in re.findall(r"\]\(([^)\s]+)\)", without_code_blocks(text(page))):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page.resolve()
            if not linked.exists() or (anchor and anchor not in headings.get(linked, set())):
                broken.append(f"{page.name}: {target}")
    assert broken == []
