"""The table in line mode: the controller's messages written as lines, typed commands turned into intentions.

Time is measured in commands (issue 33): the bots play at once, each move a line; a chance the
table gives the player (catching a forgotten UNO, saying their own late, jumping in) lasts until
their next command that does something, and the bots wait for it. A command that reads (``hand``,
``moves``…) or that is refused changes nothing, and lets no chance pass.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ..engine import Card, Color, Pass, Phase, Rank
from ..glyphs import WORDS
from ..printable import printable
from ..table import hinting
from ..table import messages as told
from ..table.controller import TableController
from ..table.pacing import Pace
from ..table.session import HUMAN, Session
from ..table.tableview import hand_cards, jump_in
from ..voice import plain as words
from .clock import CommandClock
from .commands import ALWAYS, COLOURS, Command, cards_named, find_card, find_colour, find_seat, parse
from .reading import table_lines

# Bots without delay; a chance lasts a "second" of the command clock, which moves on only past
# a chance the player's command has let go (``settle``); banners are not shown (the log says it).
LINE_PACE = Pace(bot_delay=0, catch_window=1.0, jump_window=1.0, banner_seconds=None, save_retry=2.0)
COMMAND_SECONDS = 10.0  # what a command "takes": more than the table's memory of a refusal
LOG_AGAIN = 12  # the lines ``log`` reads again
# The commands after which a Wild Draw Four's colour is no longer asked: the seat chose to do something else.
LEAVE_THE_COLOUR = frozenset({"play", "draw", "keep", "accept", "challenge", "undo", "next"})

# The readers after which the chance open is said again: its line has scrolled out of sight.
WAITING_READERS = frozenset({"hand", "table", "score", "log"})
QUESTIONS = frozenset({Phase.CHOOSE_COLOR, Phase.CHOOSE_TARGET, Phase.CHALLENGE})

Chance = tuple[object, ...]


class LineTable:
    """One seat's table, read and played as lines. ``write`` gets each line without its newline."""

    def __init__(
        self,
        session: Session,
        write: Callable[[str], None],
        *,
        deal_again: str = "",
        uno_helper: bool = False,
        undo: bool = True,
    ) -> None:
        """``uno_helper``, ``undo``: the player's settings, as at the full-screen table."""
        self.session = session
        self._write = write
        self.clock = CommandClock()
        self.controller = TableController(
            session, self, clock=self.clock, pace=LINE_PACE, deal_again=deal_again, glyphs=WORDS, short_log=True,
            uno_helper=uno_helper, undo=undo,
        )  # fmt: skip
        self.log_lines: deque[str] = deque(maxlen=LOG_AGAIN)
        self.asked: told.Message | None = None  # the last question put to the seat
        self.wild_four: Card | None = None  # the Wild Draw Four whose colour is being asked
        self.advised_colour: Color | None = None  # the hint's colour for it: Enter alone takes it
        self.colour_asked = ""  # its question, said again after a line that does not answer it
        self.round_over: told.RoundOver | None = None
        self.over = False  # the match has ended
        self._announced: tuple[object, ...] | None = None  # the decision last announced
        self._chance_told: Chance | None = None
        self._recalled: list[str] | None = None  # a resumed match's last moves, kept for ``log``, not read out
        self._save_problem: str | None = None  # why saving fails, once said
        self._opened_over = False  # a finished match, opened: the welcome says it is over

    # ------------------------------------------------------------------ the controller's front end

    def say(self, text: str) -> None:
        for line in text.splitlines() or [""]:
            self._write(printable(words.words_only(line)))

    def receive(self, message: told.Message) -> None:
        match message:
            case told.Logged(logged):
                self.log_lines.append(logged.text)
                if self._recalled is None:
                    self.say(logged.text)
                else:
                    self._recalled.append(logged.text)
            case told.LogUndone(count):
                kept = list(self.log_lines)
                cut = max(len(kept) - count, 0)
                self.log_lines = deque(kept[:cut] + [words.undone_line(line) for line in kept[cut:]], maxlen=LOG_AGAIN)
            case told.Notice(text):
                self.say(text)
            case told.SaveProblem(summary, problem) if summary is not None:
                # Sent after every action while saving fails: said once for each problem, not after each move.
                if problem != self._save_problem:
                    self.say(f"{summary} {problem}".strip())
                self._save_problem = problem
            case told.SaveProblem():
                self._save_problem = None  # saving works again (its notice says so)
            case told.AskColour(reason, advised, card) if card is not None:
                self.wild_four, self.advised_colour = card, advised
                self.colour_asked = words.colour_question(reason, advised)
                self.say(self.colour_asked)
            case told.AskColour() | told.AskTarget() | told.AskChallenge():
                self.asked = message
            case told.HandRevealed():
                pass  # the log's line of the challenge names the hand (found in the playtest: said twice)
            case told.RoundOver(summary, _refusal):
                self.round_over = message
                for sentence in words.round_over_lines(summary.ending, summary.scores):
                    self.say(sentence)
            case told.MatchOver(summary, _race, _refusal):
                self.over = True
                said = words.match_over_lines(summary.scores)
                if self._opened_over:  # "Welcome back: this match is over." said it (found in the playtest: twice)
                    said = said[:1]
                for sentence in said:
                    self.say(sentence)
            case _:
                pass  # the state (read on demand), banners, hints on show, cards' flights: nothing to read

    def call_after_refresh(self, callback: Callable[[], None]) -> bool:
        self.clock.set_timer(0, callback)
        return True

    # ------------------------------------------------------------------ time in commands

    def start(self) -> None:
        self._recalled = []
        self._opened_over = self.session.match.is_over
        try:
            fresh = self.controller.open()
        finally:
            recalled, self._recalled = self._recalled, None
        if fresh:  # the seed, who sits where, the deal and the first card: the listener's first view of the table
            for line in recalled:
                self.say(line)
        else:  # found in play: a round of history (60 lines) read out before the prompt
            for line in recalled[-2:]:  # who plays, and the welcome back
                self.say(line)
            if not self.session.match.is_over:
                self.read_summary()
        self.controller.go()
        self.settle(None)
        self.announce()

    def close(self) -> None:
        self.controller.stop()
        self.session.close()

    def chance(self) -> Chance | None:
        """The chance open to the seat now: a forgotten UNO to catch or to say, or a twin to jump in with."""
        pacer = self.controller.pacer
        exposure = pacer.exposure
        if exposure is not None and not exposure.reacted:
            return ("exposed", exposure)
        match = self.session.match
        if pacer.jump_began is not None and jump_in(match, HUMAN) is not None:
            return ("jump", match.round_number, len(match.history[-1]))
        return None

    def settle(self, before: Chance | None, limit: int = 100_000) -> None:
        """Play goes on until the seat decides, a new chance opens, or the round ends; ``before``, the
        chance open before the seat's command, has passed with it."""
        for _ in range(limit):
            self.clock.run_due()
            if self.over or self.round_over is not None:
                return
            chance = self.chance()
            if chance is not None and chance != before:
                return
            if self.session.is_human_turn():
                return
            if not self.clock.advance():
                return
        raise RuntimeError("play never came back to the seat")

    def announce(self) -> None:
        """A new chance, and a new decision of the seat's, each said in one line."""
        if self.over or self.round_over is not None:
            return
        chance = self.chance()
        if chance is not None and chance != self._chance_told:
            self.say(self.chance_line(chance))
        self._chance_told = chance
        if not self.session.is_human_turn():
            return
        decision = (*self.session.decision(), self.session.view().phase, self.wild_four)
        if decision != self._announced:
            self._announced = decision
            line = self.turn_line()
            last = words.words_only(self.log_lines[-1]) if self.log_lines else ""
            if line and line != last:  # "+2 to you and nothing to stack: take them." said once
                self.say(line)

    def chance_line(self, chance: Chance) -> str:
        if chance[0] == "exposed":
            seat = self.session.match.round.exposed
            if seat == HUMAN or seat is None:
                return words.chance_to_say_uno()
            return words.chance_to_catch(self.session.names[seat])
        twin = jump_in(self.session.match, HUMAN)
        assert twin is not None
        return words.chance_to_jump(twin.card)

    def playable(self) -> list[Card]:
        """The seat's cards that can be played now, each once, in the order of the hand."""
        cards, playable, _drawn = hand_cards(self.session.match, HUMAN)
        found: list[Card] = []
        for place in sorted(playable):
            if cards[place] not in found:
                found.append(cards[place])
        return found

    def turn_line(self) -> str:
        """What the seat's decision is, and what it may do."""
        view = self.session.view()
        phase, asked = view.phase, self.asked
        if self.wild_four is not None:
            return ""  # its colour question was said when it was asked
        if phase is Phase.PLAY:
            return words.play_turn(self.playable(), hand=len(view.hand), top=view.top_card, colour=view.active_color)
        if phase is Phase.DRAWN and view.drawn is not None:
            return words.drawn_turn(view.drawn, may_keep=Pass() in self.session.match.legal_actions())
        if phase is Phase.STACK:
            return words.stack_turn(view.pending_draw, self.playable())
        if phase is Phase.CHOOSE_COLOR and isinstance(asked, told.AskColour):
            return words.colour_question(asked.reason, asked.advised)
        if phase is Phase.CHOOSE_TARGET and isinstance(asked, told.AskTarget):
            targets = [(name, cards) for _seat, name, cards in asked.targets]
            advised = self.target_advised()
            named = None if advised is None else self.session.names[advised]
            return words.target_question(targets, seven=asked.seven, advised=named)
        if phase is Phase.CHALLENGE and isinstance(asked, told.AskChallenge):
            called = asked.called or asked.color
            return words.challenge_question(asked.name, asked.color, called, can_stack=asked.can_stack)
        return ""

    # ------------------------------------------------------------------ the seat's commands

    def handle(self, line: str) -> bool:
        """Do the command typed as ``line``; False once the seat leaves or the match is over."""
        self.clock.tick(COMMAND_SECONDS)
        parsed = parse(line)
        if isinstance(parsed, str):
            parsed = self.bare_answer(line, parsed)
        if isinstance(parsed, str):
            self.say(parsed)
            self.ask_again()
            return True
        verb = parsed.verb
        if verb == "quit":
            return False
        reader = getattr(self, f"read_{verb}", None)
        if reader is not None:
            reader()
            chance = self.chance()
            if chance is not None and verb in WAITING_READERS:  # nothing else says the table waits
                self.say(self.chance_line(chance))
            return True
        if verb in ("back", "undo") and self.wild_four is not None:
            # Found in the playtest: undo here said "nothing to undo" and dropped the card silently.
            card, self.wild_four = self.wild_four, None
            self.say(words.card_kept(card))
            self.announce()
            return True
        if verb == "back":
            self.say(words.nothing_to_go_back_from())
            self.ask_again()
            return True
        before_chance = self.chance()
        before = self._position()
        asked_before = self.question_open()
        if verb in LEAVE_THE_COLOUR:
            self.wild_four = None
        if verb == "wait":
            if self.session.is_human_turn():
                self.say(words.yours_to_decide())
            elif before_chance is None:
                self.say(words.nothing_to_wait_for())
            else:
                self.settle(before_chance)
        else:
            history = len(self.session.match.history[-1])
            self.do(parsed)
            said_ahead = verb == "uno" and len(self.session.match.history[-1]) == history
            if self._position() != before and not said_ahead:  # UNO said ahead lets no chance pass
                self.settle(before_chance)
        if asked_before and self._position() == before and self.question_open():
            self.ask_again()
        self.announce()
        return not self.over

    def bare_answer(self, line: str, unknown: str) -> Command | str:
        """A line that is no command: the answer to the question open (a colour, a player), a card
        of the hand at the seat's turn, or Enter; else ``unknown``, the reason it is none."""
        text = line.strip()
        decides = self.session.is_human_turn()
        phase = self.session.view().phase if decides else None
        if not text:
            advised = self.colour_advised()
            if advised is not None:  # the hint's colour, as the dialog's Enter takes it
                return Command("colour", advised.value)
            target = self.target_advised()
            if target is not None:  # the hint's target, as the dialog's Enter takes it (issue 34)
                return Command("target", self.session.names[target])
            if decides or self.chance() is not None:
                return Command("again")
            return unknown
        if self.wild_four is not None or phase is Phase.CHOOSE_COLOR:
            if find_colour(text) is not None:
                return Command("colour", text)
            return words.no_such_colour(text) if len(text.split()) == 1 else unknown
        if phase is Phase.CHOOSE_TARGET:
            return Command("target", text)  # a name not found is answered with the names
        playing = phase in (Phase.PLAY, Phase.DRAWN, Phase.STACK, Phase.CHALLENGE)
        if playing and find_card(text, hand_cards(self.session.match, HUMAN)[0]) is not None:
            return Command("play", text)
        return unknown

    def colour_advised(self) -> Color | None:
        """The hint's colour for the colour asked now, or None."""
        if self.wild_four is not None:
            return self.advised_colour
        asked = self.asked
        choosing = self.session.is_human_turn() and self.session.view().phase is Phase.CHOOSE_COLOR
        return asked.advised if choosing and isinstance(asked, told.AskColour) else None

    def target_advised(self) -> int | None:
        """The hint's seat for the target asked now (a 7's swap, a Green Shell), or None."""
        choosing = self.session.is_human_turn() and self.session.view().phase is Phase.CHOOSE_TARGET
        return hinting.hinted_target(self.controller) if choosing else None

    def question_open(self) -> bool:
        """Whether a colour, a player or an answer to a Wild Draw Four is asked of the seat."""
        if self.wild_four is not None:
            return True
        return self.session.is_human_turn() and self.session.view().phase in QUESTIONS

    def ask_again(self) -> None:
        """After a line that did nothing, the question open (or the chance) is said again."""
        if self.question_open():
            line = self.turn_line() or self.colour_asked
            self.say(line)

    def read_again(self) -> None:
        """Enter alone: the seat's decision, or the chance open, said again."""
        chance = self.chance()
        if chance is not None:
            self.say(self.chance_line(chance))
        if self.session.is_human_turn():
            line = self.turn_line() or self.colour_asked
            self.say(line)

    def _position(self) -> tuple[object, ...]:
        match = self.session.match
        armed = self.controller.uno_ahead.armed
        return match.round_number, len(match.history[-1]), len(self.session.undos), armed, self.round_over

    def do(self, command: Command) -> None:
        """A command that may change the table; the controller refuses, with the reason, what is not allowed."""
        controller, view = self.controller, self.session.view()
        verb, argument = command
        decides = self.session.is_human_turn()
        if verb == "play":
            self.play(argument)
        elif verb == "draw":
            if decides and view.phase is Phase.STACK:
                controller.take()
            else:
                controller.draw()
        elif verb == "keep":
            controller.keep()
        elif verb == "accept":
            if decides and view.phase is Phase.CHALLENGE:
                controller.answer_challenge("accept")
            elif decides and view.phase is Phase.STACK:
                controller.take()
            else:
                self.say(words.nothing_to_accept())
        elif verb == "stack":
            self.stack(argument)
        elif verb == "challenge":
            if decides and view.phase is Phase.CHALLENGE:
                controller.answer_challenge("challenge")
            else:
                self.say(words.no_challenge())
        elif verb == "uno":
            armed = controller.uno_ahead.armed
            if not armed and self.uno_too_early():
                self.say(words.uno_too_early())
                return
            controller.uno()
            if controller.uno_ahead.armed != armed:  # said ahead, or taken back: nothing else says so
                self.say(words.uno_ahead(armed=controller.uno_ahead.armed))
        elif verb == "catch":
            if controller.may("catch"):
                controller.catch()
            else:
                controller.missed_catch()
        elif verb == "jump":
            controller.jump()
        elif verb == "colour":
            self.colour(argument)
        elif verb in ("target", "swap"):
            self.target(argument)
        elif verb == "next":
            if self.round_over is None:
                self.say(words.round_not_over())
            else:
                self.round_over = None
                controller.start_next_round()
                controller.go()  # the full-screen table's pacer goes on when the round's dialog closes
        elif verb == "undo":
            if controller.undo_on:
                controller.undo_refused()  # undone, or refused with the reason
            else:
                controller.undo_off()
            if not self.session.match.round.is_over:
                self.round_over = None
        elif verb == "hint":
            if not decides:
                self.say(words.no_hint())
            else:
                self.say(words.hint_line(controller.take_hint().text))

    def uno_too_early(self) -> bool:
        """Whether no play of the seat's can leave it one card (U1): found in the playtest, ``uno`` with seven
        cards was taken "with your next play" and dropped without a word. A 7 or a 0 that passes hands
        (H4b) may bring back one card whatever the hand; a UNO too late is the controller's to say."""
        view, match = self.session.view(), self.session.match
        if view.exposed == HUMAN or len(view.hand) <= 2:
            return False
        missed = self.controller.pacer.recently_missed()
        if missed is not None and missed.seat == HUMAN:
            return False
        passes = match.rules.seven_zero and any(card.rank in (Rank.SEVEN, Rank.ZERO) for card in view.hand)
        return not passes

    def play(self, argument: str) -> None:
        cards = hand_cards(self.session.match, HUMAN)[0]
        colour = None
        if argument:
            found = cards_named(argument, cards)
            if not found and " " in argument:  # "play W+4 red": the card and its colour
                named, _space, last = argument.rpartition(" ")
                colour = find_colour(last)
                found = cards_named(named, cards) if colour is not None else []
            if len(found) > 1:
                self.say(words.which_of(argument, found))
                return
            if not found:
                self.say(words.no_such_card(repr(argument)))
                return
            card = found[0]
        else:
            playable = self.playable()
            if len(playable) != 1:
                self.say(words.which_card())
                return
            card = playable[0]
        view = self.session.view()
        if self.session.is_human_turn() and view.phase is Phase.CHALLENGE and card in self.playable():
            self.controller.answer_challenge("stack")  # H2: a Wild Draw Four on the lone one
        elif colour is not None and card.rank is Rank.WILD_DRAW_FOUR:
            self.controller.choose_colour(colour, card)  # its colour said with it: nothing to ask
            return
        else:
            self.controller.play(card)
        if colour is not None and self.wild_four == card:
            self.wild_four = None
            self.controller.choose_colour(colour, card)

    def stack(self, argument: str) -> None:
        """H1-H3: a card put on the total passed to the seat (``stack`` alone when one card can be)."""
        view = self.session.view()
        stacking = self.session.is_human_turn() and (
            view.phase is Phase.STACK or (view.phase is Phase.CHALLENGE and bool(self.playable()))
        )
        if not stacking:
            self.say(words.nothing_to_stack())
            return
        stackable = self.playable()
        if argument:
            found = cards_named(argument, stackable)
            if len(found) != 1:
                self.say(words.stack_which(stackable))
                return
            self.play(words.code(found[0]))
        elif len(stackable) == 1:
            self.play(words.code(stackable[0]))
        else:
            self.say(words.stack_which(stackable))

    def colour(self, argument: str) -> None:
        colour = find_colour(argument)
        if colour is None:
            self.say(words.no_such_colour(argument) if argument else words.which_colour())
            return
        if self.wild_four is not None:
            card, self.wild_four = self.wild_four, None
            self.controller.choose_colour(colour, card)
        elif self.session.is_human_turn() and self.session.view().phase is Phase.CHOOSE_COLOR:
            self.controller.choose_colour(colour)
        else:
            self.say(words.no_colour_asked())

    def target(self, argument: str) -> None:
        view = self.session.view()
        if not (self.session.is_human_turn() and view.phase is Phase.CHOOSE_TARGET):
            self.say(words.no_target_asked())
            return
        others = [seat for seat in range(view.num_players) if seat != HUMAN]
        seat = find_seat(argument, self.session.names, others)
        if seat is None:
            names = [self.session.names[s] for s in others]
            self.say(words.nobody_called(argument, names) if argument else words.which_player(names))
            return
        self.controller.choose_target(seat)

    # ------------------------------------------------------------------ commands that read

    def moves(self) -> list[str]:
        """Every command legal now, exactly as it is typed: the table's moves first, then the readers."""
        found: list[str] = []
        session, controller = self.session, self.controller
        view = session.view()
        decides = session.is_human_turn()
        if self.over:
            return ["quit"]
        if self.round_over is not None:
            found.append("next")
        elif decides and self.wild_four is not None:
            found += [f"colour {colour.value}" for colour in COLOURS] + ["back"]
        elif decides:
            found += self._decision_moves(view.phase)
        if controller.may("jump"):
            found.append("jump")
        if controller.may("catch"):
            found.append("catch")
        hand = len(view.hand)
        uno_ahead = decides and view.phase in (Phase.PLAY, Phase.DRAWN, Phase.STACK) and hand == 2
        if self.round_over is None and (view.exposed == HUMAN or uno_ahead):
            found.append("uno")
        if self.chance() is not None and not decides:
            found.append("wait")
        if controller.undo_on and session.undo_refusal() is None:
            found.append("undo")
        if decides:
            found.append("hint")
        return found + [verb for verb in ALWAYS if verb != "quit" or not self.over]

    def _decision_moves(self, phase: Phase) -> list[str]:
        legal = self.session.match.legal_actions()
        plays = [f"play {words.code(card)}" for card in self.playable()]
        if phase is Phase.PLAY:
            return [*plays, "draw"]
        if phase is Phase.DRAWN:
            return plays + (["keep"] if Pass() in legal else [])
        stacks = [f"stack {words.code(card)}" for card in self.playable()]
        if phase is Phase.STACK:
            return [*stacks, "take"]
        if phase is Phase.CHALLENGE:
            return ["challenge", "accept", *stacks]
        if phase is Phase.CHOOSE_COLOR:
            return [f"colour {colour.value}" for colour in COLOURS]
        if phase is Phase.CHOOSE_TARGET:
            verb = "swap" if self.session.view().choice_for == "seven" else "target"
            names = self.session.names
            return [f"{verb} {names[seat]}" for seat in range(len(names)) if seat != HUMAN]
        return []

    def read_moves(self) -> None:
        for move in self.moves():
            self.say(move)
        self.say("")

    def read_hand(self) -> None:
        cards, playable, _drawn = hand_cards(self.session.match, HUMAN)
        decides = self.session.is_human_turn()
        self.say(words.hand_title(len(cards)))
        for place, card in enumerate(cards):
            self.say(words.hand_line(place + 1, card, playable=decides and place in playable))

    def read_table(self) -> None:
        state = self.controller.state()
        match = self.session.match
        after_you = "" if self.round_over is not None or self.over else state.table.after_you  # nobody plays next
        for line in table_lines(state, after_you=after_you, round_number=match.round_number, target=match.target):
            self.say(line)

    def read_summary(self) -> None:
        """A resumed match in a few lines: the scores, the top card, the hand, whose turn; ``log`` for the rest."""
        info = self.controller.state().table
        self.read_score()
        self.say(words.top_line(info.top, info.color, info.played_by))
        view = self.session.view()
        to_play = None if self.session.is_human_turn() else self.session.names[view.decider]
        self.say(words.resumed_line(len(view.hand), to_play))

    def read_score(self) -> None:
        match = self.session.match
        self.say(words.scores_line(list(zip(match.names, match.scores, strict=True)), match.target))

    def read_log(self) -> None:
        if not self.log_lines:
            self.say(words.log_empty())
        for line in self.log_lines:
            self.say(line)

    def read_help(self) -> None:
        for line in words.help_lines():
            self.say(line)
