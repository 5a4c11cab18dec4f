"""The sentences of line mode's pages (issue 33): the rules, the statistics and a replay, read line by line.

Each page lists its commands, typed words as at the table (``voice/plain.py``); a figure is said as
a sentence, its count through ``ngettext``.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import _, ngettext

# ---------------------------------------------------------------------- every page


def unknown_command(word: str) -> str:
    return _("There is no command {word} on this page: type help for its commands, back to leave.").format(word=word)


def which_number(count: int) -> str:
    return ngettext("There is only one: type 1.", "Type a number from 1 to {count}.", count).format(count=count)


# ---------------------------------------------------------------------- the rules


def rules_opened(count: int) -> str:
    return ngettext("The rules, in {count} section:", "The rules, in {count} sections:", count).format(count=count)


def section_item(number: int, title: str) -> str:
    return _("{number}. {title}").format(number=number, title=title)


def rules_prompt() -> str:
    return _("Type a section's number or name to read it, or next; help for the commands, back to leave.")


def rules_help() -> list[str]:
    return [
        _("A number or a name, such as 3 or UNO: read that section."),
        _("next, or Enter: the next section. previous: the section before."),
        _("find and a word, such as find Banana: the sections that mention it."),
        _("contents: the list of sections again."),
        _("back: leave the rules."),
    ]


def section_heading(number: int, count: int, title: str) -> str:
    return _("Section {number} of {count}: {title}.").format(number=number, count=count, title=title)


def table_cell(label: str, value: str) -> str:
    """One cell of a table of the rules, with its column's name: ``item: Mushroom``."""
    return _("{label}: {value}").format(label=label, value=value)


def table_row(cells: Sequence[str]) -> str:
    """A row of a table of the rules as one line: its cells, each with its column's name."""
    return _("{cells}.").format(cells="; ".join(cells))


def rule_ids(ids: Sequence[str]) -> str:
    return _("In the full rules: {ids}.").format(ids=", ".join(ids))


def full_rules_title() -> str:
    return _("The full rules")


def full_rules_lines() -> list[str]:
    """What the full rules (docs/rules.md) tell that the sections before leave out, told here: found in the
    playtest, the section sent a player who reads the game in lines to a file outside it."""
    return [
        _("The full rules give each rule of this game an id, a letter and a number."),
        _("Each section here ends with the ids of the rules it sums up; type find and an id (find T3) for it."),
        _("This section tells the rules the others leave out."),
        _(
            "K1: each of the four colours has 25 cards: one 0, two of each number from 1 to 9, and two each of "
            "Draw Two, Skip and Reverse."
        ),
        _("K2: twelve wild cards complete the deck: four Wild Draw Four and eight Wild Item Box, 112 cards in all."),
        _(
            "K5: a card's code is its colour's letter and its rank: R7, GS for a Skip, B<> for a Reverse, Y+2 for a "
            "Draw Two, W+4 for a Wild Draw Four, W? for a Wild Item Box."
        ),
        _("D1: a match has from 2 to 10 players."),
        _(
            "D4: the first card turned is never a Wild Draw Four: one goes back into the pile, the pile is "
            "shuffled and the next card is turned."
        ),
        _("D5: when the first card is a Wild Item Box, the dealer names the colour; its item does not go off."),
        _("D6: when the first card is a Reverse, the dealer plays first and play goes the other way."),
        _("D7: when the first card is a Draw Two, the player after the dealer draws two and misses the turn."),
        _("D8: when the first card is a Skip, the player after the dealer is skipped."),
        _("D9: with any other first card, the player after the dealer starts."),
    ]


def last_section() -> str:
    return _("That was the last section: type contents for the list, back to leave.")


def first_section() -> str:
    return _("This is the first section: type next for the one after it.")


def no_such_section(text: str) -> str:
    return _("No section is called {text}: type contents for the list.").format(text=text)


def several_sections(text: str, titles: Sequence[str]) -> str:
    return _("Several sections are called {text}: {sections}. Type a number.").format(
        text=text, sections=", ".join(titles)
    )


