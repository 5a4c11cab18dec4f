"""The title in line mode (``unokart --plain``): a numbered menu in sentences, chosen by number or by a word.

Continue (naming the match), New game, Load, Settings, Rules, Statistics, Replay and Quit; under
``unokart serve``, Play with friends and Join a table too (issue 31), whose table is played at
``friends.sit_at_table``. A match opened here is played at the line table (``runner.play_lines``);
leaving it comes back here. The host may seat the person at any time (``ssh CODE@host``): the title's
question gives way to it. The
rules, statistics and replays are pages of their own (``rules``, ``stats``, ``replay``), loaded
when chosen. The end of the input leaves unokart at once, with the match saved: status 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from saves import SaveEntry, SaveError

from ..defaults import PLAYER_NAME
from ..friends.channel import JOIN_TABLE, OPEN_TABLE, REFUSED, REOPEN_TABLE, TABLE_JOINED, TABLE_OPENED
from ..friends.kept import KeptMatch, kept_matches
from ..history.saved import latest_unfinished, scores_line
from ..printable import printable
from ..settings import Settings, load_settings, save_settings
from ..table import opening
from ..voice import friends as friends_words
from ..voice import plain_friends
from ..voice import plain_menus as words
from ..voice.friends import continue_with_friends
from ..voice.save_problems import save_problem
from .asking import Choice, InputEnded, Leave, Wrong, ask, folded, one_line, pick
from .hostline import HostLine
from .lines import HostSpoke, Lines
from .load import choose_save, settle
from .new_game import NewGame, ask_new_game
from .runner import play_lines, silence
from .settings_menu import change_settings

if TYPE_CHECKING:
    from ..friends.messages import TableSettings
    from ..table.session import Session

MENU = "menu"  # Enter at the title: the choices read again
REOPEN = "reopen"  # Continue with friends: the action is "reopen CODE"
ANSWERS = frozenset({TABLE_JOINED, REFUSED})  # how the host answers a table asked for
HOST_ANSWERS = 30.0  # seconds the host may take to answer a table asked for (a wrong code's guard waits)
NOTHING_TO_CONTINUE = "nothing to continue"  # Continue, said with no match waiting: its number stays taken


def describe(entry: SaveEntry) -> str:
    """The match to continue: its name, its round and the scores, the leader first."""
    ranked = sorted(zip(entry.players, entry.scores, strict=True), key=lambda pair: -pair[1])
    scores = scores_line([name for name, _score in ranked], [score for _name, score in ranked])
    return words.continue_choice(entry.name, entry.round_number, scores)


class Title:
    """The title as lines, for one person's ``Lines``, until they quit or their input ends."""

    def __init__(self, lines: Lines, settings: Settings | None = None) -> None:
        self.lines = lines
        self.problem: str | None = None  # what was wrong with the settings file, said once
        if settings is None:
            settings, self.problem = load_settings()
        self.settings = settings
        self.last: NewGame | None = None  # New game offers its answers again
        self._told: str | None = None  # what is wrong with the saves folder, once said
        self.opened: tuple[str, str] | None = None  # the table this person opened: its code, and the command
        self._host_gone_said = False

    def run(self) -> int:
        """The exit status: 0 when the person quits or their input ends, 130 after Ctrl+C in a match."""
        try:
            return self.loop()
        except BrokenPipeError:  # whoever read the lines has gone (``| head``): every match is saved
            silence(self.lines)
            return 0

    def loop(self) -> int:
        self.lines.say(words.title_intro())
        if self.problem is not None:
            self.lines.say(one_line(self.problem))
        host = self.lines.host
        if host is not None:  # ``ssh CODE@host``: the host seated the person before the title was up
            host.wait(0)
            self.from_host()
        while True:
            if self.lines.ended:
                return 0
            if host is not None and host.inbox:  # said while a page was open: followed before the menu is read
                self.from_host()
                continue
            choices = self.menu()
            try:
                action = ask(
                    self.lines,
                    words.title_question(),
                    self.chooser(choices),
                    helping=words.title_help(),
                    leave=frozenset(),
                    until_host=host is not None,
                )
                if action == "quit":  # found in the playtest: quit left without a word
                    self.lines.say(words.goodbye())
                    return 0
                if action == MENU:
                    continue
                status = self.do(action)
            except HostSpoke:
                self.from_host()
                continue
            except Leave:
                continue
            except InputEnded:
                return 0
            if status or self.lines.ended:
                return status

    @staticmethod
    def chooser(choices: list[Choice[str]]) -> Callable[[str], str | Wrong]:
        """The title's answer: Enter reads the choices again; else a choice by its number or a word."""

        def read(answer: str) -> str | Wrong:
            if not answer:
                return MENU
            chosen = pick(answer, choices)
            if chosen == NOTHING_TO_CONTINUE:
                new_game = next(number for number, choice in enumerate(choices, start=1) if choice.value == "new")
                return Wrong(words.nothing_to_continue(new_game))
            return chosen

        return read

    def menu(self) -> list[Choice[str]]:
        """Say the title's choices, numbered; the choices.

        Each choice keeps its number whether a match waits or not: a listener who learned that 4 is
        Settings finds Settings at 4 the next time (found in line mode: once a save existed, Continue
        came first and moved every number after it). Continue is said even with nothing to continue,
        as a screen reader says a menu's unavailable item, so that the list always starts at 1.
        """
        try:
            latest = latest_unfinished()
        except SaveError as error:  # the saves folder itself is unusable: said once, and the rest still works
            latest = None
            if str(error) != self._told:
                self.lines.say(one_line(save_problem(error)))
            self._told = str(error)
        entries = [
            ("new", words.new_game_choice(), ("new",)),
            ("load", words.load_choice(), ("load", "open")),
            ("settings", words.settings_choice(), ("settings", "options")),
            ("rules", words.rules_choice(), ("rules",)),
            ("statistics", words.statistics_choice(), ("statistics", "stats")),
            ("replay", words.replay_choice(), ("replay",)),
            ("quit", words.quit_choice(), ("quit", "exit")),
        ]
        own_words: dict[str, tuple[str, ...]] = {}  # a choice typed only as these (a code), not by its first word
        if self.lines.host is not None and not self.lines.host.closed:  # after the others: their numbers stay
            entries[-1:-1] = [
                ("friends", plain_friends.friends_choice(), ("friends",)),
                ("join", plain_friends.join_choice(), ("join", "code")),
            ]
            for kept in self._kept():  # Continue with friends: the matches the host keeps in this player's saves
                action = f"{REOPEN} {kept.code}"
                entries.insert(-1, (action, continue_with_friends(kept.code, list(kept.people), kept.round_number), ()))
                own_words[action] = (kept.code.casefold(),)
        if latest is not None:
            entries.insert(0, ("continue", describe(latest), ("continue", "resume")))
        else:
            entries.insert(0, (NOTHING_TO_CONTINUE, words.nothing_to_continue_choice(), ("continue", "resume")))
        choices = []
        for number, (action, sentence, english) in enumerate(entries, start=1):
            self.lines.say(printable(words.numbered(number, sentence)))
            first_word = sentence.split()[0].strip(".,:")
            if action in own_words:
                choices.append(Choice(action, own_words[action][0].upper(), own_words[action]))
            else:
                choices.append(Choice(action, first_word, folded(*english, first_word)))
        return choices

    @staticmethod
    def _kept() -> list[KeptMatch]:
        try:
            return kept_matches()
        except SaveError:  # the saves folder itself is unusable: the menu has said so already
            return []

    def do(self, action: str) -> int:
        """Do what the title's ``action`` asks; the exit status of a match played (0 unless it was interrupted)."""
        if action == "continue":
            return self.play(settle(self.lines, opening.latest()))
        if action == "new":
            return self.new_game()
        if action == "load":
            return self.play(choose_save(self.lines))
        if action in ("friends", "join") or action.startswith(REOPEN):
            self.ask_host(action)
        elif action == "settings":
            self.settings = change_settings(self.lines, self.settings)
        elif action == "rules":
            from .rules import read_rules  # noqa: PLC0415 - a page of its own, loaded when read

            read_rules(self.lines)
        elif action == "statistics":
            from .stats import read_stats  # noqa: PLC0415 - SQLite, loaded when read

            read_stats(self.lines)
        elif action == "replay":
            from .replay import read_replay  # noqa: PLC0415 - the history, loaded when watched

            read_replay(self.lines)
        return 0

    # ------------------------------------------------------------------ friends at one table (issue 31)

    def ask_host(self, action: str) -> None:
        """Open a table, or join one by its code: the host's answer is waited for, then followed."""
        host = self.lines.host
        assert host is not None
        if action == "friends":
            host.send({"type": OPEN_TABLE})
        elif action.startswith(REOPEN):
            host.send({"type": REOPEN_TABLE, "code": action.removeprefix(REOPEN).strip()})
        else:
            code = ask(self.lines, friends_words.ask_code(), lambda answer: answer.strip())
            host.send({"type": JOIN_TABLE, "code": code})
        host.wait(HOST_ANSWERS, ANSWERS)
        if not any(message.get("type") in ANSWERS for message in host.inbox) and not host.closed:
            self.lines.say(plain_friends.waiting_for_host())
        self.from_host()

    def from_host(self) -> None:
        """What the host said at the title: a table opened, the person seated at one, or a refusal."""
        from .friends import sit_at_table  # noqa: PLC0415 - the engine and the bots, loaded at a table

        host = self.lines.host
        assert host is not None
        while (data := host.take()) is not None:
            kind = data.get("type")
            if kind == TABLE_OPENED:
                self.opened = (str(data.get("code", "")), str(data.get("command", "")))
            elif kind == REFUSED:
                self.lines.say(one_line(data.get("words", "")))
            elif kind == TABLE_JOINED:
                code = str(data.get("code", ""))
                opened = self.opened[1] if self.opened is not None and self.opened[0] == code else None
                told = data.get("command")  # everyone is told what friends type, not only the opener
                command = told if isinstance(told, str) else opened
                sit_at_table(
                    self.lines,
                    code,
                    command=command,
                    uno_helper=self.settings.uno_helper,
                    opened=opened is not None,
                    last=(self.settings.table_target, self.settings.table_turn_seconds),
                    remember=self.remember_table,
                )
                self.opened = None
            # anything else belongs to a table left already: nothing to say of it here
        if host.closed and not self._host_gone_said:
            self._host_gone_said = True
            self.lines.say(plain_friends.host_gone())

    def remember_table(self, chosen: TableSettings) -> None:
        """The opener's choices in the lobby, kept in their settings: their next table starts from them."""
        from ..friends.lobby import last_choices  # noqa: PLC0415 - with the table

        target, seconds = last_choices(chosen)
        settings = self.settings._replace(table_target=target, table_turn_seconds=seconds)
        if settings == self.settings:
            return
        self.settings = settings
        try:
            save_settings(settings)
        except SaveError as error:
            self.lines.say(one_line(words.settings_not_saved(str(error))))

    def new_game(self) -> int:
        game = ask_new_game(self.lines, self.settings.player_name or PLAYER_NAME, self.last)
        self.last = game
        opened = opening.new(
            game.name, game.bots, seed=game.seed, target=game.target, profiles=game.profiles, rules=game.rules
        )
        return self.play(settle(self.lines, opened))

    def play(self, session: Session | None) -> int:
        if session is None:
            return 0
        return play_lines(session, lines=self.lines, settings=self.settings, from_title=True)


def run_title(lines: Lines | None = None, settings: Settings | None = None) -> int:
    """``unokart --plain``: the title in line mode on ``lines`` (stdin and stdout by default); the exit status."""
    return Title(lines or Lines(host=HostLine.from_environment()), settings).run()
