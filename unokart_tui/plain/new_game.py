"""New game in line mode: the full-screen form's choices as one question each, with what Enter takes.

Your name, how many opponents, which ones (each a personality, with a difficulty of its own if
wanted), the difficulty of the rest, the target with how long such a match usually lasts, the house
rules (a preset, then single switches) and the seed. A wrong answer says why in one line and the
question comes again; the answers of the last game started here are offered again.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..defaults import LINE_UP, MAX_NAME, MAX_OPPONENTS, TARGET
from ..engine import SWITCHES, HouseRules
from ..history.match_length import FEW_ROUNDS, length_sentence, offered_target, rounds_words, usual_rounds
from ..printable import control_characters, printable
from ..rules_text import house_rule_words, house_rules_tag
from ..table.lineup import DIFFICULTY, default_difficulty, difficulties, personalities
from ..table.presets import PresetError, build_rules, list_presets, load_preset
from ..voice import plain_menus as words
from ..voice.names import difficulty_name, personality_name, preset_name
from .asking import Choice, Wrong, ask, folded, pick
from .lines import Lines

MAX_TARGET = 100_000  # as the full-screen form


@dataclass(frozen=True)
class NewGame:
    """A new match as asked for: the player's name, the opponents and each one's difficulty, target, seed, rules."""

    name: str
    bots: tuple[str, ...]
    profiles: tuple[str | None, ...]
    target: int
    seed: int | None
    rules: HouseRules = HouseRules()  # noqa: RUF009 - immutable, a value like the others


def ask_new_game(lines: Lines, player_name: str, last: NewGame | None = None) -> NewGame:
    """The new game the person asks for, question by question; ``last``'s answers are offered again.

    Raises ``Leave`` for ``back``, ``InputEnded`` at the end of the input.
    """
    lines.say(words.new_game_intro())
    name = ask_name(lines, last.name if last is not None else player_name)
    count = ask_count(lines, len(last.bots) if last is not None else len(LINE_UP))
    bots, own = ask_line_up(lines, count, last)
    profiles = ask_difficulty(lines, bots, own, last)
    target = ask_target(lines, count + 1, last.target if last is not None else TARGET)
    rules = ask_rules(lines, last.rules if last is not None else HouseRules())
    seed = ask_seed(lines)
    game = NewGame(name, bots, profiles, target, seed, rules)
    lines.say(printable(summary(game)))
    return game


def summary(game: NewGame) -> str:
    """What is about to start, in one line."""
    opponents = ", ".join(
        personality_name(personality)
        if profile in (None, default_difficulty(personality))
        else words.opponent_with_difficulty(personality_name(personality), difficulty_name(profile))
        for personality, profile in zip(game.bots, game.profiles, strict=True)
    )
    preset = game.rules.preset_name
    shown = preset if preset in (None, "official") else preset_name(preset)
    rules = words.rules_summary(shown, rules_tags(game.rules))
    return f"{words.new_game_summary(game.name, opponents, game.target, game.seed)} {rules}"


# ---------------------------------------------------------------------- the questions


def ask_name(lines: Lines, default: str) -> str:
    def read(answer: str) -> str | Wrong:
        name = answer.strip() or default
        if control_characters(name):
            return Wrong(words.name_with_controls(" ".join(control_characters(name))))
        if len(name) > MAX_NAME:
            return Wrong(words.name_too_long(MAX_NAME))
        return name

    return ask(lines, printable(words.name_question(default)), read)


def ask_count(lines: Lines, default: int) -> int:
    def read(answer: str) -> int | Wrong:
        if not answer:
            return default
        if answer.isdecimal() and 1 <= int(answer) <= MAX_OPPONENTS:
            return int(answer)
        return Wrong(words.whole_number_from(1, MAX_OPPONENTS))

    return ask(lines, words.opponents_question(MAX_OPPONENTS, default), read)


def default_line_up(count: int, last: NewGame | None) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The last line-up if it had as many opponents, else the default one's personalities, repeated."""
    if last is not None and len(last.bots) == count:
        shared = len(set(last.profiles)) == 1
        return last.bots, (None,) * count if shared else last.profiles
    return tuple(itertools.islice(itertools.cycle(LINE_UP), count)), (None,) * count


