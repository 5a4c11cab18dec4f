"""Headless tournaments between bots: rounds or whole matches, seats rotated, any number of processes.

Every game depends only on the tournament seed and its own number, so the totals are
the same whatever the number of processes.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from unokart_tui.engine import (
    DEFAULT_TARGET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    CardPlayed,
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    DrawReason,
    Event,
    HouseRules,
    Match,
    PlayerExposed,
    Rank,
    Round,
    UnoCaught,
)

from . import make_bot, workers
from .base import Bot
from .driver import Driver
from .registry import BOTS

# A round that goes on this long is stuck (the rules allow endless passing when nobody
# can play and nothing is left to draw): it is abandoned and counted, not scored.
MAX_ACTIONS_PER_ROUND = 5_000

_HURT_OTHERS = {DrawReason.BANANA, DrawReason.GREEN_SHELL, DrawReason.LIGHTNING}


@dataclass
class EntryStats:
    """Totals for one entry of the line-up (one bot, whatever seat it had)."""

    games: int = 0
    wins: int = 0
    points: int = 0
    rounds: int = 0
    cards_left: int = 0
    challenges: int = 0
    challenges_won: int = 0
    wild_draw_fours: int = 0
    item_boxes: int = 0
    item_net_cards: int = 0
    item_net_squares_per_box: int = 0  # the sum of each box's net squared, and of each round's: for the intervals
    item_net_squares_per_round: int = 0
    item_cards_near_out: int = 0  # of those, drawn by a player who held one or two cards: the hurt that counts
    items: Counter[str] = field(default_factory=Counter)
    catches: int = 0
    caught: int = 0
    forgot_uno: int = 0

    def add(self, other: EntryStats) -> None:
        for name in self.__dataclass_fields__:
            mine = getattr(self, name)
            if isinstance(mine, Counter):
                mine.update(getattr(other, name))
            else:
                setattr(self, name, mine + getattr(other, name))


@dataclass
class SimResult:
    bots: list[str]
    mode: str  # "rounds" or "matches"
    games: int
    seed: int
    entries: list[EntryStats]
    abandoned: int = 0
    rules: HouseRules = field(default_factory=HouseRules)
    rounds: int = 0  # rounds played to their end
    actions: int = 0  # every action applied in them, reactions included
    mirror: bool = False  # each deal played once per seat rotation

    @property
    def actions_per_round(self) -> float:
        return self.actions / self.rounds if self.rounds else 0.0


def mean_interval(total: float, squares: float, count: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval of a mean from its sum and sum of squares (normal approximation)."""
    if count == 0:
        return 0.0, 0.0
    mean = total / count
    variance = max(squares / count - mean * mean, 0.0)
    spread = z * math.sqrt(variance / count)
    return mean - spread, mean + spread


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval of a win rate (Wilson score interval)."""
    if games == 0:
        return 0.0, 0.0
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


# ---------------------------------------------------------------- one game


def split_entry(entry: str) -> tuple[str, str | None]:
    """``"challenger:hard"`` -> the bot and its own profile (``None``: the tournament's)."""
    kind, _, profile = entry.partition(":")
    return kind.strip(), profile.strip() or None


def _seat_of(entry: int, game: int, players: int) -> int:
    return (entry + game) % players  # every entry sits in every seat equally often


def _play_round(
    round_: Round, bots: Sequence[Bot], entry_of: Sequence[int], stats: Sequence[EntryStats], apply: Callable[..., Any]
) -> int:
    """Play ``round_`` to its end with ``apply`` (the round's or the match's): its actions, or 0 if it got stuck."""
    driver = Driver(bots)
    box: BoxInPlay | None = None
    net_before = [stats[entry_of[seat]].item_net_cards for seat in range(len(bots))]
    actions = 0
    while not round_.is_over:
        if actions == MAX_ACTIONS_PER_ROUND:
            _finish(box, entry_of, stats)  # every box counted is in the spread, also in a round abandoned
            return 0
        step = driver.next_step(round_)
        assert step is not None  # every seat is a bot
        sizes = [len(hand) for hand in round_.hands]
        box = _count(apply(step.action), entry_of, stats, box, sizes)
        actions += 1
    _finish(box, entry_of, stats)
    for seat, hand in enumerate(round_.hands):
        entry = stats[entry_of[seat]]
        entry.rounds += 1
        entry.cards_left += len(hand)
        entry.item_net_squares_per_round += (entry.item_net_cards - net_before[seat]) ** 2
    return actions


@dataclass
class BoxInPlay:
    """The Item Box whose item is acting: the seat that played it and the net cards it made others draw so far."""

    seat: int
    net: int = 0


def _finish(box: BoxInPlay | None, entry_of: Sequence[int], stats: Sequence[EntryStats]) -> None:
    if box is not None:
        stats[entry_of[box.seat]].item_net_squares_per_box += box.net**2


def _count(
    events: list[Event],
    entry_of: Sequence[int],
    stats: Sequence[EntryStats],
    box: BoxInPlay | None,
    sizes: Sequence[int],
) -> BoxInPlay | None:
    """Add up ``events``; ``box`` is the Item Box still acting, ``sizes`` the hands before the action."""
    for event in events:
        if isinstance(event, CardPlayed):
            _finish(box, entry_of, stats)  # the next card played: what follows is not the box's doing
            box = BoxInPlay(event.seat) if event.card.rank is Rank.WILD_ITEM_BOX else None
            if box is not None:
                stats[entry_of[box.seat]].item_boxes += 1
            elif event.card.rank is Rank.WILD_DRAW_FOUR:
                stats[entry_of[event.seat]].wild_draw_fours += 1
        elif isinstance(event, CardTurned):
            stats[entry_of[event.seat]].items[event.card.item.label] += 1
        elif isinstance(event, CardsDrawn) and box is not None:
            player = stats[entry_of[box.seat]]
            if event.reason in _HURT_OTHERS:
                box.net += len(event.cards)
                player.item_net_cards += len(event.cards)
                if sizes[event.seat] <= 2:
                    player.item_cards_near_out += len(event.cards)
            elif event.reason is DrawReason.BOB_OMB:
                box.net -= len(event.cards)
                player.item_net_cards -= len(event.cards)
        elif isinstance(event, ChallengeResolved):
            stats[entry_of[event.challenger]].challenges += 1
            stats[entry_of[event.challenger]].challenges_won += event.guilty
        elif isinstance(event, UnoCaught):
            stats[entry_of[event.catcher]].catches += 1
            stats[entry_of[event.seat]].caught += 1
        elif isinstance(event, PlayerExposed):
            stats[entry_of[event.seat]].forgot_uno += 1
    return box


@dataclass
class Tally:
    """What the games of a tournament came to, besides each entry's stats."""

    stuck: int = 0  # rounds abandoned
    rounds: int = 0  # rounds played to their end
    actions: int = 0  # every action applied in those, reactions included

    def add(self, other: Tally) -> None:
        self.stuck += other.stuck
        self.rounds += other.rounds
        self.actions += other.actions

    def count(self, actions: int) -> bool:
        """Count a round that took ``actions`` (0: it got stuck); whether it ended."""
        if actions:
            self.rounds += 1
            self.actions += actions
        else:
            self.stuck += 1
        return bool(actions)


def play_game(
    bots: Sequence[str],
    game: int,
    seed: int,
    *,
    matches: bool,
    target: int,
    profile: str | None,
    rules: HouseRules | None = None,
    on_round: Callable[[], None] = lambda: None,
    mirror: bool = False,
) -> tuple[list[EntryStats], Tally]:
    """Game number ``game`` of a tournament under ``rules``: a round, or a whole match.

    ``on_round`` is called after every round played, for a progress line. With ``mirror``,
    games come in sets of one per seat rotation that share their deal (the same seed for
    the round or the match): every entry gets the same cards in every seat.
    """
    players = len(bots)
    stats = [EntryStats() for _ in bots]
    entry_of = [0] * players
    seat_bots: list[Bot] = [None] * players  # type: ignore[list-item]
    for entry, name in enumerate(bots):
        seat = _seat_of(entry, game, players)
        entry_of[seat] = entry
        kind, own_profile = split_entry(name)
        bot_seed = random.Random(f"{seed}/{game}/{entry}").getrandbits(32)
        seat_bots[seat] = make_bot(kind, seed=bot_seed, profile=own_profile or profile)
    game_seed = random.Random(f"{seed}/deal/{game // players}" if mirror else f"{seed}/{game}").getrandbits(64)
    for totals in stats:
        totals.games += 1
    tally = Tally()
    if not matches:
        round_ = Round.deal(players, dealer=0, seed=game_seed, rules=rules)
        played = tally.count(_play_round(round_, seat_bots, entry_of, stats, round_.apply))
        on_round()
        if played:
            winner = round_.winner
            assert winner is not None
            stats[entry_of[winner]].wins += 1
            stats[entry_of[winner]].points += round_.points or 0
        return stats, tally
    match = Match.new(players, seed=game_seed, target=target, rules=rules)
    while not match.is_over:
        if match.round.is_over:
            match.next_round()
        played = tally.count(_play_round(match.round, seat_bots, entry_of, stats, match.apply))
        on_round()
        if not played:
            break
    if match.winner is not None:
        stats[entry_of[match.winner]].wins += 1
    for seat, score in enumerate(match.scores):
        stats[entry_of[seat]].points += score
    return stats, tally


class _Chunk(NamedTuple):
    """Some games of a tournament, played in one go (by one worker)."""

    bots: Sequence[str]
    games: range
    seed: int
    matches: bool
    target: int
    profile: str | None
    rules: HouseRules
    mirror: bool


def _play_chunk(chunk: _Chunk, on_round: Callable[[], None]) -> tuple[list[EntryStats], Tally, int]:
    """The totals of the chunk's games, its tally (rounds, actions, stuck rounds), and how many games it had."""
    totals = [EntryStats() for _ in chunk.bots]
    tally = Tally()
    for game in chunk.games:
        stats, game_tally = play_game(
            chunk.bots,
            game,
            chunk.seed,
            matches=chunk.matches,
            target=chunk.target,
            profile=chunk.profile,
            rules=chunk.rules,
            on_round=on_round,
            mirror=chunk.mirror,
        )
        for total, entry in zip(totals, stats, strict=True):
            total.add(entry)
        tally.add(game_tally)
    return totals, tally, len(chunk.games)


def simulate(
    bots: Sequence[str],
    *,
    games: int,
    matches: bool = False,
    seed: int = 0,
    jobs: int = 1,
    target: int = DEFAULT_TARGET,
    profile: str | None = None,
    rules: HouseRules | None = None,
    progress: Callable[[int, int], None] | None = None,
    mirror: bool = False,
) -> SimResult:
    """Play ``games`` rounds (or whole matches) between ``bots`` under ``rules`` and total what happened.

    ``progress(games_done, rounds_played)`` is called as the games go on. The games are handed
    out as processes become free, never built all at once; whatever stops the run (ctrl+c
    raises ``KeyboardInterrupt`` here), the worker processes end with it.
    """
    for name in bots:
        kind, own_profile = split_entry(name)
        if kind not in BOTS:
            raise ValueError(f"unknown bot {kind!r} (the bots: {', '.join(sorted(BOTS))})")
        if own_profile:
            make_bot(kind, profile=own_profile)  # a bad profile fails here, before any work
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise ValueError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} bots, not {len(bots)}")
    if profile is not None:
        make_bot(split_entry(bots[0])[0], profile=profile)  # a bad profile fails here, before any work
    rules = HouseRules() if rules is None else rules
    size = max(1, min(200, games // (jobs * 8) or 1))
    chunks = (
        _Chunk(list(bots), range(start, min(start + size, games)), seed, matches, target, profile, rules, mirror)
        for start in range(0, games, size)
    )
    entries = [EntryStats() for _ in bots]
    result = SimResult(list(bots), "matches" if matches else "rounds", games, seed, entries, rules=rules, mirror=mirror)
    done = rounds = 0

    def report(played: int) -> None:
        nonlocal rounds
        rounds = played
        if progress is not None:
            progress(done, rounds)

    jobs = min(jobs, (games + size - 1) // size)  # no process without work
    with contextlib.closing(workers.run(_play_chunk, chunks, jobs=jobs, progress=report)) as results:
        for totals, tally, count in results:
            for total, entry in zip(result.entries, totals, strict=True):
                total.add(entry)
            result.abandoned += tally.stuck
            result.rounds += tally.rounds
            result.actions += tally.actions
            done += count
            report(rounds)
    return result


# ---------------------------------------------------------------- reporting


def _labels(bots: Sequence[str]) -> list[str]:
    counts = Counter(bots)
    seen: Counter[str] = Counter()
    labels = []
    for name in bots:
        seen[name] += 1
        labels.append(f"{name} #{seen[name]}" if counts[name] > 1 else name)
    return labels


def rows(result: SimResult) -> list[dict[str, Any]]:
    out = []
    for label, name, entry in zip(_labels(result.bots), result.bots, result.entries, strict=True):
        scored = entry.games - (result.abandoned if result.mode == "rounds" else 0)
        low, high = wilson(entry.wins, max(scored, 0))
        out.append(
            {
                "entry": label,
                "bot": name,
                "games": entry.games,
                "wins": entry.wins,
                "win_rate": entry.wins / scored if scored else 0.0,
                "win_rate_ci95": [low, high],
                "avg_points": entry.points / entry.games if entry.games else 0.0,
                "avg_cards_left": entry.cards_left / entry.rounds if entry.rounds else 0.0,
                "challenges": entry.challenges,
                "challenges_won": entry.challenges_won,
                "wild_draw_fours": entry.wild_draw_fours,
                "item_boxes": entry.item_boxes,
                "item_net_cards_per_box": entry.item_net_cards / entry.item_boxes if entry.item_boxes else 0.0,
                "item_net_cards_per_box_ci95": list(
                    mean_interval(entry.item_net_cards, entry.item_net_squares_per_box, entry.item_boxes)
                ),
                "item_net_cards_per_round": entry.item_net_cards / entry.rounds if entry.rounds else 0.0,
                "item_net_cards_per_round_ci95": list(
                    mean_interval(entry.item_net_cards, entry.item_net_squares_per_round, entry.rounds)
                ),
                "item_cards_near_out_per_round": entry.item_cards_near_out / entry.rounds if entry.rounds else 0.0,
                "items": dict(sorted(entry.items.items())),
                "uno_catches": entry.catches,
                "uno_caught": entry.caught,
                "forgot_uno": entry.forgot_uno,
            }
        )
    return out


def rules_label(rules: HouseRules) -> str:
    """The rules in a few words: ``party``, or ``official + jump_in``, or ``official + hand_size=5``."""
    name = rules.preset_name
    if name is not None:
        return name
    changed = ", ".join(
        switch if value is True else f"{switch}={value}".lower() for switch, value in rules.enabled().items()
    )
    return f"official + {changed}"


def to_json(result: SimResult) -> dict[str, Any]:
    return {
        "bots": result.bots,
        "mode": result.mode,
        "games": result.games,
        "seed": result.seed,
        "mirror": result.mirror,
        "rules": {"name": rules_label(result.rules), "preset": result.rules.preset_name, **result.rules.as_dict()},
        "abandoned_rounds": result.abandoned,
        "rounds_played": result.rounds,
        "avg_actions_per_round": result.actions_per_round,
        "results": rows(result),
    }


def shortened(number: int, *, grouped: bool = True, most: int = 24) -> str:
    """A number for a line of text (a count's digits grouped); one too long to read, shortened."""
    text = f"{number:,}" if grouped else str(number)
    return text if len(text) <= most else f"{text[:12]}…{text[-4:]} ({len(str(abs(number))):,} digits)"


def _plus_minus(mean: float, interval: Sequence[float]) -> str:
    return f"{mean:.2f}±{(interval[1] - interval[0]) / 2:.2f}"


def table(result: SimResult) -> str:
    header = (
        f"{'bot':<16} {'win %':>6} {'95% CI':>13} {'avg pts':>8} {'cards left':>10} "
        f"{'challenges':>11} {'item boxes':>10} {'net/box':>9} {'net/rnd':>9} {'≤2/rnd':>6} {'catches':>7}"
    )
    lines = [header, "-" * len(header)]
    for row in rows(result):
        low, high = row["win_rate_ci95"]
        challenges = f"{row['challenges_won']}/{row['challenges']}"
        per_box = _plus_minus(row["item_net_cards_per_box"], row["item_net_cards_per_box_ci95"])
        per_round = _plus_minus(row["item_net_cards_per_round"], row["item_net_cards_per_round_ci95"])
        lines.append(
            f"{row['entry']:<16} {100 * row['win_rate']:>6.1f} {f'{100 * low:.1f}–{100 * high:.1f}':>13} "
            f"{row['avg_points']:>8.1f} {row['avg_cards_left']:>10.2f} {challenges:>11} "
            f"{row['item_boxes']:>10} {per_box:>9} {per_round:>9} "
            f"{row['item_cards_near_out_per_round']:>6.2f} {row['uno_catches']:>7}"
        )
    what = "matches" if result.mode == "matches" else "rounds"
    seed = shortened(result.seed, grouped=False)
    lines.append(
        f"{shortened(result.games)} {what}, seed {seed}, seats rotated"
        f"{' (each deal in every rotation)' if result.mirror else ''}, rules: {rules_label(result.rules)}; "
        f"{result.actions_per_round:.1f} actions a round; challenges: won/made\n"
        "net/box: cards the Item Boxes made others draw, less their Bob-ombs (± the 95% interval); "
        "net/rnd: the same per round\n"
        "≤2/rnd: cards per round they made a player holding one or two cards draw"
    )
    if result.abandoned:
        lines.append(
            f"{result.abandoned} round(s) abandoned after {MAX_ACTIONS_PER_ROUND:,} actions (nobody could play)"
        )
    return "\n".join(lines)
