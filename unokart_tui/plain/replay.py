"""A replay in line mode: a saved match stepped through move by move, each move the log's own lines.

As the Replay screen (``history.replayview``): an unfinished match reads only what the player saw
at the time, their own hand and the others' card counts; a finished one may read every hand. The
save is only read. Without a save's name, the saves are listed, numbered, to choose from.
"""

from __future__ import annotations

from saves import SavedGame, SaveError, list_saves

from ..glyphs import WORDS
from ..history.replayview import Replay, undone
from ..history.saved import scores_line
from ..table import opening
from ..table.session import HUMAN
from ..table.tableview import sorted_hand
from ..voice import plain as table_words
from ..voice import plain_pages as words
from ..voice.dates import date_time
from ..voice.narration import log_lines
from ..voice.save_problems import save_problem
from .lines import Lines
from .pages import HELP, number_in, say, typed


class ReplayPage:
    """One save's replay; ``at`` is the point of its timeline read last (0: round 1's deal)."""

    def __init__(self, lines: Lines, name: str, game: SavedGame) -> None:
        self.lines = lines
        self.name = name
        # As at the line table: the codes the player types, and no symbol for an item (read aloud, "asterisk").
        self.replay = Replay(game, WORDS)
        self.timeline = self.replay.timeline
        self.at = 0

    # ------------------------------------------------------------------ what is read

    def point_lines(self, number: int) -> list[str]:
        """The line table's lines for point ``number``: the round's beginning at a deal, its events (a draw
        and the turn it costs in one line, as at the table), any undo made there; words only, no marks."""
        point = self.timeline.points[number]
        said = [table_words.round_begins(point.round)] if point.move == 0 else []
        events = log_lines(self.timeline.events[number], self.replay.voice)
        said += [table_words.words_only(line.text) for line in events]
        said += [
            table_words.words_only(undone(undo, self.replay.voice))
            for undo in self.replay.undos.get((point.round, point.move), ())
        ]
        return said

    def where(self) -> list[str]:
        point = self.timeline.points[self.at]
        frame = self.replay.frame(self.at)
        info = frame.table
        said = [
            words.where_line(point.round, len(self.timeline.round_starts), point.actions, self.timeline.total_actions),
            table_words.top_line(info.top, info.color, info.played_by),
        ]
        if info.pending:
            said.append(table_words.words_only(info.pending))
        for seat in frame.seats:
            said.append(
                table_words.seat_line(
                    seat.name, seat.cards, seat.score, seat.last, you=seat.you, to_act=seat.to_act, exposed=seat.exposed
                )
            )
        said.append(table_words.pile_line(info.draw_pile, info.after_you))
        scores = [(seat.name, seat.score) for seat in frame.seats]
        said.append(table_words.scores_line(scores, self.timeline.target))
        return said

    def hands(self) -> list[str]:
        """Every hand of a finished match, as the screen shows them; only the player's own of an unfinished one."""
        position = self.timeline.position(self.at)
        said = []
        for seat, (name, hand) in enumerate(zip(position.names, position.round.hands, strict=True)):
            if seat == HUMAN or self.replay.reveal:
                cards = [table_words.card_words(card) for card in sorted_hand(hand)]
                said.append(words.hand_of(name, cards, you=seat == HUMAN))
        if self.replay.with_friends:
            said.append(words.friends_hands_hidden())
        elif not self.replay.reveal:
            said.append(words.hands_hidden())
        return said

    # ------------------------------------------------------------------ moving

    def forward(self, steps: int) -> None:
        if self.at >= self.timeline.last:
            say(self.lines, words.at_the_end(over=self.replay.over))
            return
        for _step in range(steps):
            if self.at >= self.timeline.last:
                break
            self.at += 1
            said = self.point_lines(self.at)
            say(self.lines, *(said or [words.nothing_moved()]))
        if self.at >= self.timeline.last:
            say(self.lines, words.at_the_end(over=self.replay.over))

    def back(self, steps: int) -> None:
        if self.at == 0:
            say(self.lines, words.at_the_start())
            return
        moves = self.timeline.points[self.at].actions
        self.at = max(0, self.at - steps)
        while self.at > 0 and self.timeline.points[self.at].actions == moves:
            self.at -= 1  # a round's deal is at the move that ended the round before (found: "Back to move 62" there)
        say(self.lines, words.went_back(self.timeline.points[self.at].actions), *self.point_lines(self.at))

    def jump(self, number: int) -> None:
        """To point ``number``: what is there read as ``where`` reads it, after the lines that led to it."""
        self.at = number
        say(self.lines, *self.point_lines(number), *self.where())
        if number == self.timeline.last:
            say(self.lines, words.at_the_end(over=self.replay.over))

    def count(self, text: str) -> int | None:
        if not text:
            return 1
        if text.isdecimal() and int(text) > 0:
            return int(text)
        say(self.lines, words.how_many())
        return None

    def run(self) -> bool:
        """Step through the match; False once the input has ended."""
        timeline = self.timeline
        rounds = len(timeline.round_starts)
        replay = self.replay
        say(self.lines, words.replay_opened(self.name, reveal=replay.reveal, with_friends=replay.with_friends))
        say(self.lines, words.replay_length(timeline.total_actions, rounds), words.replay_prompt())
        say(self.lines, *self.point_lines(0))
        commands = typed(self.lines)
        for command in commands:
            word, rest = command.word, command.rest
            if word in ("", "next", "n") and (steps := self.count(rest)) is not None:
                self.forward(steps)
            elif word in ("previous", "prev", "p") and (steps := self.count(rest)) is not None:
                self.back(steps)
            elif word in ("round", "r"):
                chosen = number_in(rest, rounds)
                if chosen is None:
                    say(self.lines, words.which_round(rounds))
                else:
                    self.jump(timeline.round_starts[chosen - 1])
            elif word in ("move", "m"):
                if rest.isdecimal() and int(rest) <= timeline.total_actions:
                    self.jump(timeline.find(int(rest)))
                else:
                    say(self.lines, words.which_move(timeline.total_actions))
            elif word in ("start", "first"):
                self.jump(0)
            elif word in ("end", "last"):
                self.jump(timeline.last)
            elif word in ("where", "w"):
                say(self.lines, *self.where())
            elif word in ("hands", "hand"):
                say(self.lines, *self.hands())
            elif word in HELP:
                say(self.lines, *words.replay_help())
            elif word not in ("", "next", "n", "previous", "prev", "p"):
                say(self.lines, words.unknown_command(word))
        return not commands.ended


