"""The figures the Statistics screen and ``unokart stats`` show, read from the store.

For the player (seat 0): matches and rounds played and won, points per round won, best and
worst match, streaks, what made them draw (the items above all), challenges, catches, undos;
their win rate by opponent personality, by difficulty and over time. For each bot
personality the player has faced: the same figures for the seats it played. The other people
of a friends' table (``PERSON``, issue 31) are opponents by their names alone: no personality,
no difficulty, and their seats are no bot's figures.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from types import MappingProxyType
from typing import Any, NamedTuple

from .records import COUNTS, HUMAN, ITEMS, PERSON, PLAYER
from .rows import MatchRows, SeatRow, read_rows
from .store import Store

DEFAULT_PROFILE = "normal"  # a bot without a profile plays its defaults, which the normal profile writes out
# The kinds of a seat beside the player's that no bot plays: another person, or (as a store rebuilt before
# people were told apart from the player kept them) "human".
PEOPLE = frozenset({PERSON, HUMAN})


class Figures(NamedTuple):
    """What a player (or every seat of a personality) did in the finished rounds they played."""

    rounds: int = 0
    rounds_won: int = 0
    points_won: int = 0
    counts: Mapping[str, int] = MappingProxyType({})  # by the names of records.COUNTS
    draws: Mapping[str, int] = MappingProxyType({})  # cards drawn, by reason

    def count(self, name: str) -> int:
        return self.counts.get(name, 0)

    @property
    def points_per_round_won(self) -> float | None:
        return self.points_won / self.rounds_won if self.rounds_won else None

    @property
    def challenge_rate(self) -> float | None:
        made = self.count("challenges_made")
        return self.count("challenges_won") / made if made else None

    def items(self) -> list[tuple[str, int]]:
        """The items that made them draw, the most cards first."""
        return sorted(((item, self.draws.get(item, 0)) for item in ITEMS), key=lambda pair: -pair[1])

    def as_json(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "rounds_won": self.rounds_won,
            "points_won": self.points_won,
            "points_per_round_won": self.points_per_round_won,
            "challenge_success_rate": self.challenge_rate,
            **{name: self.count(name) for name in COUNTS},
            "cards_drawn": dict(sorted(self.draws.items())),
        }


class MatchLine(NamedTuple):
    """One finished match, as the player played it."""

    key: str
    save: str
    finished: datetime
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    scores: tuple[int, ...]
    won: bool
    target: int
    race: tuple[tuple[int, ...], ...]  # every seat's score before the first round and after each one

    @property
    def margin(self) -> int:
        """The player's score less the best other score: above 0 when they won."""
        return self.scores[PLAYER] - max(score for seat, score in enumerate(self.scores) if seat != PLAYER)

    def as_json(self) -> dict[str, Any]:
        return {
            "save": self.save,
            "finished": self.finished.isoformat(),
            "players": list(self.names),
            "kinds": list(self.kinds),
            "scores": list(self.scores),
            "won": self.won,
            "rounds": len(self.race) - 1,
        }


class Record(NamedTuple):
    """The player's matches against one kind of opponent (a personality, a difficulty)."""

    name: str
    matches: int
    won: int  # by the player

    @property
    def rate(self) -> float:
        return self.won / self.matches if self.matches else 0.0


class Streaks(NamedTuple):
    current: int  # wins in a row now (above 0), losses in a row (below 0), or 0
    longest_win: int
    longest_loss: int


class Summary(NamedTuple):
    matches: int
    matches_won: int
    player: Figures
    undos: int
    hints: int
    best: MatchLine | None
    worst: MatchLine | None
    streaks: Streaks
    by_personality: tuple[Record, ...]
    by_difficulty: tuple[Record, ...]
    personalities: tuple[tuple[str, Figures, int], ...]  # each bot personality faced, its figures, matches it won
    win_rate: tuple[tuple[datetime, float], ...]  # after each finished match: the player's win rate so far
    matches_list: tuple[MatchLine, ...]  # every finished match, the latest first
    left_out: int = 0  # matches the store holds with values this game cannot read (rows.read_rows)

    @property
    def match_rate(self) -> float | None:
        return self.matches_won / self.matches if self.matches else None

    def as_json(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "matches_won": self.matches_won,
            "match_win_rate": self.match_rate,
            "player": self.player.as_json(),
            "undos": self.undos,
            "hints": self.hints,
            "best_match": self.best.as_json() if self.best else None,
            "worst_match": self.worst.as_json() if self.worst else None,
            "streaks": self.streaks._asdict(),
            "win_rate_by_personality": {r.name: {"matches": r.matches, "won": r.won} for r in self.by_personality},
            "win_rate_by_difficulty": {r.name: {"matches": r.matches, "won": r.won} for r in self.by_difficulty},
            "personalities": {
                kind: {**figures.as_json(), "matches_won": won} for kind, figures, won in self.personalities
            },
            "win_rate_over_time": [[moment.isoformat(), rate] for moment, rate in self.win_rate],
            "matches_list": [line.as_json() for line in self.matches_list],
            "matches_left_out": self.left_out,
        }


