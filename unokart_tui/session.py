"""A match being played here: the match, who sits where, and its save file.

No Textual: the game screen drives a session, and tests drive one without a screen.
Every applied action is saved at once; a failed save is reported, the game goes on in
memory, and the next action tries again.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from datetime import UTC, datetime

import ai
import saves
from ai.base import Bot
from saves import MatchLock, SaveError, SaveLocked, Seat

from .engine import Action, Event, Match, PlayerView

HUMAN = 0  # the seat of the person at the keyboard
BOT_NAMES = ("Mario", "Luigi", "Peach", "Yoshi", "Toad", "Bowser", "Daisy", "Wario", "Koopa")
DEFAULT_LINE_UP = ("greedy", "challenger", "item-hoarder")
DEFAULT_TARGET = 500


class Session:
    def __init__(
        self, match: Match, seats: tuple[Seat, ...], name: str, created: datetime, *, lock: MatchLock | None = None
    ) -> None:
        self.match = match
        self.seats = seats
        self.name = name  # of the save file
        self.created = created
        self.lock = lock
        self.bots: dict[int, Bot] = {}
        self.save_error: str | None = None  # the last save failure, until a save succeeds again

    # ------------------------------------------------------------------ starting

    @classmethod
    def new(
        cls,
        player: str = "You",
        bots: Sequence[str] = DEFAULT_LINE_UP,
        *,
        seed: int | None = None,
        target: int = DEFAULT_TARGET,
        profile: str | None = None,
        profiles: Sequence[str | None] = (),
        name: str | None = None,
    ) -> Session:
        """A new match for ``player`` against ``bots``, saved (and locked) under ``name``.

        ``profiles`` gives each bot its own profile; ``profile`` is for the others.
        """
        if not 1 <= len(bots) <= len(BOT_NAMES):
            raise ValueError(f"a match needs 1 to {len(BOT_NAMES)} opponents, not {len(bots)}")
        names = [player, *BOT_NAMES[: len(bots)]]
        match = Match.new(names, seed=seed, target=target)
        seats = [Seat(player)]
        for index, kind in enumerate(bots, start=1):
            chosen = profiles[index - 1] if index - 1 < len(profiles) and profiles[index - 1] else profile
            bot = ai.make_bot(kind, seed=match.seed + index, profile=chosen)
            seats.append(Seat(names[index], kind, profile=chosen, seed=match.seed + index, params=bot.params))
        now = datetime.now(UTC).replace(microsecond=0)
        session = cls(match, tuple(seats), name or saves.default_name(now.astimezone()), now)
        session.bots = session._make_bots()  # from the seats, exactly as a loaded match makes them
        try:
            session.lock = MatchLock(session.name).acquire()
        except SaveLocked:
            raise
        except SaveError as error:
            # The data directory is unusable (a file, read-only, full): the game goes on in
            # memory, the player is told, and every next action tries to save again.
            session.save_error = str(error)
        session.save()
        return session

    @classmethod
    def load(cls, name: str, *, backup: bool = False) -> Session:
        """A saved match; raises ``SaveLocked`` if another session plays it, ``SaveError`` if unreadable."""
        if not (saves.has_backup(name) if backup else saves.path_of(name).exists()):
            # No lock file for a save that is not there: it would stay behind as litter.
            # Reading it raises the SaveError that names the missing file.
            saves.load_game(name, backup=backup)
        lock = MatchLock(name).acquire()
        try:
            game = saves.load_game(name, backup=backup)
        except SaveError:
            lock.release()
            raise
        seats = game.seats or tuple(
            Seat(n, "human" if i == HUMAN else "random") for i, n in enumerate(game.match.names)
        )
        session = cls(game.match, seats, name, game.created, lock=lock)
        session.bots = session._make_bots()
        return session

    def _make_bots(self) -> dict[int, Bot]:
        bots = {}
        for seat, info in enumerate(self.seats):
            if info.kind != "human":
                if info.kind not in ai.BOTS:
                    raise SaveError(self.name, f"seat {seat + 1} is played by an unknown bot {info.kind!r}")
                try:
                    bots[seat] = ai.BOTS[info.kind](seed=info.seed, **info.params)
                except ValueError as error:
                    raise SaveError(self.name, f"seat {seat + 1}: {error}") from None
        return bots

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # ------------------------------------------------------------------ playing

    @property
    def names(self) -> tuple[str, ...]:
        return self.match.names

    def deal_again_command(self, *, bot_delay: float | None = None) -> str:
        """The shell command that deals this match again: its seed, opponents, profiles, target (and bots' delay)."""
        words = ["unokart", "new", "--seed", str(self.match.seed)]
        bots = self.seats[1:]
        profiles = {seat.profile for seat in bots}
        shared = profiles.pop() if len(profiles) == 1 else None  # one profile for all: --profile
        line_up = [seat.kind if seat.profile in (None, shared) else f"{seat.kind}:{seat.profile}" for seat in bots]
        if tuple(line_up) != DEFAULT_LINE_UP:
            words += ["--bots", ",".join(line_up)]
        if shared is not None:
            words += ["--profile", shared]
        if self.match.target != DEFAULT_TARGET:
            words += ["--target", str(self.match.target)]
        if bot_delay is not None:
            words += ["--bot-delay", f"{bot_delay:g}"]
        return shlex.join(words)  # a profile is a file's name: it may need quoting

    def view(self) -> PlayerView:
        return self.match.view(HUMAN)

    def is_human_turn(self) -> bool:
        round_ = self.match.round
        return not round_.is_over and round_.decider == HUMAN

    def bot_to_act(self) -> int | None:
        round_ = self.match.round
        if round_.is_over or round_.decider not in self.bots:
            return None
        return round_.decider

    def bot_action(self, seat: int) -> Action:
        return self.bots[seat].choose(self.match.view(seat), self.match.legal_actions())

    def bot_reaction(self, seat: int) -> Action | None:
        return self.bots[seat].react(self.match.view(seat))

    def reaction_delays(self) -> list[tuple[float, int]]:
        """Each bot's reaction time to an exposed player, fastest first."""
        return sorted((bot.reaction_seconds, seat) for seat, bot in self.bots.items())

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` (a ``RulesError`` changes nothing) and save the match."""
        events = self.match.apply(action)
        self.save()
        return events

    def next_round(self) -> list[Event]:
        events = self.match.next_round()
        self.save()
        return events

    def save(self) -> bool:
        try:
            saves.save(self.match, self.name, seats=self.seats, created=self.created)
        except SaveError as error:
            self.save_error = str(error)
            return False
        self.save_error = None
        return True
