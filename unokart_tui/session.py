"""A match being played here: the match, who sits where, and its save file.

No Textual: the game screen drives a session, and tests drive one without a screen.
Every applied action is saved at once; a failed save is reported, the game goes on in
memory, and the next action tries again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

import ai
import saves
from ai.base import Bot
from ai.driver import Driver
from saves import MatchLock, SaveError, SaveLocked, Seat

from .defaults import BOT_NAMES, LINE_UP, MAX_OPPONENTS, PLAYER_NAME, TARGET
from .engine import Action, Event, Match, PlayerView

HUMAN = 0  # the seat of the person at the keyboard


class Session:
    def __init__(
        self, match: Match, seats: tuple[Seat, ...], name: str, created: datetime, *, lock: MatchLock | None = None
    ) -> None:
        self.match = match
        self.seats = seats
        self.name = name  # of the save file
        self.created = created
        self.lock = lock
        self.driver = Driver({})  # the bots, once made from the seats
        self.save_error: str | None = None  # the last save failure, until a save succeeds again

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
    ) -> Session:
        """A new match for ``player`` against ``bots``, saved (and locked) under ``name``.

        ``profiles`` gives each bot its own profile; ``profile`` is for the others.
        """
        if not 1 <= len(bots) <= MAX_OPPONENTS:
            raise ValueError(f"a match needs 1 to {MAX_OPPONENTS} opponents, not {len(bots)}")
        names = [player, *BOT_NAMES[: len(bots)]]
        match = Match.new(names, seed=seed, target=target)
        seats = [Seat(player)]
        for index, kind in enumerate(bots, start=1):
            chosen = profiles[index - 1] if index - 1 < len(profiles) and profiles[index - 1] else profile
            bot = ai.make_bot(kind, seed=match.seed + index, profile=chosen)
            seats.append(Seat(names[index], kind, profile=chosen, seed=match.seed + index, params=bot.params))
        now = datetime.now(UTC).replace(microsecond=0)
        session = cls(match, tuple(seats), name or saves.default_name(now.astimezone()), now)
        session.driver = Driver(session._make_bots())  # from the seats, exactly as a loaded match makes them
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
        session.driver = Driver(session._make_bots())
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

    @property
    def bots(self) -> Mapping[int, Bot]:
        """The bots by seat; the other seats are people's."""
        return self.driver.bots

    def deal_again_command(self) -> str:
        """The shell command that deals this match again: its seed, its opponents and its target."""
        words = ["unokart", "new", "--seed", str(self.match.seed)]
        bots = tuple(seat.kind for seat in self.seats[1:])
        if bots != LINE_UP:
            words += ["--bots", ",".join(bots)]
        if self.match.target != TARGET:
            words += ["--target", str(self.match.target)]
        return " ".join(words)

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
        """What the bot at ``seat`` does out of turn now (a late UNO, a catch), or ``None``."""
        return self.driver.reaction(self.match.round, seat)

    def reaction_delays(self) -> list[tuple[float, int]]:
        """Each bot's reaction time, in the driver's order of reactions (fastest first)."""
        return [(self.bots[seat].reaction_seconds, seat) for seat in self.driver.reaction_order]

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