def find_what() -> str:
    return _("Say what to find: find and a word, such as find Banana.")


def found_in(word: str, titles: Sequence[str]) -> str:
    if not titles:
        return _("No section mentions {word}.").format(word=word)
    return ngettext(
        "{word} is in {count} section: {sections}.", "{word} is in {count} sections: {sections}.", len(titles)
    ).format(word=word, count=len(titles), sections=", ".join(titles))


# ---------------------------------------------------------------------- statistics


def stats_title() -> str:
    return _("Your statistics.")


def stats_prompt() -> str:
    return _("Type matches for your finished matches, bots for how you did against each bot; help, back.")


def stats_help() -> list[str]:
    return [
        _("totals: your figures again."),
        _("matches: your finished matches, the latest first, one line each."),
        _("replay and a number, such as replay 1: step through that match."),
        _("bots: how you did against each bot personality and difficulty, and how each bot played."),
        _("back: leave your statistics."),
    ]


def matches_line(count: int, won: int, rate: str) -> str:
    return ngettext(
        "You finished {count} match and won {won} ({rate}).",
        "You finished {count} matches and won {won} ({rate}).",
        count,
    ).format(count=count, won=won, rate=rate)


def rounds_line(count: int, won: int, rate: str) -> str:
    return ngettext(
        "You finished {count} round and won {won} ({rate}).",
        "You finished {count} rounds and won {won} ({rate}).",
        count,
    ).format(count=count, won=won, rate=rate)


def points_line(points: float | None) -> str:
    if points is None:
        return _("You have not won a round yet.")
    return _("You scored {points} points a round won, on average.").format(points=f"{points:.0f}")


def streak_now(current: int) -> str:
    if current > 0:
        return ngettext("You won your last match.", "You won your last {count} matches in a row.", current).format(
            count=current
        )
    return ngettext("You lost your last match.", "You lost your last {count} matches in a row.", -current).format(
        count=-current
    )


def longest_streaks(wins: int, losses: int) -> str:
    won = ngettext("{count} match", "{count} matches", wins).format(count=wins)
    lost = ngettext("{count} match", "{count} matches", losses).format(count=losses)
    return _("Your longest run of wins: {won}; of losses: {lost}.").format(won=won, lost=lost)


def match_result(mine: int, theirs: int, *, won: bool) -> str:
    """The scores in words: the screen's "lost 227–602" is read aloud as "227 en dash 602"."""
    if won:
        return _("won {mine} to {theirs}").format(mine=mine, theirs=theirs)
    return _("lost {mine} to {theirs}").format(mine=mine, theirs=theirs)


def match_named(kind: str, result: str, opponents: str) -> str:
    """``kind``: "only" (a single match), "best", "closest loss", "narrowest win" or "worst"."""
    values = {"result": result, "opponents": opponents}
    if kind == "only":
        return _("Your match: {result} against {opponents}.").format(**values)
    if kind == "best":
        return _("Your best match: {result} against {opponents}.").format(**values)
    if kind == "closest loss":
        return _("Your closest loss: {result} against {opponents}.").format(**values)
    if kind == "narrowest win":
        return _("Your narrowest win: {result} against {opponents}.").format(**values)
    return _("Your worst match: {result} against {opponents}.").format(**values)


def challenges_line(made: int, won: int) -> str:
    if not made:
        return _("You have not challenged a Wild Draw Four in a finished round yet.")
    return ngettext(
        "You challenged {count} Wild Draw Four and won {won}.",
        "You challenged {count} Wild Draw Fours and won {won}.",
        made,
    ).format(count=made, won=won)


def uno_lines(caught: int, caught_out: int, forgot: int) -> list[str]:
    return [
        ngettext("You caught {count} player without UNO.", "You caught {count} players without UNO.", caught).format(
            count=caught
        ),
        ngettext(
            "You were caught without UNO {count} time.", "You were caught without UNO {count} times.", caught_out
        ).format(count=caught_out),
        ngettext("You forgot UNO {count} time.", "You forgot UNO {count} times.", forgot).format(count=forgot),
    ]


