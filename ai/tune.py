"""``unokart tune``: search a bot's parameters for the best win rate, with Optuna.

Each trial plays the same heads-up or table rounds (the same deals for every trial, each
deal once per seat rotation, so the trials differ by their parameters and not by their
luck) and scores the tuned bot's share of the rounds won. The study lives in an Optuna
storage — an SQLite file in the user data directory unless ``storage`` names another, which
lets several machines share one study — so an interrupted search loses only the trial in
progress and the same command continues it. At the end the best parameters are measured
again on fresh deals, and written as a profile TOML that ``ai.make_bot(..., profile=...)``
loads, with that win rate and its 95% interval in a comment.

Optuna is an optional dependency (the ``tune`` extra); this module imports it on use.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from unokart_tui.engine import Round
from unokart_tui.files import NotARegularFile, write_atomic

from . import make_bot
from .base import Bot
from .driver import Driver
from .params import Param
from .registry import BOTS
from .sim import MAX_ACTIONS_PER_ROUND, wilson

# The habits every bot shares are the player's to choose (a profile's [all]), not tuned.
HABITS = frozenset({"forget_uno", "late_uno", "catch_chance", "reaction_ms", "mistakes", "jump_in_chance"})


class TuneError(Exception):
    """A tuning request that cannot run: an unknown bot, nothing to tune, Optuna missing."""


class BadRequest(TuneError):
    """A value asked for that cannot be used (a seed out of range, a storage that cannot be opened,
    a profile that is there already): the command line says so as of a bad flag."""


# The sampler's seed goes to NumPy, which takes these only.
MAX_SEED = 2**32 - 1


@dataclass
class TuneResult:
    study: str
    trials: int  # trials the study holds, all runs together
    best_params: dict[str, float | int]
    best_trial_rate: float  # the best trial's own win rate (optimistic: it won the search)
    rate: float  # the best parameters measured again on fresh deals
    interval: tuple[float, float]
    rounds: int
    profile_path: Path | None


def tunable(bot: str) -> dict[str, Param]:
    """The parameters of ``bot`` that tuning searches: its own, not the shared habits."""
    if bot not in BOTS:
        raise TuneError(f"unknown bot {bot!r} (the bots: {', '.join(sorted(BOTS))})")
    params = {name: spec for name, spec in BOTS[bot].params_spec().items() if name not in HABITS}
    if not params:
        raise TuneError(f"the {bot} bot has no parameters to tune")
    return params


def study_name(bot: str, against: Sequence[str], rounds: int) -> str:
    return f"{bot}-vs-{'+'.join(against)}-{rounds}-rounds"


def win_rate(bot: str, params: Mapping[str, object], against: Sequence[str], rounds: int, seed: int) -> tuple[int, int]:
    """Rounds won by ``bot`` (with ``params``) and rounds scored, against ``against`` at one table.

    Deals come in sets of one per seat rotation: each deal is played once with the tuned bot in
    every seat, so no one is favoured by the cards.
    """
    names = [bot, *against]
    players = len(names)
    won = scored = 0
    for game in range(rounds):
        deal, shift = divmod(game, players)
        seats = [(entry + shift) % players for entry in range(players)]
        bots: dict[int, Bot] = {}
        for entry, name in enumerate(names):
            bot_seed = random.Random(f"{seed}/{game}/{entry}").getrandbits(32)
            own: dict[str, Any] = dict(params) if entry == 0 else {}
            bots[seats[entry]] = make_bot(name, seed=bot_seed, **own)
        round_ = Round.deal(players, dealer=0, seed=random.Random(f"{seed}/deal/{deal}").getrandbits(64))
        driver = Driver(bots)
        for _ in range(MAX_ACTIONS_PER_ROUND):
            if round_.is_over:
                break
            step = driver.next_step(round_)
            assert step is not None
            round_.apply(step.action)
        if round_.winner is None:
            continue  # a stuck round is not scored (as in ``unokart sim``)
        scored += 1
        won += round_.winner == seats[0]
    return won, scored


def _optuna() -> Any:
    try:
        import optuna  # noqa: PLC0415 - an optional extra
    except ImportError:
        raise TuneError("unokart tune needs Optuna: pip install 'unokart-tui[tune]'") from None
    return optuna


def tune(
    bot: str,
    against: Sequence[str],
    *,
    trials: int,
    rounds: int,
    storage: str,
    seed: int = 0,
    profile_path: Path | None = None,
    progress: Callable[[int, int, float], None] | None = None,
    overwrite: bool = False,
) -> TuneResult:
    """Run the study up to ``trials`` trials (continuing one already stored) and write the profile
    (a profile already at ``profile_path`` only with ``overwrite``)."""
    specs = tunable(bot)
    for name in against:
        if name not in BOTS:
            raise TuneError(f"unknown bot {name!r} in --against (the bots: {', '.join(sorted(BOTS))})")
    if not 1 <= len(against) <= 9:
        raise TuneError(f"--against needs 1 to 9 bots, not {len(against)}")
    if not 0 <= seed <= MAX_SEED:
        raise BadRequest(f"--seed must be from 0 to {MAX_SEED:,}, not {seed:,}")
    if profile_path is not None and not overwrite:
        check_new_profile(profile_path)  # before hours of trials, not after
    optuna = _optuna()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    name = study_name(bot, against, rounds)
    study = optuna.create_study(
        study_name=name,
        storage=open_storage(optuna, storage),
        direction="maximize",
        load_if_exists=True,
        sampler=optuna.samplers.TPESampler(seed=seed),
    )

    def objective(trial: Any) -> float:
        params: dict[str, float | int] = {}
        for key, spec in specs.items():
            if spec.is_int:
                params[key] = trial.suggest_int(key, int(spec.low), int(spec.high))
            else:
                params[key] = trial.suggest_float(key, float(spec.low), float(spec.high))
        won, scored = win_rate(bot, params, against, rounds, seed)
        return won / scored if scored else 0.0

    done = sum(1 for trial in study.trials if trial.state == optuna.trial.TrialState.COMPLETE)
    if done == 0:
        # The defaults are the first trial: the search starts from what the bot plays today.
        study.enqueue_trial({key: spec.default for key, spec in specs.items()})
    remaining = max(trials - done, 0)

    def report(study: Any, trial: Any) -> None:
        if progress is not None:
            finished = sum(1 for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE)
            progress(finished, trials, study.best_value)

    if remaining:
        study.optimize(objective, n_trials=remaining, callbacks=[report])
    best = dict(study.best_params)
    check_seed = seed + 1_000_003  # fresh deals: the best trial's own rate flatters it
    won, scored = win_rate(bot, best, against, rounds, check_seed)
    rate = won / scored if scored else 0.0
    interval = wilson(won, scored)
    result = TuneResult(
        study=name,
        trials=len(study.trials),
        best_params=best,
        best_trial_rate=float(study.best_value),
        rate=rate,
        interval=interval,
        rounds=scored,
        profile_path=profile_path,
    )
    if profile_path is not None:
        write_profile(profile_path, bot, against, result, overwrite=overwrite)
    return result


def open_storage(optuna: Any, url: str) -> Any:
    """The Optuna storage at ``url``, opened (and made, for a new SQLite file); ``BadRequest`` saying why not."""
    import sqlalchemy.exc  # noqa: PLC0415 - Optuna's own dependency, loaded with it

    try:
        return optuna.storages.get_storage(url)
    except ImportError:
        raise BadRequest("--storage names a database whose driver is not installed") from None
    except (ValueError, OSError, sqlalchemy.exc.SQLAlchemyError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise BadRequest(f"--storage cannot be used: {reason}") from None


def profile_text(bot: str, against: Sequence[str], result: TuneResult) -> str:
    low, high = result.interval
    lines = [
        f"# Tuned by `unokart tune {bot} --against {','.join(against)}` (study {result.study},",
        f"# {result.trials} trials). Measured again on {result.rounds:,} fresh rounds: {bot} wins",
        f"# {100 * result.rate:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%); its best trial had won"
        f" {100 * result.best_trial_rate:.1f}%.",
        f"[{bot}]",
    ]
    for key, value in sorted(result.best_params.items()):
        lines.append(f"{key} = {value!r}" if isinstance(value, int) else f"{key} = {round(float(value), 4)!r}")
    return "\n".join(lines) + "\n"


def check_new_profile(path: Path) -> None:
    """``BadRequest`` if ``path`` is taken: a profile is replaced only when asked to (``overwrite``)."""
    if os.path.lexists(path):
        raise BadRequest(f"the profile {path.stem!r} exists already ({path}): choose another --profile, or add --force")


def write_profile(path: Path, bot: str, against: Sequence[str], result: TuneResult, *, overwrite: bool = False) -> None:
    """Write the profile atomically (``unokart_tui.files.write_atomic``: no backup, as no setting has one).

    Without ``overwrite`` a profile that is there is kept (``BadRequest``), even one that appears
    while this writes; with it, only a regular file is replaced: never a link, nor what it leads to.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # 0o666: the umask gives it the permissions any new file of the player's has
        write_atomic(path, profile_text(bot, against, result), mode=0o666, exclusive=not overwrite)
    except FileExistsError:
        check_new_profile(path)
        raise
    except NotARegularFile:
        raise BadRequest(f"{path} is not a regular file: it is not replaced") from None