def figures(matches: Sequence[MatchRows], chosen: Callable[[int, SeatRow], bool]) -> Figures:
    """What the ``chosen`` seats (by seat number and seat) did in the finished rounds of ``matches``."""
    played = won = points = 0
    counts = [0] * len(COUNTS)
    draws: dict[str, int] = defaultdict(int)
    for match in matches:
        rounds = {round_.number: round_ for round_ in match.rounds}
        for one in match.round_seats:
            if chosen(one.seat, match.seats[one.seat]):
                round_ = rounds[one.round]
                played += 1
                if round_.winner == one.seat:
                    won += 1
                    points += round_.points
                counts = [total + each for total, each in zip(counts, one.counts, strict=True)]
        for draw in match.draws:
            if chosen(draw.seat, match.seats[draw.seat]):
                draws[draw.reason] += draw.cards
    return Figures(played, won, points, dict(zip(COUNTS, counts, strict=True)), dict(draws))


def finished_matches(matches: Sequence[MatchRows]) -> list[MatchLine]:
    """Every finished match, in the order they finished."""
    lines = []
    for match in matches:
        if match.finished_at is None:
            continue
        scores = [0] * len(match.seats)
        race = [tuple(scores)]
        for round_ in match.rounds:
            scores[round_.winner] += round_.points
            race.append(tuple(scores))
        lines.append(
            MatchLine(
                key=match.key,
                save=match.save,
                finished=match.finished_at,
                names=tuple(seat.name for seat in match.seats),
                kinds=tuple(seat.kind for seat in match.seats),
                scores=tuple(seat.score for seat in match.seats),
                won=match.winner == PLAYER,
                target=match.target,
                race=tuple(race),
            )
        )
    return sorted(lines, key=lambda line: (line.finished, line.key))


def difficulty(profiles: Sequence[str | None]) -> str | None:
    """A match's difficulty: its bots' profile, or "mixed" when they differ; None without a bot (friends alone)."""
    labels = {profile or DEFAULT_PROFILE for profile in profiles}
    if not labels:
        return None
    return labels.pop() if len(labels) == 1 else "mixed"


def streaks(results: Sequence[bool]) -> Streaks:
    longest = {True: 0, False: 0}
    run, last = 0, None
    for won in results:
        run = run + 1 if won == last else 1
        last = won
        longest[won] = max(longest[won], run)
    current = 0 if last is None else (run if last else -run)
    return Streaks(current, longest[True], longest[False])


def _bots_of(kind: str) -> Callable[[int, SeatRow], bool]:
    return lambda seat, row: seat != PLAYER and row.kind == kind


def summarize(store: Store) -> Summary:
    """The figures of every match the store holds whose values can be read; ``left_out`` counts the others."""
    rows = read_rows(store)
    matches = rows.matches
    lines = finished_matches(matches)
    profiles = {match.key: [seat.profile for seat in match.seats[1:] if seat.kind not in PEOPLE] for match in matches}
    by_kind: dict[str, list[bool]] = defaultdict(list)
    by_difficulty: dict[str, list[bool]] = defaultdict(list)
    for line in lines:
        for kind in sorted(set(line.kinds[1:]) - PEOPLE):
            by_kind[kind].append(line.won)
        label = difficulty(profiles[line.key])
        if label is not None:
            by_difficulty[label].append(line.won)
    kinds = sorted({seat.kind for match in matches for seat in match.seats[1:]} - PEOPLE)
    match_wins: dict[str, int] = defaultdict(int)
    for line in lines:
        if not line.won:
            winner = max(range(len(line.scores)), key=lambda seat: line.scores[seat])
            match_wins[line.kinds[winner]] += 1  # a person's win is counted for no personality shown
    rates, wins = [], 0
    for number, line in enumerate(lines, start=1):
        wins += line.won
        rates.append((line.finished, wins / number))
    return Summary(
        matches=len(lines),
        matches_won=sum(line.won for line in lines),
        player=figures(matches, lambda seat, _: seat == PLAYER),
        undos=sum(match.undos for match in matches),
        hints=sum(match.hints for match in matches),
        best=max(lines, key=lambda line: line.margin, default=None),
        worst=min(lines, key=lambda line: line.margin, default=None),
        streaks=streaks([line.won for line in lines]),
        by_personality=tuple(Record(kind, len(results), sum(results)) for kind, results in sorted(by_kind.items())),
        by_difficulty=tuple(
            Record(label, len(results), sum(results)) for label, results in sorted(by_difficulty.items())
        ),
        personalities=tuple((kind, figures(matches, _bots_of(kind)), match_wins[kind]) for kind in kinds),
        win_rate=tuple(rates),
        matches_list=tuple(reversed(lines)),
        left_out=rows.left_out,
    )
