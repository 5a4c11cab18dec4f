"""A match as TOML text and back.

The file holds a header (format, program, times, players, scores, round, status),
the seats (human or bot, with the bot's settings), the house rules (format 2; a file
without them plays RULES.md exactly), the current position in the card notation of
RULES.md K5, and every action of the match. The actions are the truth:
loading replays them from the seed, which restores everything, random state
included, and then checks that the replay reaches the stored header and position.
A file that does not agree with itself is refused.

A format-2 file may also list the undos made against bots (``[[undo]]``): the actions each
took back, which are no longer in the history, so that a replay and the statistics can tell
them. A file without undos has no such table.

Since format 3 the history may also hold the shuffles an undo made (``[[history.shuffles]]``):
where play went back to, the cards the player could not see were dealt again from a seed
(``Match.shuffle_unseen``). Each is replayed at its point of the history, as it was made.

Since format 2 the file ends with a SHA-256 of everything above it. The replay cannot
see a damaged history that is still a legal one (an action turned into a comment, a
target of 500 become 501); the checksum, checked before anything is parsed, can. It
guards against accidents, not against a person, who can always write a new one. Every
later format keeps that last table as it is, so that it is always checked first. A file
whose line endings were made Windows' (CRLF) on the way is read as the one written.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from unokart_tui import __version__
from unokart_tui.files import FileProblem, parse_toml, sha256

from .errors import SaveError, SaveUnreadable

if TYPE_CHECKING:
    from unokart_tui.engine import Action, HouseRules, Match, Round, UnseenShuffle

# 1: the first format. 2: the file ends with a checksum of everything above it, and the
# house rules are kept in a [rules] table (HOUSE_RULES.md; without one, RULES.md exactly).
# 3: the history may hold the shuffles of the unseen cards an undo made ([[history.shuffles]]).
FORMAT_VERSION = 3
CHECKSUMMED_SINCE = 2
SHUFFLES_SINCE = 3

ParamValue = bool | int | float | str

# Written last, after everything it covers; checked first, before anything is parsed.
_CHECKSUM = re.compile(r'\n\[checksum\]\nsha256 = "([0-9a-f]{64})"\n\Z')


class Seat(NamedTuple):
    """Who plays a seat: ``kind`` is ``"human"`` or a bot's name (``ai.BOTS``)."""

    name: str
    kind: str = "human"
    profile: str | None = None
    seed: int | None = None
    params: Mapping[str, ParamValue] = MappingProxyType({})
    hints: int = 0  # hints the player of this seat asked the expert for (``t`` at the table)


class Undo(NamedTuple):
    """One undo: in round ``round`` play went back to just after its first ``kept`` actions, taking
    back ``actions`` (written as in the history, which no longer holds them)."""

    round: int
    kept: int
    actions: tuple[str, ...]


class SavedGame(NamedTuple):
    match: Match
    seats: tuple[Seat, ...]
    created: datetime
    updated: datetime
    undos: tuple[Undo, ...] = ()


class Header(NamedTuple):
    """What a list of saves shows, read without replaying anything."""

    players: tuple[str, ...]
    scores: tuple[int, ...]
    round_number: int
    finished: bool
    created: datetime
    updated: datetime
    # The house rules, for a list to show; None where the header read did not reach them (a hand-written file).
    rules: HouseRules | None = None
    # How many seats people play, where the header holds the seats (written inline); None where it does not.
    people: int | None = None


# ---------------------------------------------------------------- writing


def _cards(cards: Sequence[object]) -> str:
    return " ".join(str(card) for card in cards)


def _position(round_: Round) -> dict[str, Any]:
    table: dict[str, Any] = {
        "phase": round_.phase.value,
        "current": round_.current,
        "decider": round_.decider,
        "direction": round_.direction,
    }
    if round_.active_color is not None:
        table["color"] = round_.active_color.value
    if round_.exposed is not None:
        table["exposed"] = round_.exposed
    if round_.winner is not None:
        table["winner"] = round_.winner
    table["hands"] = [_cards(hand) for hand in round_.hands]
    table["draw_pile"] = _cards(round_.draw_pile)
    table["discard"] = _cards(round_.discard)
    return table