def ask_line_up(lines: Lines, count: int, last: NewGame | None) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The opponents' personalities, and the difficulty each was given in its answer (None: the table's)."""
    how = personalities()
    kinds = [
        Choice(name, personality_name(name), folded(name, personality_name(name), name.replace("-", " ")))
        for name in how
    ]
    for number, (name, line) in enumerate(how.items(), start=1):
        lines.say(words.personality_line(number, personality_name(name), line))
    default = default_line_up(count, last)
    shown = ", ".join(
        personality_name(kind) if profile is None else f"{personality_name(kind)}:{difficulty_name(profile)}"
        for kind, profile in zip(*default, strict=True)
    )

    def read(answer: str) -> tuple[tuple[str, ...], tuple[str | None, ...]] | Wrong:
        if not answer:
            return default
        # Commas part the names when there is one: "random, greedy, item hoarder" (found in the playtest)
        parts = [part.strip() for part in re.split(r"," if "," in answer else r"\s+", answer) if part.strip()]
        if len(parts) != count:
            return Wrong(words.wrong_line_up_count(count, len(parts)))
        bots: list[str] = []
        own: list[str | None] = []
        for part in parts:
            kind_text, _colon, level_text = part.partition(":")
            kind = pick(kind_text.strip(), kinds, words.no_such_opponent(kind_text, [choice.name for choice in kinds]))
            if isinstance(kind, Wrong):
                return kind
            level: str | None = None
            if level_text:
                levels = list(difficulties(kind))
                found = pick(level_text.strip(), difficulty_choices(levels), "")
                if isinstance(found, Wrong) or not levels:
                    shown_levels = [difficulty_name(level) for level in levels]
                    return Wrong(words.no_such_difficulty(personality_name(kind), level_text, shown_levels))
                level = found
            bots.append(kind)
            own.append(level)
        return tuple(bots), tuple(own)

    return ask(lines, words.line_up_question(count, shown), read)


def ask_difficulty(
    lines: Lines, bots: Sequence[str], own: Sequence[str | None], last: NewGame | None
) -> tuple[str | None, ...]:
    """Each opponent's difficulty: its own, or the one asked here for those without one."""
    if all(level is not None for level in own):
        return tuple(own)
    levels: dict[str, str] = {}
    for kind, level in zip(bots, own, strict=True):
        if level is None:
            for name, line in difficulties(kind).items():
                levels.setdefault(name, line)
    if not levels:  # bots with no profile at all (a third party's): nothing to ask
        return tuple(own)
    for name, line in levels.items():
        lines.say(words.difficulty_line(difficulty_name(name), line))
    shared = {profile for profile in last.profiles} if last is not None else set()
    default = next(iter(shared)) if len(shared) == 1 and next(iter(shared)) in levels else None
    default = default or (DIFFICULTY if DIFFICULTY in levels else next(iter(levels)))
    choices = difficulty_choices(list(levels))

    def read(answer: str) -> str | Wrong:
        if not answer:
            return default
        return pick(answer, choices)

    question = words.difficulty_question([difficulty_name(level) for level in levels], difficulty_name(default))
    chosen = ask(lines, question, read)
    return tuple(
        level if level is not None else (chosen if chosen in difficulties(kind) else default_difficulty(kind) or None)
        for kind, level in zip(bots, own, strict=True)
    )


def difficulty_choices(levels: Sequence[str]) -> list[Choice[str]]:
    """Difficulties typed by their id or their name in the player's language (``hard``, *ťažká*)."""
    return [Choice(level, difficulty_name(level), folded(level, difficulty_name(level))) for level in levels]


def ask_target(lines: Lines, players: int, default: int) -> int:
    """The target, with how long a match to it usually lasts at this table, and a target for a few rounds."""
    length = length_sentence(players, default)
    if length:
        lines.say(length)
    offered = offered_target(players, default)
    if offered is not None:
        lines.say(words.few_rounds_offer(rounds_words(usual_rounds(players, offered) or FEW_ROUNDS), offered))

    def read(answer: str) -> int | Wrong:
        if not answer:
            return default
        if answer.isdecimal() and 1 <= int(answer) <= MAX_TARGET:
            return int(answer)
        return Wrong(words.wrong_target())

    target = ask(lines, words.target_question(default), read)
    if target != default and (length := length_sentence(players, target)):
        lines.say(length)
    return target


