"""The figures the Statistics screen and ``unokart stats`` show, read from the store.

For the player (seat 0): matches and rounds played and won, points per round won, best and
worst match, streaks, what made them draw (the items above all), challenges, catches, undos;
their win rate by opponent personality, by difficulty and over time. For each bot
personality the player has faced: the same figures for the seats it played.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime
from types import MappingProxyType
from typing import Any, NamedTuple

from .records import COUNTS, ITEMS, PLAYER
from .store import Store

DEFAULT_PROFILE = "normal"  # a bot without a profile plays its defaults, which the normal profile writes out


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
        }


_FIGURES = f"""
SELECT COUNT(*), COALESCE(SUM(r.winner = rs.seat), 0),
       COALESCE(SUM(CASE WHEN r.winner = rs.seat THEN r.points ELSE 0 END), 0),
       {", ".join(f"COALESCE(SUM(rs.{name}), 0)" for name in COUNTS)}
FROM round_seats rs
JOIN rounds r ON r.match = rs.match AND r.number = rs.round
JOIN seats s ON s.match = rs.match AND s.seat = rs.seat
WHERE {{where}}
"""
_DRAWS = """
SELECT d.reason, SUM(d.cards) FROM draws d
JOIN seats s ON s.match = d.match AND s.seat = d.seat
WHERE {where} GROUP BY d.reason
"""
PLAYER_SEAT = f"s.seat = {PLAYER}"
BOT_SEATS = f"s.kind = ? AND s.seat != {PLAYER}"


def figures(store: Store, where: str, parameters: Sequence[Any] = ()) -> Figures:
    row = store.rows(_FIGURES.format(where=where), parameters)[0]
    draws = {reason: cards for reason, cards in store.rows(_DRAWS.format(where=where), parameters)}
    return Figures(row[0], row[1], row[2], dict(zip(COUNTS, row[3:], strict=True)), draws)


def finished_matches(store: Store) -> list[MatchLine]:
    """Every finished match, in the order they finished."""
    seats: dict[str, list[tuple[str, str, str | None, int]]] = defaultdict(list)
    for match, _seat, name, kind, profile, score in store.rows("SELECT * FROM seats ORDER BY match, seat"):
        seats[match].append((name, kind, profile, score))
    won_rounds: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for match, winner, points in store.rows("SELECT match, winner, points FROM rounds ORDER BY match, number"):
        won_rounds[match].append((winner, points))
    lines = []
    for key, save, finished_at, winner, target in store.rows(
        "SELECT key, save, finished_at, winner, target FROM matches WHERE finished = 1 ORDER BY finished_at, key"
    ):
        table = seats[key]
        scores = [0] * len(table)
        race = [tuple(scores)]
        for seat, points in won_rounds[key]:
            scores[seat] += points
            race.append(tuple(scores))
        lines.append(
            MatchLine(
                key=key,
                save=save,
                finished=datetime.fromisoformat(finished_at),
                names=tuple(name for name, _, _, _ in table),
                kinds=tuple(kind for _, kind, _, _ in table),
                scores=tuple(score for _, _, _, score in table),
                won=winner == PLAYER,
                target=target,
                race=tuple(race),
            )
        )
    return lines


def difficulty(profiles: Sequence[str | None]) -> str:
    """A match's difficulty: its bots' profile, or "mixed" when they differ."""
    labels = {profile or DEFAULT_PROFILE for profile in profiles}
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


def summarize(store: Store) -> Summary:
    lines = finished_matches(store)
    profiles: dict[str, list[str | None]] = defaultdict(list)
    for match, profile in store.rows(f"SELECT match, profile FROM seats WHERE seat != {PLAYER}"):
        profiles[match].append(profile)
    by_kind: dict[str, list[bool]] = defaultdict(list)
    by_difficulty: dict[str, list[bool]] = defaultdict(list)
    for line in lines:
        for kind in sorted(set(line.kinds[1:])):
            by_kind[kind].append(line.won)
        by_difficulty[difficulty(profiles[line.key])].append(line.won)
    kinds = [kind for (kind,) in store.rows(f"SELECT DISTINCT kind FROM seats WHERE seat != {PLAYER} ORDER BY kind")]
    match_wins: dict[str, int] = defaultdict(int)
    for line in lines:
        if not line.won:
            winner = max(range(len(line.scores)), key=lambda seat: line.scores[seat])
            match_wins[line.kinds[winner]] += 1
    rates, wins = [], 0
    for count, line in enumerate(lines, start=1):
        wins += line.won
        rates.append((line.finished, wins / count))
    undos, hints = store.rows("SELECT COALESCE(SUM(undos), 0), COALESCE(SUM(hints), 0) FROM matches")[0]
    return Summary(
        matches=len(lines),
        matches_won=sum(line.won for line in lines),
        player=figures(store, PLAYER_SEAT),
        undos=undos,
        hints=hints,
        best=max(lines, key=lambda line: line.margin, default=None),
        worst=min(lines, key=lambda line: line.margin, default=None),
        streaks=streaks([line.won for line in lines]),
        by_personality=tuple(Record(kind, len(results), sum(results)) for kind, results in sorted(by_kind.items())),
        by_difficulty=tuple(
            Record(label, len(results), sum(results)) for label, results in sorted(by_difficulty.items())
        ),
        personalities=tuple((kind, figures(store, BOT_SEATS, (kind,)), match_wins[kind]) for kind in kinds),
        win_rate=tuple(rates),
        matches_list=tuple(reversed(lines)),
    )