def _match_table(match: Match) -> dict[str, Any]:
    table: dict[str, Any] = {
        "players": list(match.names),
        "seed": match.seed,
        "target": match.target,
        "round": match.round_number,
        "dealer": match.dealer,
        "scores": list(match.scores),
        "status": "finished" if match.is_over else "in progress",
    }
    if match.winner is not None:
        table["winner"] = match.winner
    return table


def _seat_table(seat: Seat) -> dict[str, Any]:
    table: dict[str, Any] = {"name": seat.name, "kind": seat.kind}
    if seat.profile is not None:
        table["profile"] = seat.profile
    if seat.seed is not None:
        table["seed"] = seat.seed
    if seat.params:
        table["params"] = dict(seat.params)
    if seat.hints:
        table["hints"] = seat.hints  # optional: an older unokart reading it passes over it
    return table


def _shuffle_table(shuffle: UnseenShuffle) -> dict[str, Any]:
    return {
        "round": shuffle.round,
        "after": shuffle.after,
        "seat": shuffle.seat,
        "seed": shuffle.seed,
        "known": [_cards(cards) for cards in shuffle.known],  # by seat: the cards it was known to hold
    }


def _rules_table(rules: HouseRules) -> dict[str, Any]:
    """Every switch of the house rules by name (HOUSE_RULES.md), so a reader sees which are on."""
    return rules.as_dict()


def _sha256(text: str) -> str:
    return sha256(text.encode("utf-8"))


# ---------------------------------------------------------------- reading


_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = _SHOWN.maxlong = 40
_SHOWN.maxlist = _SHOWN.maxdict = 4
_SHOWN.maxlevel = 2


def shown(value: object) -> str:
    """A value from a file, quoted short enough for a message, whatever it is."""
    return _SHOWN.repr(value)


class _Reader:
    """Typed access to the parsed document; every problem is a SaveError naming file and key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, problem: str) -> NoReturn:
        raise SaveUnreadable(self.source, problem)

    def parse(self, text: str) -> dict[str, Any]:
        if not text.strip():
            self.fail("the file is empty")
        try:
            return parse_toml(text)
        except FileProblem as problem:
            self.fail(f"{problem.problem}; the file may be truncated or damaged")

    def table(self, data: Mapping[str, Any], key: str) -> dict[str, Any]:
        value = data.get(key)
        if not isinstance(value, dict):
            self.fail(f"the [{key}] table is missing" if value is None else f"[{key}] must be a table")
        return value

    def value(self, table: Mapping[str, Any], where: str, key: str, kind: type, *, optional: bool = False) -> Any:
        if key not in table:
            if optional:
                return None
            self.fail(f"{where} has no '{key}'")
        value = table[key]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            self.fail(f"{where} '{key}' must be {_KIND_NAMES[kind]}, not {shown(value)}")
        return value

    def number(self, table: Mapping[str, Any], where: str, key: str, *, least: int) -> int:
        value: int = self.value(table, where, key, int)
        if not least <= value <= _MOST:
            self.fail(f"{where} '{key}' must be a whole number from {least} to {_MOST:.0e}, not {shown(value)}")
        return value

    def ints(self, table: Mapping[str, Any], where: str, key: str, count: int) -> list[int]:
        value = self.value(table, where, key, list)
        if len(value) != count or any(
            isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= _MOST for v in value
        ):
            self.fail(f"{where} '{key}' must be {count} whole numbers from 0 to {_MOST:.0e}, not {shown(value)}")
        return list(value)

    def strings(self, table: Mapping[str, Any], where: str, key: str) -> list[str]:
        value = self.value(table, where, key, list)
        if not all(isinstance(v, str) for v in value):
            self.fail(f"{where} '{key}' must be a list of text")
        return list(value)

    def moment(self, table: Mapping[str, Any], where: str, key: str) -> datetime:
        """A date and time with its zone, that every clock and calendar here can show."""
        value = table.get(key)
        if not isinstance(value, datetime) or value.tzinfo is None:
            self.fail(f"{where} '{key}' must be a date and time with its time zone, not {shown(value)}")
        try:
            in_utc: datetime | None = value.astimezone(UTC)
        except (OverflowError, ValueError):  # beyond year 1 or 9999 once in UTC
            in_utc = None
        if in_utc is None or not _EARLIEST <= in_utc <= _LATEST:
            self.fail(f"{where} '{key}' must be a date between 1970 and 9999, not {shown(value)}")
        return in_utc


# No real save comes near these; beyond them a date cannot be shown in every time zone,
# and a number only makes a list unreadable.
_EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
_LATEST = datetime(9999, 12, 30, tzinfo=UTC)
_MOST = 10**18
_KIND_NAMES = {int: "a whole number", str: "text", list: "a list", dict: "a table", datetime: "a date and time"}


def _check_format(reader: _Reader, data: Mapping[str, Any]) -> tuple[int, datetime, datetime]:
    """The save format's version, and when the match began and was last played."""
    save = reader.table(data, "save")
    version: int = reader.value(save, "[save]", "format", int)
    if version > FORMAT_VERSION:
        program = save.get("program", "a newer version")
        problem = (
            f"written by unokart {shown(program)} in save format {shown(version)}; this unokart "
            f"({__version__}) reads format {FORMAT_VERSION} or older: update unokart to open it"
        )
        raise SaveError(reader.source, problem)  # not damaged: its backup would not open either
    if version < 1:
        reader.fail(f"[save] 'format' {shown(version)} is not a save format")
    return version, reader.moment(save, "[save]", "created"), reader.moment(save, "[save]", "updated")