def drawn_because(reason: str, cards: int) -> str:
    return ngettext("{reason}: {count} card", "{reason}: {count} cards", cards).format(reason=reason, count=cards)


def drawn_line(reasons: Sequence[str]) -> str:
    if not reasons:
        return _("No item has made you draw a card yet.")
    return _("What made you draw: {reasons}.").format(reasons=", ".join(reasons))


def undos_line(count: int) -> str:
    return ngettext("You took back {count} move.", "You took back {count} moves.", count).format(count=count)


def hints_line(count: int) -> str:
    return ngettext("You asked for {count} hint.", "You asked for {count} hints.", count).format(count=count)


def win_rate_line(rates: Sequence[str]) -> str:
    return ngettext(
        "Your win rate after your last finished match: {rates}.",
        "Your win rate after each of your last {count} finished matches, the oldest first: {rates}.",
        len(rates),
    ).format(count=len(rates), rates=", ".join(rates))


def finished_title(count: int) -> str:
    return ngettext(
        "{count} finished match, the latest first:", "{count} finished matches, the latest first:", count
    ).format(count=count)


def finished_line(number: int, *, when: str, result: str, opponents: str, rounds: int, save: str) -> str:
    values = {"number": number, "when": when, "result": result, "opponents": opponents, "count": rounds, "save": save}
    return ngettext(
        "{number}. {when}: {result} against {opponents}, in {count} round; saved as {save}.",
        "{number}. {when}: {result} against {opponents}, in {count} rounds; saved as {save}.",
        rounds,
    ).format(**values)


def no_finished_match() -> str:
    return _("You have not finished a match yet.")


def no_bot_yet() -> str:
    return _("You have not played a bot in a finished round yet.")


def versus_line(name: str, matches: int, won: int, rate: str) -> str:
    return ngettext(
        "Against {name}: you won {won} of {count} match ({rate}).",
        "Against {name}: you won {won} of {count} matches ({rate}).",
        matches,
    ).format(name=name, won=won, count=matches, rate=rate)


def difficulty_line(name: str, matches: int, won: int, rate: str) -> str:
    return ngettext(
        "At difficulty {name}: you won {won} of {count} match ({rate}).",
        "At difficulty {name}: you won {won} of {count} matches ({rate}).",
        matches,
    ).format(name=name, won=won, count=matches, rate=rate)


def how_they_played() -> str:
    return _("How each bot played, over every seat it took:")


def bot_lines(
    name: str, *, rounds: int, rounds_won: int, matches_won: int, made: int, won: int, catches: int
) -> list[str]:
    return [
        ngettext(
            "{name} played {count} round and won {won}.", "{name} played {count} rounds and won {won}.", rounds
        ).format(name=name, count=rounds, won=rounds_won),
        ngettext(
            "{name} won {count} match against you.", "{name} won {count} matches against you.", matches_won
        ).format(name=name, count=matches_won),
        ngettext(
            "{name} challenged {count} time and won {won}.", "{name} challenged {count} times and won {won}.", made
        ).format(name=name, count=made, won=won),
        ngettext(
            "{name} caught {count} player without UNO.", "{name} caught {count} players without UNO.", catches
        ).format(name=name, count=catches),
    ]


def no_match_numbered(count: int) -> str:
    if not count:
        return _("There is no finished match to replay yet.")
    return which_number(count)


def cannot_read(problem: str) -> str:
    return _("Your statistics cannot be read: {problem}").format(problem=problem)


# ---------------------------------------------------------------------- replays: choosing a save


def no_saves() -> str:
    return _("No saved matches yet. Start one with: unokart new")


def saves_title(count: int) -> str:
    return ngettext("{count} saved match:", "{count} saved matches:", count).format(count=count)


