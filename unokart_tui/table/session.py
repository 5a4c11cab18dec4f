"""A match being played here: the match, who sits where, and its save file.

No Textual: the game screen drives a session, and tests drive one without a screen.
Every applied action is saved at once. A failed save is reported (``save_failure``,
``unsaved_actions``), the game goes on in memory, and every next action, or a call to
``save``, tries again. A session only ever overwrites the file it last read or wrote:
a save changed by something else is left as it is, and the session says so.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path

import ai
import saves
from ai.base import Bot
from ai.driver import Driver, Step
from saves import MatchLock, SaveError, SaveLocked, SaveMissing, SaveUnreadable, Seat, Undo

from ..defaults import BOT_NAMES, LINE_UP, MAX_NAME, MAX_OPPONENTS, PLAYER_NAME, TARGET
from ..engine import Action, Event, HouseRules, Match, PlayerView
from ..serve.report import SaveReport
from ..voice import pgettext
from .presets import rules_arguments
from .undo import UndoPlan, UndoRefused, plan_undo, undo_refusal

HUMAN = 0  # the seat of the person at the keyboard
# Why a save with more than one person's seat is not opened as a match against bots (issue 31).
WITH_FRIENDS = "was played with friends: it goes on at their table"


def deal_again_command(match: Match, seats: Sequence[Seat], *, bot_delay: float | None = None) -> str:
    """The shell command that deals ``match`` again with these ``seats``: its seed, opponents, profiles,
    target, house rules (and bots' delay). From the saved data alone: ``unokart export`` prints it
    without opening the match.
    """
    words = ["unokart", "new", "--seed", str(match.seed)]
    bots = seats[1:]
    profiles = {seat.profile for seat in bots}
    shared = profiles.pop() if len(profiles) == 1 else None  # one profile for all: --profile
    line_up = [seat.kind if seat.profile in (None, shared) else f"{seat.kind}:{seat.profile}" for seat in bots]
    if tuple(line_up) != LINE_UP:
        words += ["--bots", ",".join(line_up)]
    if shared is not None:
        words += ["--profile", shared]
    if match.target != TARGET:
        words += ["--target", str(match.target)]
    words += rules_arguments(match.rules)
    if bot_delay is not None:
        words += ["--bot-delay", f"{bot_delay:g}"]
    return shlex.join(words)  # a profile is a file's name: it may need quoting


def new_save_name(when: datetime) -> str:
    """A new match's save name in the player's words: ``Match of 2026-12-03 at 18.48``, then ``… no. 2``.

    Found in play (issue 32): ``Partia 2026-12-03 18.48 2`` read as a time; the date keeps its full year
    and the second match of a minute is numbered in words. Letters, digits, spaces, '-', '_' and '.' only
    (a save's name is its file's).
    """
    first = pgettext("a new save's name: letters, digits, spaces, - _ . only", "Match of {date} at {time}")
    again = pgettext("a new save's name: letters, digits, spaces, - _ . only", "Match of {date} at {time} no. {number}")
    return saves.default_name(when, first=first, again=again)


class Session:
    def __init__(
        self,
        match: Match,
        seats: tuple[Seat, ...],
        name: str,
        created: datetime,
        *,
        lock: MatchLock | None = None,
        on_disk: str | None = None,
        undos: tuple[Undo, ...] = (),
    ) -> None:
        self.match = match
        self.seats = seats
        self.name = name  # of the save file
        self.created = created
        self.updated = created  # when the match was last saved (or a save was tried)
        self.undos = undos  # every undo made in this match, kept in its save
        self.lock = lock
        self.driver = Driver({})  # the bots, once made from the seats
        # The last save failure, until a save succeeds again. A SaveChanged will not go away by
        # trying again: the file was changed by something else, and is left as it is.
        self.save_failure: SaveError | None = None
        # Why the last round's statistics could not be recorded, until a record succeeds again; and
        # what to tell the player once about the store (it was damaged, and rebuilt).
        self.stats_problem: str | None = None
        self.stats_note: str | None = None
        self._undo_check: tuple[tuple[int, ...], str | None] | None = None  # undo_refusal's answer, by move
        self._hinted_at: tuple[int, int, int] | None = None  # the decision a hint was last counted for
        # What the save file holds, as this session last read or wrote it (a fingerprint; None: no
        # file), and how many of the match's actions it holds.
        self._on_disk = on_disk
        self._saved_actions = self._actions() if on_disk is not None else 0
        self._writer = saves.SaveWriter()  # keeps the text of the rounds it wrote: a move writes its own action
        # Under `unokart serve`, the host learns from these reports what it may tell the player.
        self._report = SaveReport()
        self._report(self.is_saved, self.unsaved_actions)

    # ------------------------------------------------------------------ starting

    @classmethod
    def new(
        cls,
        player: str = PLAYER_NAME,
        bots: Sequence[str] = LINE_UP,
        *,
        seed: int | None = None,
        target: int = TARGET,
        profile: str | None = None,
        profiles: Sequence[str | None] = (),
        name: str | None = None,
        rules: HouseRules | None = None,
    ) -> Session:
        """A new match for ``player`` against ``bots`` under ``rules``, saved (and locked) under ``name``.

        ``profiles`` gives each bot its own profile; ``profile`` is for the others.
        """
        if not 1 <= len(bots) <= MAX_OPPONENTS:
            raise ValueError(f"a match needs 1 to {MAX_OPPONENTS} opponents, not {len(bots)}")
        if len(player) > MAX_NAME:
            raise ValueError(f"a player's name can be {MAX_NAME} characters at most, not {len(player):,}")
        names = [player, *BOT_NAMES[: len(bots)]]
        match = Match.new(names, seed=seed, target=target, rules=rules)
        seats = [Seat(player)]
        for index, kind in enumerate(bots, start=1):
            chosen = profiles[index - 1] if index - 1 < len(profiles) and profiles[index - 1] else profile
            bot = ai.make_bot(kind, seed=match.seed + index, profile=chosen)
            seats.append(Seat(names[index], kind, profile=chosen, seed=match.seed + index, params=bot.params))
        now = datetime.now(UTC).replace(microsecond=0)
        session = cls(match, tuple(seats), name or new_save_name(now.astimezone()), now)
        # From the seats, exactly as a loaded match makes them.
        session.driver = Driver(session._make_bots(saves.path_of(session.name)))
        try:
            session.lock = MatchLock(session.name).acquire()
        except SaveLocked:
            raise
        except SaveError:
            # The data directory is unusable (a file, read-only, full): the game goes on in
            # memory, the player is told (by the save just below), and every next action
            # tries to lock and save again.
            pass
        session.save()
        return session

    @classmethod
    def load(cls, name: str, *, backup: bool = False) -> Session:
        """A saved match; raises ``SaveLocked`` if another session plays it, ``SaveError`` if unreadable.

        Nothing is created for a save that is not there: no folder, no lock file.
        """
        path = saves.path_of(name)
        saves.check_folder()
        if not os.path.lexists(saves.backup_of(path) if backup else path):
            raise SaveMissing(path, "there is no backup of this save" if backup else "there is no such save")
        # Issue 31: a match played with friends goes on at their table, whose host writes this file;
        # opened here it would be a match against bots that sees the live draw pile. Refused before
        # the lock, which would sit beside the file the host writes.
        if not backup and saves.played_with_friends(name):
            raise SaveError(path, WITH_FRIENDS)
        lock = MatchLock(name).acquire()
        try:
            source, text = saves.read_save(name, backup=backup)
            game = saves.loads_game(text, source=str(source))
            if sum(seat.kind == "human" for seat in game.seats) > 1:
                raise SaveError(source, WITH_FRIENDS)
            # What this session may overwrite: the file it read, or, when it opens the backup,
            # the (damaged) file the backup stands in for.
            on_disk = saves.fingerprint(text) if not backup else saves.fingerprint_of(path)
            seats = game.seats or tuple(
                Seat(n, "human" if i == HUMAN else "random") for i, n in enumerate(game.match.names)
            )
            session = cls(game.match, seats, name, game.created, lock=lock, on_disk=on_disk, undos=game.undos)
            session.updated = game.updated
            session.driver = Driver(session._make_bots(source))
        except BaseException:
            lock.release()  # on every way out: a match that could not be opened is free for the next try
            raise
        if backup:
            session.save()  # the backup becomes the save again
        return session

    def _make_bots(self, source: Path) -> dict[int, Bot]:
        """The seats' bots, as the save ``source`` describes them; ``SaveUnreadable`` naming it for a seat
        no bot can play (an unknown bot, a parameter that is none or out of its range)."""
        bots = {}
        for seat, info in enumerate(self.seats):
            if info.kind != "human":
                try:
                    # Checked first: a parameter named "seed" would be taken for the bot's own seed.
                    params = ai.bot_params(info.kind, info.params)
                    bots[seat] = ai.BOTS[info.kind](seed=info.seed, **params)
                except ValueError as error:
                    problem = f"seat {seat + 1} ({info.name}) cannot be played: {error}"
                    raise SaveUnreadable(source, problem) from None
        return bots

    def close(self) -> None:
        """Let the match go; a last try to save it first, if its latest moves are not saved."""
        if not self.is_saved:
            self.save()
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # ------------------------------------------------------------------ playing

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def bots(self) -> Mapping[int, Bot]:
        """The bots by seat; the other seats are people's."""
        return self.driver.bots

    def deal_again_command(self, *, bot_delay: float | None = None) -> str:
        """The shell command that deals this match again (see the module's ``deal_again_command``)."""
        return deal_again_command(self.match, self.seats, bot_delay=bot_delay)

    def view(self) -> PlayerView:
        return self.match.view(HUMAN)

    def is_human_turn(self) -> bool:
        round_ = self.match.round
        return not round_.is_over and round_.decider == HUMAN

    # The table asks the driver (ai.driver) for its bots' actions, each when its time comes:
    # a decision after the bots' delay, a reaction after that bot's reaction time.

    def bot_to_act(self) -> int | None:
        """The seat of the bot that decides now, or ``None`` (the player decides, or the round is over)."""
        return self.driver.bot_to_decide(self.match.round)

    def bot_action(self, seat: int) -> Action:
        """The decision of the bot at ``seat``, which must be ``bot_to_act()``."""
        if seat != self.bot_to_act():
            raise ValueError(f"seat {seat} is not a bot that decides now")
        return self.driver.decision(self.match.round)

    def bot_reaction(self, seat: int) -> Action | None:
        """What the bot at ``seat`` does out of turn now (a late UNO, a catch, a jump-in), or ``None``."""
        return self.driver.reaction(self.match.round, seat)

    def next_bot_reaction(self, *, jump_ins_only: bool = False) -> Step | None:
        """The first bot, fastest first, that reacts now (``ai.driver.Driver.next_reaction``), or ``None``."""
        return self.driver.next_reaction(self.match.round, jump_ins_only=jump_ins_only)

    def reaction_seconds(self, seat: int) -> float:
        """How long the bot at ``seat`` takes to react."""
        return self.bots[seat].reaction_seconds

    def reaction_delays(self) -> list[tuple[float, int]]:
        """Each bot's reaction time, in the driver's order of reactions (fastest first)."""
        return [(self.bots[seat].reaction_seconds, seat) for seat in self.driver.reaction_order]

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` (a ``RulesError`` changes nothing) and save the match; a round that ends is recorded."""
        events = self.match.apply(action)
        self.save()
        if self.match.round.is_over:
            self.record_stats()
        return events

    def undo_refusal(self) -> str | None:
        """Why ``undo`` would be refused now, in a sentence; None when it would be taken.

        Worked out once a move (it plays the match again): the table's key bar asks at every redraw.
        """
        if any(seat.kind == "human" for index, seat in enumerate(self.seats) if index != HUMAN):
            return "Undo is for matches against bots only: another person plays at this table."
        moment = self.decision()
        if self._undo_check is None or self._undo_check[0] != moment:
            self._undo_check = (moment, undo_refusal(self.match, HUMAN))
        return self._undo_check[1]

    def undo(self) -> UndoPlan:
        """Take back the player's last decision and every action after it (``unokart_tui.table.undo``), and save.

        ``UndoRefused`` says why not, and then nothing changed.
        """
        refusal = self.undo_refusal()
        if refusal is not None:
            raise UndoRefused(refusal)
        plan = plan_undo(self.match, HUMAN)
        before = self.match, self.undos, self.updated, self.save_failure
        self.match, self.undos = plan.match, (*self.undos, plan.record)
        if not self.save():  # the file must agree with the table: an undo that cannot be saved is not made
            problem = self.save_error
            self.match, self.undos, self.updated, self.save_failure = before
            raise UndoRefused(f"The undo could not be saved ({problem}), so it was not made.")
        return plan

    def record_stats(self) -> None:
        """Record the match in the statistics (each finished round, and the match once it is over).

        Never raises for the store: whatever fails (a full disk, a busy or damaged store) is a
        ``StatsError``, kept in ``stats_problem`` for the table to say; the match plays on.
        """
        from ..history import stats  # noqa: PLC0415 - SQLite loads when the first round ends, not with the table

        game = saves.SavedGame(self.match, self.seats, self.created, self.updated, self.undos)
        try:
            self.stats_note = stats.record(stats.match_record(self.name, game))
        except stats.StatsError as error:
            self.stats_problem = str(error)
        else:
            self.stats_problem = None

    def decision(self) -> tuple[int, int, int]:
        """Which decision the match is at: its round, the actions of that round, the undos made so far."""
        return self.match.round_number, len(self.match.history[-1]), len(self.undos)

    def count_hint(self) -> None:
        """The player asked for a hint: counted in the save, for the match's statistics, once a decision.

        Found in play: "Hints 123" counted every press of t, the same advice asked for again.
        """
        if self._hinted_at == self.decision():
            return
        self._hinted_at = self.decision()
        seats = list(self.seats)
        seats[HUMAN] = seats[HUMAN]._replace(hints=seats[HUMAN].hints + 1)
        self.seats = tuple(seats)
        self.save()

    def next_round(self) -> list[Event]:
        events = self.match.next_round()
        self.save()
        return events

    # ------------------------------------------------------------------ saving

    def _actions(self) -> int:
        return sum(len(actions) for actions in self.match.history)

    @property
    def is_saved(self) -> bool:
        """Whether the save file holds the match as it is now."""
        return self.save_failure is None and self._on_disk is not None

    @property
    def save_error(self) -> str | None:
        """Why the last save failed (the file and the problem), until a save succeeds again."""
        return None if self.save_failure is None else str(self.save_failure)

    @property
    def unsaved_actions(self) -> int:
        """How many of the match's actions the save file lacks (0 when it is saved)."""
        return 0 if self.is_saved else self._actions() - self._saved_actions

    def save(self) -> bool:
        """Save the match now; True once the file holds it. While saving fails, each call tries
        again (every move makes one, and so may a timer of the interface): the first that
        succeeds catches up with every move since the last save.
        """
        self.updated = datetime.now(UTC).replace(microsecond=0)
        text = self._writer.dumps(
            self.match, seats=self.seats, created=self.created, updated=self.updated, undos=self.undos
        )
        try:
            if self.lock is None:
                self.lock = MatchLock(self.name).acquire()
            else:
                self.lock.renew()
            saves.write_atomic(saves.path_of(self.name), text, replacing=self._on_disk)
        except SaveError as error:
            self.save_failure = error
            self._report(False, self.unsaved_actions)
            return False
        self._on_disk = saves.fingerprint(text)
        self._saved_actions = self._actions()
        self.save_failure = None
        self._report(True, 0)
        return True