def _without_checksum(reader: _Reader, text: str) -> tuple[str, bool]:
    """The text the checksum covers, and whether it had one; a checksum that does not match is refused."""
    found = _CHECKSUM.match(text, max(text.rfind("\n[checksum]\n"), 0))
    if found is None:
        return text, False
    body = text[: found.start()]
    # Text that came from no file may hold lone surrogates: they cannot be UTF-8, so they
    # are hashed as they are (and so never match), not refused with a UnicodeEncodeError.
    if sha256(body.encode("utf-8", "surrogatepass")) != found.group(1):
        reader.fail("its checksum does not match its contents: the file was damaged or changed after it was saved")
    return body, True


# Where the header ends, whichever comes first: the seats (with each bot's settings) or the
# position. tomli_w never writes a raw newline inside a value, so only a table starts so.
_AFTER_HEADER = ("\n[[match.seats]]\n", "\n[position]\n")


def read_header(text: str, *, source: str = "<text>") -> Header:
    """The header of a save, for a list of saves: the [save] and [match] tables, checked for form.

    Only the top of the file is parsed: the history is most of a long match's file, and a list
    of a hundred saves would otherwise take a second; without the seats each header is read in
    a third of the time. The rest is checked when the match is loaded.
    """
    text = with_newlines(text)
    end = min((found for found in (text.find(mark) for mark in _AFTER_HEADER) if found != -1), default=-1)
    reader = _Reader(source)
    return _header(reader, reader.parse(text if end == -1 else text[: end + 1]))[1]


def _header(reader: _Reader, data: Mapping[str, Any]) -> tuple[int, Header]:
    """The format's version and the header; every value is checked, as a list shows them all."""
    version, created, updated = _check_format(reader, data)
    table = reader.table(data, "match")
    players = reader.strings(table, "[match]", "players")
    if not 2 <= len(players) <= 10:  # D1
        reader.fail(f"[match] 'players' must be 2 to 10 names, not {len(players)}")
    scores = reader.ints(table, "[match]", "scores", len(players))
    round_number = reader.number(table, "[match]", "round", least=1)
    status = reader.value(table, "[match]", "status", str)
    if status not in ("in progress", "finished"):
        reader.fail(f'[match] \'status\' must be "in progress" or "finished", not {shown(status)}')
    header = Header(
        players=tuple(players),
        scores=tuple(scores),
        round_number=round_number,
        finished=status == "finished",
        created=created,
        updated=updated,
        rules=_read_rules(reader, data) if "rules" in data or version == 1 else None,
        people=_people(table),
    )
    return version, header


