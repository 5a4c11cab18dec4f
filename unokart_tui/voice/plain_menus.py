"""The sentences of line mode's title and menus (issue 33): the title, New game, Load and Settings as lines.

Each question says what Enter takes; a wrong answer is told why in one sentence. The words the player
types (``back``, ``help``, ``set``) are English, as line mode's table commands are.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import N_, NC_, _, ngettext, pgettext
from .names import shown_name
from .plain import listed

# ---------------------------------------------------------------------- what every page shares


def numbered(number: int, choice: str) -> str:
    """One entry of a numbered list: ``3. Load a saved match.``"""
    return _("{number}. {choice}").format(number=number, choice=choice)


def no_such_choice(answer: str, count: int) -> str:
    return _("There is no {answer} here: type a number from 1 to {count}, or help.").format(answer=answer, count=count)


def which_of(answer: str, choices: Sequence[str]) -> str:
    return _("{answer} could be {choices}: type more of it, or its number.").format(
        answer=answer, choices=listed(list(choices))
    )


def page_help() -> str:
    return _("Enter takes what the question offers; back returns to the title; help says this again.")


def yes_or_no() -> str:
    return _("Answer yes or no.")


def yes() -> str:
    return _("yes")


def no() -> str:
    return _("no")


# ---------------------------------------------------------------------- the title


def title_intro() -> str:
    return _("UNO Mario Kart in lines of text. Type a number or a word and press Enter; help explains.")


def continue_choice(name: str, round_number: int, scores: str) -> str:
    return _("Continue the last match, {name}: round {round}, {scores}.").format(
        name=name, round=round_number, scores=scores
    )


def nothing_to_continue_choice() -> str:
    """The title's first choice when no match is waiting: said, so that the numbers after it never move."""
    return _("Continue: no match is waiting yet.")


def nothing_to_continue(new_game: int) -> str:
    return _("No match is waiting to be continued: type {number} for a new game.").format(number=new_game)


def new_game_choice() -> str:
    return _("New game.")


def load_choice() -> str:
    return _("Load a saved match.")


def settings_choice() -> str:
    return _("Settings.")


def rules_choice() -> str:
    return _("Rules.")


def statistics_choice() -> str:
    return _("Statistics.")


def replay_choice() -> str:
    return _("Replay a match.")


def quit_choice() -> str:
    return _("Quit.")


def goodbye() -> str:
    return _("Goodbye: every match is saved.")


def title_question() -> str:
    return _("What now? Type a number or a word.")


def title_help() -> list[str]:
    return [
        _("Type the number of a choice, or a word of it: continue, new, load, settings, rules, stats, replay, quit."),
        _("Every question says what Enter takes. back returns to the title; help explains where you are."),
        _("In a match, quit saves it and returns here. The end of the input (Ctrl+D) saves and leaves."),
    ]


def match_left() -> str:
    return _("The match is saved: Continue on the title goes on with it.")


# ---------------------------------------------------------------------- New game


def new_game_intro() -> str:
    return _("New game. Answer each question, or press Enter to take what it offers; back returns to the title.")


def name_question(name: str) -> str:
    return _("Your name at the table? Enter for {name}.").format(name=shown_name(name))


def name_with_controls(characters: str) -> str:
    return _("Your name cannot hold control characters ({characters}).").format(characters=characters)


def name_too_long(most: int) -> str:
    return ngettext(
        "Your name can have at most {most} character.", "Your name can have at most {most} characters.", most
    ).format(most=most)


def opponents_question(most: int, count: int) -> str:
    return _("How many opponents, from 1 to {most}? Enter for {count}.").format(most=most, count=count)


def whole_number_from(low: int, high: int) -> str:
    return _("Answer a whole number from {low} to {high}.").format(low=low, high=high)


def personality_line(number: int, name: str, how: str) -> str:
    return _("{number}. {name}: {how}.").format(number=number, name=name, how=how)


def line_up_question(count: int, default: str) -> str:
    return ngettext(
        "Which opponent? A name or a number; name:difficulty gives its own difficulty. Enter for {line_up}.",
        "Which {count} opponents? Names or numbers, separated by commas; name:difficulty gives one its own "
        "difficulty. Enter for {line_up}.",
        count,
    ).format(count=count, line_up=default)


def wrong_line_up_count(count: int, given: int) -> str:
    return ngettext("Name {count} opponent, not {given}.", "Name {count} opponents, not {given}.", count).format(
        count=count, given=given
    )


def no_such_opponent(name: str, names: Sequence[str]) -> str:
    return _("There is no opponent {name}: the opponents are {names}.").format(name=name, names=listed(list(names)))


def no_such_difficulty(name: str, difficulty: str, choices: Sequence[str]) -> str:
    return _("{name} has no difficulty {difficulty}: choose {choices}.").format(
        name=name, difficulty=difficulty, choices=listed(list(choices))
    )


def difficulty_line(name: str, how: str) -> str:
    return _("{name}: {how}.").format(name=name, how=how)


