"""Opening a match for a front end: a new one, a save, the latest unfinished one, the same line-up again.

What cannot be opened comes back as what to tell the player (``Refused``), or as a save whose
previous version may be offered instead (``BackupOffered``); the front end decides how to say
it. Nothing here imports Textual: a line mode or a remote seat opens matches the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple, TypeAlias

from saves import SavedGame, SaveError, SaveLocked, SaveMissing, SaveUnreadable, has_backup, load_game

from ..voice import _
from ..voice.save_problems import not_among_yours, save_problem, with_friends

if TYPE_CHECKING:
    from ..engine import HouseRules
    from .session import Session


class Refused(NamedTuple):
    """A match that cannot be opened or replayed, and why: a notice for the player."""

    title: str
    message: str
    severity: Literal["warning", "error"] = "error"
    timeout: float | None = 8


class BackupOffered(NamedTuple):
    """The save ``name`` cannot be read (``problem``), but its previous version, one move earlier, was kept."""

    name: str
    problem: str


Opened: TypeAlias = "Session | Refused | BackupOffered"


def open_with(make: Callable[[], Session], *, backup_of: str | None = None) -> Opened:
    """The session ``make`` gives, or why not. If the save ``backup_of`` cannot be read and its backup is
    there, the backup is offered instead."""
    try:
        return make()
    except SaveUnreadable as error:
        if backup_of is not None and has_backup(backup_of):
            return BackupOffered(backup_of, error.problem)
        return Refused(_("Cannot open"), save_problem(error))
    except SaveLocked as error:
        return Refused(_("Already playing"), save_problem(error))
    except SaveError as error:
        return Refused(_("Cannot open"), save_problem(error))


def saved(name: str, *, backup: bool = False) -> Opened:
    """The match saved as ``name`` (its previous version if ``backup``)."""
    from .session import Session  # noqa: PLC0415 - with the first match, as the table

    if not backup and (friends := played_with_friends(name)) is not None:
        return friends
    return open_with(lambda: Session.load(name, backup=backup), backup_of=None if backup else name)


def played_with_friends(name: str) -> Refused | None:
    """Why the save ``name``, a match played with friends, does not open here; None if it is no such match.

    Found over ssh (issue 31): the refusal named the file by its path on the host, and told of a finished
    match that it went on at the friends' table.
    """
    from saves import played_with_friends as with_people  # noqa: PLC0415

    try:
        if not with_people(name):
            return None
        over = load_game(name).match.is_over
    except SaveError:
        return None  # opening it says what is wrong with it
    return Refused(_("Cannot open"), with_friends(name, over=over), "warning", None)


def latest() -> Opened:
    """The most recent unfinished match."""
    from ..history.saved import latest_unfinished  # noqa: PLC0415

    try:
        found = latest_unfinished()
    except SaveError as error:
        return Refused(_("Saves"), save_problem(error))
    if found is None:
        return Refused("", _("No unfinished match: start a new game."), "warning", None)
    return saved(found.name)


def new(
    player: str,
    bots: Sequence[str],
    *,
    seed: int | None,
    target: int,
    profiles: Sequence[str | None],
    rules: HouseRules,
) -> Opened:
    """A new match for ``player`` against ``bots``."""
    from .session import Session  # noqa: PLC0415 - with the first match, as the table

    return open_with(lambda: Session.new(player, bots, seed=seed, target=target, profiles=profiles, rules=rules))


def again(session: Session) -> Opened:
    """A new match with ``session``'s player, line-up, profiles, target and house rules; ``session`` is closed."""
    kinds = [seat.kind for seat in session.seats[1:]]
    profiles = [seat.profile for seat in session.seats[1:]]
    target, player, rules = session.match.target, session.names[0], session.match.rules
    session.close()
    return open_with(lambda: type(session).new(player, kinds, target=target, profiles=profiles, rules=rules))


def as_saved(session: Session) -> SavedGame:
    """The match in memory as its save holds it: for its replay, without reading the file."""
    return SavedGame(session.match, session.seats, session.created, session.updated, session.undos)


def replay(name: str, *, key: str | None = None) -> SavedGame | Refused:
    """The save ``name``, to replay (read only: a match being played elsewhere may be watched too).

    ``key``: the match the save must hold (a match of the statistics), or it is said to be gone.
    """
    from ..history.stats.records import match_key  # noqa: PLC0415

    try:
        game = load_game(name)
    except SaveMissing as error:
        if key is None:
            return Refused(_("Cannot replay"), save_problem(error))
        # A match of the statistics: its save was deleted, or is another's (friends' at a table opened by another).
        return Refused(_("Cannot replay"), not_among_yours(name), "warning", None)
    except SaveError as error:
        return Refused(_("Cannot replay"), save_problem(error))
    if not game.match.is_over and sum(seat.kind == "human" for seat in game.seats) > 1:
        # Issue 31: the match goes on at the friends' table; its replay waits for its end.
        return Refused(
            _("Cannot replay"),
            _("{name} was played with friends and is not over: it can be replayed once it is finished.").format(
                name=name
            ),
            "warning",
            None,
        )
    if key is not None and match_key(game.match.seed, game.created) != key:
        return Refused(
            _("Cannot replay"), _("The save {name} now holds another match.").format(name=name), "warning", None
        )
    return game