def _people(match_table: Mapping[str, Any]) -> int | None:
    """The seats people play, counted for a list (``_read_seats`` checks them on loading); None without seats."""
    tables = match_table.get("seats")
    if not isinstance(tables, list) or not tables:
        return None
    return sum(1 for seat in tables if isinstance(seat, dict) and seat.get("kind") == "human")


def _read_seats(reader: _Reader, match_table: Mapping[str, Any], names: Sequence[str]) -> tuple[Seat, ...]:
    if "seats" not in match_table:
        return ()
    tables = match_table["seats"]
    if not isinstance(tables, list) or len(tables) != len(names) or not all(isinstance(t, dict) for t in tables):
        reader.fail(f"[match] 'seats' must be {len(names)} tables, one for each player")
    seats = []
    for index, table in enumerate(tables):
        where = f"[match] seat {index + 1}"
        name = reader.value(table, where, "name", str)
        if name != names[index]:
            reader.fail(f"{where} is {shown(name)} but [match] 'players' says {shown(names[index])}")
        params = reader.value(table, where, "params", dict, optional=True) or {}
        for key, value in params.items():
            if not isinstance(value, ParamValue):
                reader.fail(f"{where} parameter {shown(key)} must be a number, text or true/false, not {shown(value)}")
        seats.append(
            Seat(
                name=name,
                kind=reader.value(table, where, "kind", str),
                profile=reader.value(table, where, "profile", str, optional=True),
                seed=reader.value(table, where, "seed", int, optional=True),
                params=params,
                hints=reader.number(table, where, "hints", least=0) if "hints" in table else 0,
            )
        )
    return tuple(seats)


def _read_rules(reader: _Reader, data: Mapping[str, Any]) -> HouseRules:
    """The [rules] table: every switch of the house rules; a save without one (format 1) plays RULES.md."""
    from unokart_tui.engine import SWITCHES, HouseRules, RulesError  # noqa: PLC0415
    from unokart_tui.engine.house_rules import check_switch  # noqa: PLC0415

    if "rules" not in data:
        return HouseRules()
    table = reader.table(data, "rules")
    for key, value in table.items():
        if key not in SWITCHES:
            reader.fail(f"[rules] has an unknown switch {shown(key)} (the switches: {', '.join(SWITCHES)})")
        try:
            check_switch(key, value)
        except RulesError as error:
            reader.fail(f"[rules] '{key}': {error}")
    missing = [switch for switch in SWITCHES if switch not in table]
    if missing:  # every switch is written: one missing is a damaged file, not a default
        reader.fail(f"[rules] has no '{missing[0]}'")
    try:
        return HouseRules(**table)
    except RulesError as error:
        reader.fail(f"[rules] cannot be played: {error}")


class _Shuffle(NamedTuple):
    """A shuffle of the unseen cards as the file gives it, checked for form (``Match.shuffle_unseen``)."""

    round: int
    after: int
    seat: int
    seed: int
    known: list[str]


_SHUFFLE_KEYS = frozenset(_Shuffle._fields)