def rules_tags(rules: HouseRules) -> str:
    """The switches that are on, as they are typed (found in the playtest: "draw till" for draw_until_playable),
    in words (found in the next: ``stack_draw_two`` read as "stack underscore draw underscore two")."""
    return ", ".join(
        words.house_rule_name(switch) if value is True else f"{words.house_rule_name(switch)}={value}"
        for switch, value in rules.enabled().items()
    )


def switch_ids(answer: str) -> str:
    """``answer`` with each house rule typed in words as its id: ``party, jump in=false`` → ``party jump_in=false``."""
    names = {name: switch for switch in SWITCHES for name in (switch, words.HOUSE_RULE_NAMES.get(switch, switch))}
    names |= {words.house_rule_name(switch): switch for switch in SWITCHES}
    for name in sorted(names, key=len, reverse=True):
        pattern = r"(?<![\w-])" + r"\s+".join(re.escape(word) for word in name.split()) + r"(?![\w-])"
        answer = re.sub(pattern, names[name], answer, flags=re.IGNORECASE)
    # A rule's value in the player's words too (found in a Slovak playtest: "skok do hry=nie" was refused).
    values = {word.casefold(): "true" for word in (words.on(), words.yes())}
    values |= {word.casefold(): "false" for word in (words.off(), words.no())}
    answer = re.sub(r"=\s*([^\s,=]+)", lambda found: "=" + values.get(found[1].casefold(), found[1]), answer)
    return " ".join(answer.replace(",", " ").split())


def ask_rules(lines: Lines, default: HouseRules) -> HouseRules:
    """A preset by its name or number, then any ``switch=value`` to change: ``party jump_in=false``."""
    presets = list_presets()
    for number, name in enumerate(presets, start=1):
        try:
            rules = load_preset(name)
        except PresetError as error:  # a player's own preset that cannot be read: listed with why
            lines.say(words.preset_line(number, name, printable(error)))
            continue
        if rules.is_official:
            lines.say(words.official_line(number, preset_name(name)))
        else:
            lines.say(words.preset_line(number, preset_name(name), rules_tags(rules)))
    choices = [Choice(name, preset_name(name), folded(name, preset_name(name))) for name in presets]

    def read(answer: str) -> HouseRules | Wrong:
        if not answer:
            return default
        first, *rest = switch_ids(answer).split()
        preset: str | None = None
        if "=" not in first:
            chosen = pick(first, choices)
            if isinstance(chosen, Wrong):
                return chosen
            preset = chosen
        else:
            rest = [first, *rest]
        rest = [switch if "=" in switch else f"{switch}=true" for switch in rest]  # "party seven zero": on
        try:
            return build_rules(preset, rest)
        except PresetError as error:
            return Wrong(str(error))

    return ask(lines, words.rules_question(house_rules_tag(default)), read, helping=switches_help())


# A switch as the help shows it switched on: a value other than the rules' own.
SWITCHED_ON: dict[str, object] = {"banana": "last-turn", "hand_size": 8}


def switches_help() -> list[str]:
    """What ``help`` says at the house-rules question: each switch as typed, with what it does."""
    lines = [words.page_help(), words.switches_intro()]
    for switch in SWITCHES:
        value = SWITCHED_ON.get(switch, True)
        typed = str(value).lower() if isinstance(value, bool) else str(value)
        lines.append(
            words.switch_help(
                f"{words.house_rule_name(switch)}={typed}", house_rule_words(switch, value, line_mode=True).line
            )
        )
    return lines


def ask_seed(lines: Lines) -> int | None:
    def read(answer: str) -> int | Wrong | None:
        if not answer:
            return None
        try:
            return int(answer)
        except ValueError:
            return Wrong(words.wrong_seed())

    return ask(lines, words.seed_question(), read)