def difficulty_question(choices: Sequence[str], default: str) -> str:
    return _("Difficulty of the opponents: {choices}? Enter for {default}.").format(
        choices=listed(list(choices)), default=default
    )


def target_question(default: int) -> str:
    return _("Target score: the first to reach it wins the match. Enter for {target}.").format(target=default)


def few_rounds_offer(rounds: str, target: int) -> str:
    return _("For {rounds}, answer {target}.").format(rounds=rounds, target=target)


def wrong_target() -> str:
    return _("The target must be a whole number from 1 to 100000.")


def official_line(number: int, name: str) -> str:
    return _("{number}. {preset}: no house rules.").format(number=number, preset=name)


def preset_line(number: int, name: str, rules: str) -> str:
    return _("{number}. {preset}: {rules}.").format(number=number, preset=name, rules=rules)


def rules_question(default: str) -> str:
    return _(
        "House rules: a preset's name or number, then any rule to change (party, jump in=false). Enter for {rules}."
    ).format(rules=default)


# Each house rule's name as line mode says it and the player types it (found in the playtest: a screen
# reader read "stack underscore draw underscore two"). Its id (``stack_draw_two``) is typed too.
HOUSE_RULE_NAMES = {
    "stack_draw_two": NC_("a house rule's name, typed", "stack draw two"),
    "stack_draw_four": NC_("a house rule's name, typed", "stack draw four"),
    "stack_cross": NC_("a house rule's name, typed", "stack across"),
    "seven_zero": NC_("a house rule's name, typed", "seven zero"),
    "jump_in": NC_("a house rule's name, typed", "jump in"),
    "draw_until_playable": NC_("a house rule's name, typed", "draw until playable"),
    "must_play_drawn": NC_("a house rule's name, typed", "must play drawn"),
    "banana": NC_("a house rule's name, typed", "banana"),
    "hand_size": NC_("a house rule's name, typed", "hand size"),
}


def house_rule_name(switch: str) -> str:
    """``jump_in`` as said and typed: *jump in*, in the player's language; an unknown switch as it is."""
    if switch not in HOUSE_RULE_NAMES:
        return switch
    return pgettext("a house rule's name, typed", HOUSE_RULE_NAMES[switch])


def switches_intro() -> str:
    return _("After the preset, any of these switches, separated by spaces (false turns one off):")


def switch_help(example: str, line: str) -> str:
    """``jump_in=true: Play the twin of the top card out of turn.``: a switch as typed, and what it does."""
    return _("{switch}: {what}").format(switch=example, what=line)


def seed_question() -> str:
    return pgettext(
        "seed: the number that deals a match", "Seed: the same seed deals the same match. Enter for a random deal."
    )


def wrong_seed() -> str:
    return pgettext("seed: the number that deals a match", "The seed must be a whole number, or empty.")


def new_game_summary(name: str, opponents: str, target: int, seed: int | None) -> str:
    """What is about to start, in a line: who plays against whom, to what score, which deal."""
    values = {"name": shown_name(name), "opponents": opponents, "target": target, "seed": seed}
    if seed is None:
        line = ngettext(
            "Starting: {name} against {opponents}, to {target} point, a random deal.",
            "Starting: {name} against {opponents}, to {target} points, a random deal.",
            target,
        )
    else:
        line = ngettext(
            "Starting: {name} against {opponents}, to {target} point, seed {seed}.",
            "Starting: {name} against {opponents}, to {target} points, seed {seed}.",
            target,
        )
    return line.format(**values)


def rules_summary(preset: str | None, rules: str) -> str:
    """The house rules of the match about to start: a preset's, or single ones (``rules``, their tags)."""
    if preset == "official":
        return _("Official rules: no house rules.")
    if preset is not None:
        return _("House rules: the {preset} preset ({rules}).").format(preset=preset, rules=rules)
    return _("House rules: {rules}.").format(rules=rules)


def opponent_with_difficulty(name: str, difficulty: str) -> str:
    return _("{name} ({difficulty})").format(name=name, difficulty=difficulty)


# ---------------------------------------------------------------------- Load


def no_saves() -> str:
    return _("No saved matches yet: start a new game.")


def save_line(
    number: int, name: str, *, when: str, players: int, round_number: int, rules: str | None, scores: str
) -> str:
    """A save as the Load list shows it; ``rules`` None: the save does not say (an old one)."""
    values = {
        "number": number,
        "name": name,
        "when": when,
        "count": players,
        "round": round_number,
        "rules": rules,
        "scores": scores,
    }
    if rules is None:
        line = ngettext(
            "{number}. {name}, played {when}: {count} player, round {round}; {scores}.",
            "{number}. {name}, played {when}: {count} players, round {round}; {scores}.",
            players,
        )
    elif rules == "official":
        line = ngettext(
            "{number}. {name}, played {when}: {count} player, round {round}, official rules; {scores}.",
            "{number}. {name}, played {when}: {count} players, round {round}, official rules; {scores}.",
            players,
        )
    else:
        line = ngettext(
            "{number}. {name}, played {when}: {count} player, round {round}, house rules {rules}; {scores}.",
            "{number}. {name}, played {when}: {count} players, round {round}, house rules {rules}; {scores}.",
            players,
        )
    return line.format(**values)