def _read_shuffles(reader: _Reader, history: Mapping[str, Any], version: int, players: int) -> list[_Shuffle]:
    """The [[history.shuffles]] tables, each complete and in the order of play (format 3 on)."""
    if "shuffles" not in history:
        return []
    if version < SHUFFLES_SINCE:
        reader.fail(f"[history] has shuffles, which save format {version} cannot have (they came in format 3)")
    tables = history["shuffles"]
    if not isinstance(tables, list) or not all(isinstance(table, dict) for table in tables):
        reader.fail("[history] 'shuffles' must be a list of tables ([[history.shuffles]])")
    shuffles: list[_Shuffle] = []
    for index, table in enumerate(tables, start=1):
        where = f"[[history.shuffles]] {index}"
        if set(table) != _SHUFFLE_KEYS:
            reader.fail(f"{where} must have the keys {', '.join(_Shuffle._fields)}, not {shown(sorted(table))}")
        shuffle = _Shuffle(
            round=reader.number(table, where, "round", least=1),
            after=reader.number(table, where, "after", least=0),
            seat=reader.number(table, where, "seat", least=0),
            seed=reader.number(table, where, "seed", least=0),
            known=reader.strings(table, where, "known"),
        )
        if shuffle.seat >= players or len(shuffle.known) != players:
            reader.fail(f"{where} must name one of the {players} seats and list the known cards of each")
        if shuffles and (shuffle.round, shuffle.after) < (shuffles[-1].round, shuffles[-1].after):
            reader.fail(f"{where} comes before the shuffle above it in the history")
        shuffles.append(shuffle)
    return shuffles


def _replay(
    reader: _Reader,
    match_table: Mapping[str, Any],
    rounds: Sequence[Any],
    rules: HouseRules,
    shuffles: Sequence[_Shuffle] = (),
) -> Match:
    """The match the history gives, played again from its seed by the engine's one loop (``engine.replay``)."""
    # Loaded here, not with the module: listing saves reads headers only, and the title
    # screen lists them without the engine.
    from unokart_tui.engine import Card, Match, RulesError, UnseenShuffle, parse_action  # noqa: PLC0415
    from unokart_tui.engine.replay import Stuck, play_again  # noqa: PLC0415

    names = reader.strings(match_table, "[match]", "players")
    try:
        match = Match(
            names,
            seed=reader.value(match_table, "[match]", "seed", int),
            target=reader.value(match_table, "[match]", "target", int),
            rules=rules,
        )
    except RulesError as error:
        reader.fail(f"[match] describes no possible match: {error}")
    if not rounds:
        reader.fail("[history] 'rounds' is empty: it needs the list of the current round at least")
    made: list[UnseenShuffle] = []
    for number, shuffle in enumerate(shuffles, start=1):
        try:
            known = tuple(tuple(Card.parse(word) for word in cards.split()) for cards in shuffle.known)
        except RulesError as error:
            reader.fail(f"[[history.shuffles]] {number} cannot be made: {error}")
        made.append(UnseenShuffle(shuffle.round, shuffle.after, shuffle.seat, shuffle.seed, known))

    def actions_of(number: int, actions: list[str]) -> Iterator[Action]:
        for index, text in enumerate(actions, start=1):
            try:
                yield parse_action(text)
            except RulesError as error:
                reader.fail(f"[history] action {index} of round {number} ({shown(text)}) cannot be played: {error}")

    def rounds_read() -> Iterator[Iterator[Action]]:
        """Each round's actions, checked and read as the replay reaches them."""
        for number, actions in enumerate(rounds, start=1):
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                reader.fail(f"[history] round {number} must be a list of actions")
            yield actions_of(number, actions)

    try:
        for _step in play_again(match, rounds_read(), made):
            pass
    except Stuck as stuck:
        if stuck.shuffle is not None:
            reader.fail(f"[[history.shuffles]] {stuck.shuffle} cannot be made: {stuck}")
        if stuck.move == 0:
            reader.fail(f"[history] round {stuck.round - 1} does not end, yet a round {stuck.round} follows ({stuck})")
        text = rounds[stuck.round - 1][stuck.move - 1]
        reader.fail(f"[history] action {stuck.move} of round {stuck.round} ({shown(text)}) cannot be played: {stuck}")
    if len(match.unseen_shuffles) < len(shuffles):
        reader.fail(f"[[history.shuffles]] {len(match.unseen_shuffles) + 1} is at no point of the history")
    return match