def save_line(number: int, name: str, *, finished: bool, round_number: int, played: str, scores: str) -> str:
    values = {"number": number, "name": name, "round": round_number, "played": played, "scores": scores}
    if finished:
        return _("{number}. {name}: finished in round {round}, last played {played}; {scores}.").format(**values)
    return _("{number}. {name}: in round {round}, last played {played}; {scores}.").format(**values)


def unreadable_save_line(number: int, name: str, problem: str) -> str:
    return _("{number}. {name}: cannot be read: {problem}").format(number=number, name=name, problem=problem)


def saves_prompt() -> str:
    return _("Type a match's number or name to replay it; back to leave.")


def saves_help() -> list[str]:
    return [
        _("A number or a name: replay that match."),
        _("list: the saved matches again."),
        _("back: leave."),
    ]


def no_such_save(text: str) -> str:
    return _("No saved match is called {text}: type list for them.").format(text=text)


# ---------------------------------------------------------------------- replays: stepping through


def replay_opened(name: str, *, reveal: bool, with_friends: bool = False) -> str:
    if with_friends:  # issue 31: the friends' hands were theirs alone, over or not
        return _("Replay of {name}, as you saw it: it was played with friends, whose hands were theirs.").format(
            name=name
        )
    if reveal:
        return _("Replay of {name}. The match is over, so every hand may be read.").format(name=name)
    return _("Replay of {name}, as you saw it: the match is not over.").format(name=name)


def replay_length(moves: int, rounds: int) -> str:
    in_rounds = ngettext("{count} round", "{count} rounds", rounds).format(count=rounds)
    return ngettext("{count} move in {rounds}.", "{count} moves in {rounds}.", moves).format(
        count=moves, rounds=in_rounds
    )


def replay_prompt() -> str:
    return _("Press Enter or type next for the next move; help for the commands, back to leave.")


def replay_help() -> list[str]:
    return [
        _("next, or Enter: the next move. next 10: the next ten moves, each read."),
        _("previous: one move back. previous 10: ten moves back."),
        _("round 3: the deal of round 3. move 120: the match after move 120. start, end: the first deal, the end."),
        _("where: the round, the move, the table and the scores. hands: the hands, as the replay shows them."),
        _("back: leave the replay."),
    ]


def nothing_moved() -> str:
    return _("No move happens at this point.")


def at_the_end(*, over: bool) -> str:
    if over:
        return _("That was the last move: the match is over.")
    return _("That was the last move saved: the match stands here.")


def at_the_start() -> str:
    return _("This is the first deal: there is no move before it.")


def went_back(move: int) -> str:
    return _("Back to move {move}. What led here:").format(move=move)


def which_round(count: int) -> str:
    return ngettext(
        "Say which round: the match has {count} round, so type round 1.",
        "Say which round: round and a number from 1 to {count}.",
        count,
    ).format(count=count)


def which_move(count: int) -> str:
    return _("Say which move: move and a number from 0 to {count}.").format(count=count)


def how_many() -> str:
    return _("Say how many moves with a number, such as next 10.")


def where_line(round_number: int, rounds: int, move: int, moves: int) -> str:
    return _("Round {round} of {rounds}, after move {move} of {moves}.").format(
        round=round_number, rounds=rounds, move=move, moves=moves
    )


def hand_of(name: str, cards: Sequence[str], *, you: bool) -> str:
    if not cards:
        return _("You hold no card.") if you else _("{name} holds no card.").format(name=name)
    values = {"name": name, "count": len(cards), "cards": ", ".join(cards)}
    if you:
        return ngettext("Your hand, {count} card: {cards}.", "Your hand, {count} cards: {cards}.", len(cards)).format(
            **values
        )
    return ngettext(
        "{name}'s hand, {count} card: {cards}.", "{name}'s hand, {count} cards: {cards}.", len(cards)
    ).format(**values)


def hands_hidden() -> str:
    return _("The other hands are read only in the replay of a finished match, as on the screen.")


def friends_hands_hidden() -> str:
    return _("The other hands were your friends' own: this replay shows only yours, as at the table.")