def save_over() -> str:
    return _("The match is over.")


def unreadable_save_line(number: int, name: str, when: str, problem: str) -> str:
    return _("{number}. {name}, changed {when}, cannot be read: {problem}").format(
        number=number, name=name, when=when, problem=problem
    )


def load_question() -> str:
    return _("Which save? Its number or its name; Enter returns to the title.")


def no_such_save(answer: str, count: int) -> str:
    return _("There is no save {answer}: type a number from 1 to {count}, or a name from the list.").format(
        answer=answer, count=count
    )


def backup_question(name: str, problem: str) -> str:
    return _("{name} cannot be read: {problem}. Its previous version, one move earlier, was kept: open it?").format(
        name=name, problem=problem
    )


# ---------------------------------------------------------------------- Settings


def settings_intro() -> str:
    return _(
        "Settings: type set, a setting and its value (set uno_helper on), or a setting's number; "
        "Enter returns to the title."
    )


def setting_line(number: int, label: str, name: str, value: str) -> str:
    return _("{number}. {setting} ({name}): {value}.").format(number=number, setting=label, name=name, value=value)


def setting_question(label: str, name: str, value: str, choices: str) -> str:
    line = _("{setting} ({name}) is {value}. Type {choices}; Enter keeps it.")
    return line.format(setting=label, name=name, value=value, choices=choices)


def name_setting_question(label: str, name: str, value: str) -> str:
    line = _("{setting} ({name}) is {value}. Type a new one; Enter keeps it.")
    return line.format(setting=label, name=name, value=value)


def setting_changed(label: str, name: str, value: str) -> str:
    return _("{setting} ({name}) is now {value}.").format(setting=label, name=name, value=value)


def no_such_setting(name: str, count: int) -> str:
    return _("There is no setting {name}: type a number from 1 to {count}, or a name from the list.").format(
        name=name, count=count
    )


def wrong_setting_value(value: str, name: str, choices: str) -> str:
    return _("{value} is not a choice for {name}: type {choices}.").format(value=value, name=name, choices=choices)


def theme_not_here() -> str:
    return _("The theme is chosen in the full-screen game's settings: line mode has no colours.")


def settings_not_saved(problem: str) -> str:
    return _("{problem} The change holds until you quit.").format(problem=problem)


def settings_help() -> list[str]:
    return [
        _("set and a setting's name or number, then its value: set 1 on, set language nl, set player name Ann."),
        _("A setting's number alone asks for its value. Enter, back or quit returns to the title."),
    ]


# Each setting as line mode lists it, in the order it lists them: what matters at a line-mode table first.
SETTING_LABELS = {
    "line_mode": N_("Line mode: start as lines of text, for screen readers"),
    "player_name": N_("Your name at the table"),
    "language": N_("Language"),
    "uno_helper": N_("UNO helper: say UNO for me"),
    "undo": N_("Undo against bots: take back your last move"),
    "bot_speed": N_("Bot speed at the full-screen table"),
    "glyphs": N_("Card symbols at the full-screen table"),
    "guide": N_("First-game guide at the full-screen table"),
    "reduce_motion": N_("Reduce motion: cards do not move across the full-screen table"),
    "confirm_quit": N_("Ask before leaving a match at the full-screen table"),
    "theme": N_("Theme of the full-screen game"),
}
# Each setting's name as line mode says it and the player types it (found in the playtest: a screen reader
# read "uno underscore helper"). The id (``uno_helper``) is typed too: the full-screen game's ``set`` takes it.
SETTING_NAMES = {
    "line_mode": NC_("a setting's name, typed", "line mode"),
    "player_name": NC_("a setting's name, typed", "player name"),
    "language": NC_("a setting's name, typed", "language"),
    "uno_helper": NC_("a setting's name, typed", "uno helper"),
    "undo": NC_("a setting's name, typed", "undo"),
    "bot_speed": NC_("a setting's name, typed", "bot speed"),
    "glyphs": NC_("a setting's name, typed", "card symbols"),
    "guide": NC_("a setting's name, typed", "guide"),
    "reduce_motion": NC_("a setting's name, typed", "reduce motion"),
    "confirm_quit": NC_("a setting's name, typed", "confirm quit"),
    "theme": NC_("a setting's name, typed", "theme"),
}


def setting_name(field: str) -> str:
    """``uno_helper`` as said and typed: *uno helper*, in the player's language."""
    return pgettext("a setting's name, typed", SETTING_NAMES[field])


GLYPH_WORDS = {
    "auto": N_("automatic"),
    "unicode": N_("Unicode symbols"),
    "ascii": N_("plain ASCII"),
}


def on() -> str:
    return _("on")


def off() -> str:
    return _("off")


def automatic() -> str:
    return _("automatic")


def name_not_set(name: str) -> str:
    return _("not set (New game offers {name})").format(name=shown_name(name))