def _read_undos(reader: _Reader, data: Mapping[str, Any], match: Match) -> tuple[Undo, ...]:
    """The [[undo]] tables: each in a round played so far, within its history, taking back real actions."""
    from unokart_tui.engine import RulesError, parse_action  # noqa: PLC0415 - loaded by the replay already

    if "undo" not in data:
        return ()
    tables = data["undo"]
    if not isinstance(tables, list) or not all(isinstance(table, dict) for table in tables):
        reader.fail("'undo' must be a list of tables ([[undo]])")
    history = match.history
    undos: list[Undo] = []
    for index, table in enumerate(tables, start=1):
        where = f"[[undo]] {index}"
        extra = set(table) - set(Undo._fields)
        if extra:
            reader.fail(f"{where} has unknown keys: {shown(sorted(extra))}")
        number = reader.number(table, where, "round", least=1)
        if number > len(history) or (undos and number < undos[-1].round):
            reader.fail(f"{where} 'round' {number} is not a round played after the undos before it")
        kept = reader.number(table, where, "kept", least=0)
        if kept > len(history[number - 1]):
            reader.fail(f"{where} 'kept' {kept} is more than the {len(history[number - 1])} actions of round {number}")
        actions = reader.strings(table, where, "actions")
        if not actions:
            reader.fail(f"{where} 'actions' is empty: an undo takes back one action at least")
        for text in actions:
            try:
                parse_action(text)
            except RulesError as error:
                reader.fail(f"{where} action {shown(text)} is no action: {error}")
        undos.append(Undo(number, kept, tuple(actions)))
    return tuple(undos)


def with_newlines(text: str) -> str:
    """``text`` with its Windows line endings (CRLF) made the newlines the game writes.

    A file copied through Windows, or a repository that converts line endings, comes back so.
    The game never writes a carriage return (TOML escapes one in a value), so the file it wrote
    is this text exactly: its checksum holds it to every byte as strictly as before.
    """
    return text.replace("\r\n", "\n") if "\r\n" in text else text


def loads_game(text: str, *, source: str = "<text>") -> SavedGame:
    """Read a save completely: replay its history and check it against its header and position."""
    reader = _Reader(source)
    body, checksummed = _without_checksum(reader, with_newlines(text))  # first: a damaged file is parsed no further
    data = reader.parse(body)
    version, header = _header(reader, data)  # sound on its own, as list_saves reads it without the rest
    if version >= CHECKSUMMED_SINCE and not checksummed:
        reader.fail("its checksum is missing: the end of the file was cut off or damaged")
    match_table = reader.table(data, "match")
    position = reader.table(data, "position")
    history = reader.table(data, "history")
    rounds = reader.value(history, "[history]", "rounds", list)
    extra = set(history) - {"rounds", "shuffles"}
    if extra:
        reader.fail(f"[history] has unknown keys: {shown(sorted(extra))}")
    shuffles = _read_shuffles(reader, history, version, len(header.players))
    match = _replay(reader, match_table, rounds, _read_rules(reader, data), shuffles)
    for key, replayed in _match_table(match).items():
        if match_table.get(key) != replayed:
            reader.fail(f"[match] '{key}' does not agree with the history (the replay gives {shown(replayed)})")
    extra = set(match_table) - set(_match_table(match)) - {"seats"}
    if extra:
        reader.fail(f"[match] has unknown keys: {shown(sorted(extra))}")
    expected = _position(match.round)
    for key in sorted(set(expected) | set(position)):
        if position.get(key) != expected.get(key):
            reader.fail(f"[position] '{key}' is not where the history leads: the file was changed or damaged")
    seats = _read_seats(reader, match_table, match.names)
    undos = _read_undos(reader, data, match)
    return SavedGame(match=match, seats=seats, created=header.created, updated=header.updated, undos=undos)


def loads(text: str, *, source: str = "<text>") -> Match:
    """The match in a save's text; anything incomplete or inconsistent raises SaveError."""
    return loads_game(text, source=source).match