def replay_game(lines: Lines, name: str, game: SavedGame) -> bool:
    """Step through ``game`` (saved as ``name``) until the person types ``back`` (True) or their input ends."""
    return ReplayPage(lines, name, game).run()


def replay_saved(lines: Lines, name: str, *, key: str | None = None) -> bool:
    """The save ``name``'s replay (``key``: the match it must hold, from the statistics), or why not, in a line.

    False once the input has ended.
    """
    game = opening.replay(name, key=key)
    if isinstance(game, opening.Refused):
        say(lines, game.message)
        return True
    return replay_game(lines, name, game)


def save_lines() -> list[str] | None:
    """The saved matches, numbered; None when there is none."""
    entries = list_saves()
    if not entries:
        return None
    said = [words.saves_title(len(entries))]
    for number, entry in enumerate(entries, start=1):
        if entry.error is not None:
            said.append(words.unreadable_save_line(number, entry.name, entry.error))
            continue
        played = date_time(entry.updated) if entry.updated else "?"
        scores = scores_line(entry.players, entry.scores)
        said.append(
            words.save_line(
                number,
                entry.name,
                finished=entry.finished,
                round_number=entry.round_number,
                played=played,
                scores=scores,
            )
        )
    return said


def saved_names(lines: Lines) -> list[str] | None:
    """The saves' names as listed, or None (and why, in a line) if the folder cannot be read."""
    try:
        return [entry.name for entry in list_saves()]
    except SaveError as error:
        say(lines, save_problem(error))
        return None


def show_saves(lines: Lines) -> bool:
    """The numbered list and what to type; False (and why, in a line) when there is nothing to choose."""
    try:
        listed = save_lines()
    except SaveError as error:
        say(lines, save_problem(error))
        return False
    if listed is None:
        say(lines, words.no_saves())
        return False
    say(lines, *listed, words.saves_prompt())
    return True


def choose_and_replay(lines: Lines) -> None:
    """The saves listed to choose from; each chosen one replayed, and the list again after it."""
    if not show_saves(lines):
        return
    for command in typed(lines):
        names = saved_names(lines)
        if names is None:
            return
        chosen = number_in(command.line, len(names))
        folded = {name.casefold(): name for name in names}
        if command.word in HELP:
            say(lines, *words.saves_help())
        elif command.word in ("list", "l", ""):
            show_saves(lines)
        elif chosen is not None or command.line.casefold() in folded:
            name = names[chosen - 1] if chosen is not None else folded[command.line.casefold()]
            if not replay_saved(lines, name):
                return
            show_saves(lines)
        elif command.line.isdecimal():
            say(lines, words.which_number(len(names)))
        else:
            say(lines, words.no_such_save(command.line))


def read_replay(lines: Lines, name: str | None = None) -> None:
    """The replay of the save ``name``, or of one chosen from the saves; until ``back`` or the end of the input."""
    if name is None:
        choose_and_replay(lines)
    else:
        replay_saved(lines, name)
