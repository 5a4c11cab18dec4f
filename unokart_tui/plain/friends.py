"""Line mode at a table shared with friends (issues 31 and 33): the lobby as lines, then the match as lines.

The host holds the table; this person's seat is a ``friends.remote.RemoteTable``, which stands where the
line table's ``TableController`` stands and sends the same ``table.messages``. They are said here in line
mode's words, and the person's commands (``commands``) become the remote table's intentions. What differs
from a match against bots is time: the host's, the same for everyone. Nothing waits for a command, the
turn has a clock (said in ``help``, and once when it runs low), and a chance goes to whoever acts first.

``FriendsTable`` takes what the host sends (``arrived``) and what the person types (``handle``); the
loop over both, waiting on the input and the host's line at once, is ``sit_at_table``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Mapping

from ..engine import Card, CatchUno, JumpIn, Pass, Phase, Play, Rank, SayUno
from ..friends import wire
from ..friends.channel import LEAVE_TABLE, REFUSED, TABLE_JOINED, TABLE_OPENED
from ..friends.lobby import with_last_choices
from ..friends.messages import LobbyClosed, LobbySettle, LobbyShown, LobbyStart, TableSettings
from ..friends.remote import YOU, RemoteTable, Sender
from ..glyphs import WORDS
from ..printable import printable
from ..table import messages as told
from ..table.pacing import Clock, Pace, Stoppable
from ..table.tableview import sorted_hand
from ..voice import friends as friends_words
from ..voice import plain as words
from ..voice import plain_friends as shared_words
from .asking import InputEnded
from .clock import WallClock
from .commands import ALWAYS, COLOURS, Command, find_card, find_colour, find_seat, parse
from .lines import Lines
from .lobby import ask_table_settings, lobby_lines
from .reading import table_lines
from .table import LOG_AGAIN, WAITING_READERS

WARN_AT = 10  # seconds left on the turn's clock when it is said, once a turn
# The host keeps the table's pace; line mode shows no banner (the log says it all).
SHARED_PACE = Pace(banner_seconds=None)
LOBBY_LEAVE = frozenset({"leave", "quit", "exit", "back", "q"})
LOBBY_AGAIN = frozenset({"", "who", "table", "t", "lobby"})


class FriendsTable:
    """One person's seat at a friends' table, in line mode: the lobby, then the match; ``over`` once they left."""

    def __init__(
        self,
        lines: Lines,
        send: Sender,
        code: str,
        *,
        clock: Clock,
        command: str | None = None,
        uno_helper: bool = False,
        ask_settings: bool = False,
        last: tuple[int, int] | None = None,
        remember: Callable[[TableSettings], None] | None = None,
    ) -> None:
        """``send``: one JSON object to the host; ``command``: what friends type to join (told to everyone);
        ``ask_settings``: the opener is asked the table's settings as soon as the lobby is shown (as New game).
        ``last``: the target and turn clock the opener chose last time, which a new table starts from;
        ``remember`` keeps the settings the opener sends, for their next table."""
        self._ask_settings = ask_settings
        self._last, self._remember = last, remember
        self.lines = lines
        self._send = send
        self.code = code
        self.command = command
        self.clock = clock
        self.remote = RemoteTable(self, send, clock=clock, glyphs=WORDS, pace=SHARED_PACE, uno_helper=uno_helper)
        self.remote.open()
        self.lobby: LobbyShown | None = None
        self._lobby_said: list[str] = []
        self.over = False  # the person left, the table closed under them, or the match is over
        self.started = False
        self.log_lines: deque[str] = deque(maxlen=LOG_AGAIN)
        self.asked: told.Message | None = None  # the question put to the seat (at ``_asked_at``)
        self._asked_at: tuple[int, int] | None = None
        self.wild_four: Play | None = None  # a Wild Draw Four whose colour is being asked
        self.turn_seconds: int | None = None
        self._announced: tuple[int, int] | None = None
        self._chance_told: tuple[object, ...] | None = None
        self._warned: tuple[int, int] | None = None
        self._warning: Stoppable | None = None
        self.say(shared_words.at_table(code))
        if command is not None:
            self.say(friends_words.join_with_command(command))

    def say(self, text: str) -> None:
        for line in text.splitlines() or [""]:
            self.lines.say(printable(words.words_only(line)))

    # ------------------------------------------------------------------ what the host sends

    def arrived(self, data: Mapping[str, object]) -> None:
        """One object from the host, said as it comes; then the seat's turn or chance, if new."""
        kind = data.get("type")
        if kind in (TABLE_JOINED, TABLE_OPENED) or self.over:
            return
        if kind in ("LobbyShown", "LobbyClosed"):
            try:
                message = wire.from_json(data)
            except wire.WireError:
                self.say(friends_words.host_unreadable())
                return
            if isinstance(message, LobbyShown):
                self.show_lobby(message)
            elif isinstance(message, LobbyClosed):
                self.say(message.reason)
                self.leave()
            return
        if kind == REFUSED and not self.started:
            self.say(str(data.get("words", "")))
            return
        if not self.started:  # the deal's lines come before the first view of the table
            self.started = True
            self.say(shared_words.match_started())
        self.remote.arrived(data)
        if kind == "TableSeen":
            self.seen_now()
        self.announce()

    def show_lobby(self, shown: LobbyShown) -> None:
        """The lobby's lines: all of them the first time, then those that changed (who came, the settings)."""
        if self._last is not None and shown.is_opener and not shown.round_number:
            target, seconds = self._last
            self._last = None  # once, at the table's first sight: then the opener's choices hold
            wanted = with_last_choices(shown.settings, target, seconds)
            if wanted != shown.settings:
                self._send(wire.as_json(LobbySettle(wanted)))
                shown = shown._replace(settings=wanted)  # as the host will show it again
        self.lobby = shown
        self.turn_seconds = math.ceil(shown.settings.turn_seconds)
        lines = lobby_lines(shown)
        if not self._lobby_said:
            for line in lines:
                self.say(line)
            if self._ask_settings and shown.is_opener and not shown.round_number:  # a kept match keeps its own
                self._lobby_said = lines
                self.settle(shown)  # what the host says meanwhile waits, and is said after the questions
            self.say(lobby_help(shown))
        else:
            for line in lines:
                if line not in self._lobby_said:
                    self.say(line)
        self._lobby_said = lines

    # ------------------------------------------------------------------ the remote table's front end

    def receive(self, message: told.Message) -> None:
        match message:
            case told.Logged(logged):
                self.log_lines.append(logged.text)
                self.say(logged.text)
            case told.Notice(text):
                self.say(text)
            case told.HintShown(text) if text:
                self.say(words.hint_line(text))
            case told.AskColour(reason, _advised, card) if card is not None:
                self.wild_four = Play(card)
                self.ask_now(message)
                self.say(words.colour_question(reason))
            case told.AskColour() | told.AskTarget() | told.AskChallenge():
                self.ask_now(message)
            case told.QuestionsWithdrawn():
                if self.asked is not None or self.wild_four is not None:
                    self.say(shared_words.moved_on())
                self.asked = self.wild_four = None
            case told.RoundOver(summary, _refusal):
                self.say(_scores(summary.scores))
                self.say(shared_words.next_round_soon())
            case told.MatchOver(summary, _race, _refusal):
                for sentence in words.match_over_lines(summary.scores):
                    self.say(sentence)
                self.leave(quietly=True)
            case _:
                pass  # the state (read on demand), banners, cards' flights: nothing to read

    def ask_now(self, question: told.Message) -> None:
        """A question for the decision now: it stands for this moment of the table only."""
        self.asked = question
        self._asked_at = None if self.remote.seen is None else self.remote.seen.moment

    def call_after_refresh(self, callback: Callable[[], None]) -> bool:
        self.clock.set_timer(0, callback)
        return True

    # ------------------------------------------------------------------ the seat's turn, its clock, its chances

    def seen_now(self) -> None:
        """A new view of the table: the turn clock's length learnt, its warning set for this decision."""
        seen = self.remote.seen
        if seen is None:
            return
        moment, left = seen.moment, self.remote.seconds_left()
        if not seen.legal or left is None:
            return
        if self.turn_seconds is None:
            self.turn_seconds = left
        if self._warned == moment:
            return
        if self._warning is not None:
            self._warning.stop()
        self._warning = self.clock.set_timer(max(0.0, left - WARN_AT), lambda: self.warn(moment))

    def warn(self, moment: tuple[int, int]) -> None:
        """The turn's clock runs low: said once for this decision, if it is still the seat's."""
        self._warning = None
        seen = self.remote.seen
        left = self.remote.seconds_left()
        if self.over or seen is None or seen.moment != moment or not seen.legal or left is None or left <= 0:
            return
        self._warned = moment
        self.say(shared_words.seconds_left(left))

    def decides(self) -> bool:
        return bool(self.remote.legal) and self.remote.view is not None

    def chance(self) -> tuple[object, ...] | None:
        view, seen = self.remote.view, self.remote.seen
        if view is None or seen is None:
            return None
        if SayUno(YOU) in view.reactions:
            return ("uno", seen.round_number, YOU)
        if CatchUno(YOU) in view.reactions and view.exposed is not None:
            return ("catch", seen.round_number, view.exposed)
        twin = self.twin()
        if twin is not None:
            return ("jump", seen.moment)
        return None

    def twin(self) -> JumpIn | None:
        view = self.remote.view
        if view is None:
            return None
        return next((a for a in view.reactions if isinstance(a, JumpIn) and not a.uno), None)

    def chance_line(self, chance: tuple[object, ...]) -> str:
        if chance[0] == "uno":
            return shared_words.chance_to_say_uno()
        if chance[0] == "catch":
            seat = chance[2]
            assert isinstance(seat, int)
            return shared_words.chance_to_catch(self.remote.names[seat])
        twin = self.twin()
        assert twin is not None
        return shared_words.chance_to_jump(words.card_words(twin.card))

    def announce(self) -> None:
        """A new chance, and a new decision of the seat's, each said in one line."""
        if self.over or not self.started:
            return
        chance = self.chance()
        if chance is not None and chance != self._chance_told:
            self.say(self.chance_line(chance))
        self._chance_told = chance
        seen = self.remote.seen
        if seen is None or not self.decides():
            return
        decision = seen.moment  # once a moment: an answer sent is not followed by the question again
        if decision != self._announced:
            self._announced = decision
            line = self.turn_line()
            last = words.words_only(self.log_lines[-1]) if self.log_lines else ""
            if line and line != last:
                self.say(line)

    def hand(self) -> tuple[list[Card], list[Card]]:
        """The hand in the order ``hand`` reads it, and the cards of it that can be played now (each once)."""
        view = self.remote.view
        cards = list(sorted_hand(view.hand)) if view is not None else []
        legal = {action.card for action in self.remote.legal if isinstance(action, Play)}
        playable: list[Card] = []
        for card in cards:
            if card in legal and card not in playable:
                playable.append(card)
        return cards, playable

    def turn_line(self) -> str:
        view, seen = self.remote.view, self.remote.seen
        asked = self.asked if seen is not None and self._asked_at == seen.moment else None
        if view is None or self.wild_four is not None:
            return ""  # a Wild Draw Four's colour question was said when it was asked
        cards, playable = self.hand()
        phase = view.phase
        if phase is Phase.PLAY:
            return words.play_turn(playable, hand=len(cards), top=view.top_card, colour=view.active_color)
        if phase is Phase.DRAWN and view.drawn is not None:
            return words.drawn_turn(view.drawn, may_keep=Pass() in self.remote.legal)
        if phase is Phase.STACK:
            return words.stack_turn(view.pending_draw, playable)
        if phase is Phase.CHOOSE_COLOR and isinstance(asked, told.AskColour):
            return words.colour_question(asked.reason)
        if phase is Phase.CHOOSE_TARGET and isinstance(asked, told.AskTarget):
            return words.target_question([(name, n) for _seat, name, n in asked.targets], seven=asked.seven)
        if phase is Phase.CHALLENGE and isinstance(asked, told.AskChallenge):
            called = asked.called or asked.color
            return words.challenge_question(asked.name, asked.color, called, can_stack=asked.can_stack)
        return ""

    # ------------------------------------------------------------------ what the person types

    def handle(self, line: str) -> None:
        """One line typed: a command of the lobby, or of the match."""
        if self.over:
            return
        if not self.started:
            self.in_lobby(line.strip())
            return
        parsed = parse(line)
        if isinstance(parsed, str):
            parsed = self.bare_answer(line, parsed)
        if isinstance(parsed, str):
            self.say(parsed)
            return
        verb = parsed.verb
        if verb == "quit":
            self.say(friends_words.leave_seat())
            self.leave()
            return
        reader = getattr(self, f"read_{verb}", None)
        if reader is not None:
            reader()
            chance = self.chance()
            if chance is not None and verb in WAITING_READERS:
                self.say(self.chance_line(chance))
            return
        if self.remote.watching and verb not in ("next", "wait"):
            self.say(friends_words.is_watching())
            return
        self.do(parsed)
        self.announce()

    def bare_answer(self, line: str, unknown: str) -> Command | str:
        """A line that is no command: Enter, the colour or the player asked for, or a card of the hand."""
        text = line.strip()
        view = self.remote.view
        if not text:
            return Command("again")
        phase = view.phase if view is not None and self.decides() else None
        if self.wild_four is not None or phase is Phase.CHOOSE_COLOR:
            return Command("colour", text) if find_colour(text) is not None else unknown
        if phase is Phase.CHOOSE_TARGET:
            return Command("target", text)
        if phase is not None and find_card(text, self.hand()[0]) is not None:
            return Command("play", text)
        return unknown

    def do(self, command: Command) -> None:
        remote, (verb, argument) = self.remote, command
        phase = remote.view.phase if remote.view is not None and self.decides() else None
        if verb in ("play", "draw", "keep", "accept", "challenge"):
            self.wild_four = None
        if verb == "play":
            self.play(argument)
        elif verb == "draw":
            if phase is Phase.STACK:
                remote.take()
            else:
                remote.draw()
        elif verb == "keep":
            remote.keep()
        elif verb == "accept":
            if phase is Phase.CHALLENGE:
                remote.answer_challenge("accept")
            elif phase is Phase.STACK:
                remote.take()
            else:
                self.say(words.nothing_to_accept())
        elif verb == "challenge":
            if phase is Phase.CHALLENGE:
                remote.answer_challenge("challenge")
            else:
                self.say(words.no_challenge())
        elif verb == "uno":
            armed = remote.uno_ahead.armed
            remote.uno()
            if remote.uno_ahead.armed != armed:
                self.say(words.uno_ahead(armed=remote.uno_ahead.armed))
        elif verb == "catch":
            remote.catch()
        elif verb == "jump":
            remote.jump()
        elif verb == "colour":
            self.colour(argument)
        elif verb in ("target", "swap"):
            self.target(argument, phase)
        elif verb == "hint":
            remote.hint()
        elif verb == "undo":
            remote.intend("undo")
        elif verb == "next":
            self.say(shared_words.no_next())
        elif verb == "wait":
            self.say(words.nothing_to_wait_for())

    def play(self, argument: str) -> None:
        cards, playable = self.hand()
        colour = None
        if argument:
            card = find_card(argument, cards)
            if card is None and " " in argument:  # "play W+4 red": the card and its colour
                named, _space, last = argument.rpartition(" ")
                colour = find_colour(last)
                card = find_card(named, cards) if colour is not None else None
            if card is None:
                self.say(words.no_such_card(repr(argument)))
                return
        elif len(playable) == 1:
            card = playable[0]
        else:
            self.say(words.which_card())
            return
        view = self.remote.view
        if view is not None and self.decides() and view.phase is Phase.CHALLENGE and card in playable:
            self.remote.answer_challenge("stack")  # H2: a Wild Draw Four on the lone one; its colour is asked
        elif colour is not None and card.rank is Rank.WILD_DRAW_FOUR and card in playable:
            self.remote.choose_colour(colour, card)  # its colour said with it: nothing to ask
        else:
            self.remote.play(card)

    def colour(self, argument: str) -> None:
        colour = find_colour(argument)
        if colour is None:
            self.say(words.which_colour())
            return
        view = self.remote.view
        if self.wild_four is not None:
            card, self.wild_four = self.wild_four.card, None
            self.remote.choose_colour(colour, card)
        elif view is not None and self.decides() and view.phase is Phase.CHOOSE_COLOR:
            self.remote.choose_colour(colour)
        else:
            self.say(words.no_colour_asked())

    def target(self, argument: str, phase: Phase | None) -> None:
        if phase is not Phase.CHOOSE_TARGET:
            self.say(words.no_target_asked())
            return
        names = self.remote.names
        others = list(range(1, len(names)))
        seat = find_seat(argument, names, others)
        if seat is None:
            self.say(words.which_player([names[s] for s in others]))
            return
        self.remote.choose_target(seat)

    def leave(self, *, quietly: bool = False) -> None:
        """The person leaves the table (their seat is kept, played by the autopilot): the host is told."""
        if self.over:
            return
        self.over = True
        self.remote.stop()
        if self._warning is not None:
            self._warning.stop()
        self._send({"type": LEAVE_TABLE})
        if not quietly:
            self.say(shared_words.left_table())

    # ------------------------------------------------------------------ the lobby's commands

    def in_lobby(self, typed: str) -> None:
        word = typed.casefold()
        shown = self.lobby
        if word in LOBBY_LEAVE:
            self.leave()
        elif word in LOBBY_AGAIN:
            for line in self._lobby_said:
                self.say(line)
        elif word in ("help", "?"):
            self.say(lobby_help(shown) if shown is not None else shared_words.joiner_help())
        elif word == "start" and shown is not None:
            if not shown.is_opener:
                self.say(friends_words.opener_starts(shown.opener))
            elif shown.refusal is not None:
                self.say(shown.refusal)  # the host has said why not: no need to ask
            else:
                self._send(wire.as_json(LobbyStart()))
        elif word == "settings" and shown is not None:
            if not shown.is_opener:
                self.say(friends_words.opener_settles(shown.opener))
            elif shown.round_number:
                self.say(friends_words.kept_settings())
            else:
                self.settle(shown)
        else:
            self.say(shared_words.not_in_lobby())

    def settle(self, shown: LobbyShown) -> None:
        """The opener's settings, asked one at a time as New game asks them, then sent to the table."""
        chosen = ask_table_settings(self.lines, shown)
        if chosen is not None and chosen != shown.settings:
            self._send(wire.as_json(LobbySettle(chosen)))
            self.say(shared_words.settings_sent())
            if self._remember is not None:
                self._remember(chosen)

    # ------------------------------------------------------------------ commands that read

    def read_again(self) -> None:
        """Enter alone: the seat's decision or chance said again; else whom the table waits for."""
        chance = self.chance()
        if chance is not None:
            self.say(self.chance_line(chance))
        line = self.turn_line() if self.decides() else ""
        if self.decides() and self.wild_four is not None and isinstance(self.asked, told.AskColour):
            line = words.colour_question(self.asked.reason)
        seen = self.remote.seen
        if line:
            self.say(line)
        elif chance is None and seen is not None and seen.turn is not None and not self.decides():
            self.say(shared_words.waiting_on(seen.turn.name))

    def moves(self) -> list[str]:
        """Every command legal now, exactly as it is typed."""
        remote, view = self.remote, self.remote.view
        found: list[str] = []
        if view is not None and self.decides():
            _cards, playable = self.hand()
            plays = [f"play {words.code(card)}" for card in playable]
            phase = view.phase
            if self.wild_four is not None or phase is Phase.CHOOSE_COLOR:
                found += [f"colour {colour.value}" for colour in COLOURS]
            elif phase is Phase.PLAY:
                found += [*plays, "draw"]
            elif phase is Phase.DRAWN:
                found += plays + (["keep"] if Pass() in remote.legal else [])
            elif phase is Phase.STACK:
                found += [*plays, "take"]
            elif phase is Phase.CHALLENGE:
                found += ["challenge", "accept", *plays]
            elif phase is Phase.CHOOSE_TARGET:
                verb = "swap" if view.choice_for == "seven" else "target"
                found += [f"{verb} {name}" for name in remote.names[1:]]
        chance = self.chance()
        if chance is not None and chance[0] == "jump":
            found.append("jump")
        if chance is not None and chance[0] == "catch":
            found.append("catch")
        if chance is not None and chance[0] == "uno":
            found.append("uno")
        if self.decides():
            found.append("hint")
        return found + list(ALWAYS)

    def read_moves(self) -> None:
        for move in self.moves():
            self.say(move)
        self.say("")

    def read_hand(self) -> None:
        cards, playable = self.hand()
        self.say(words.hand_title(len(cards)))
        for place, card in enumerate(cards):
            self.say(words.hand_line(place + 1, card, playable=self.decides() and card in playable))

    def read_table(self) -> None:
        if self.remote.seen is None:
            return
        state = self.remote.state()
        seen = self.remote.seen
        lines = table_lines(state, after_you=state.table.after_you, round_number=seen.round_number, target=seen.target)
        for line in lines:
            self.say(line)
        left = self.remote.seconds_left()
        if left is not None and self.decides():
            self.say(shared_words.seconds_left(left))

    def read_score(self) -> None:
        seen = self.remote.seen
        if seen is None:
            return
        self.say(words.scores_line(list(zip(seen.names, seen.public.scores, strict=True)), seen.target))

    def read_log(self) -> None:
        if not self.log_lines:
            self.say(words.log_empty())
        for line in self.log_lines:
            self.say(line)

    def read_help(self) -> None:
        for line in shared_words.help_lines(self.turn_seconds):
            self.say(line)


def lobby_help(shown: LobbyShown) -> str:
    """What may be typed in this lobby: the opener of a kept match goes on with it, and changes nothing of it."""
    if not shown.is_opener:
        return shared_words.joiner_help()
    return shared_words.kept_opener_help() if shown.round_number else shared_words.opener_help()


def _scores(scores: str) -> str:
    return words.round_over_lines("", scores)[0]


# ---------------------------------------------------------------------- the loop


def sit_at_table(
    lines: Lines,
    code: str,
    *,
    command: str | None = None,
    uno_helper: bool = False,
    opened: bool = False,
    last: tuple[int, int] | None = None,
    remember: Callable[[TableSettings], None] | None = None,
) -> FriendsTable:
    """The person at the table ``code`` until they leave it, it closes, the match ends, or their input ends.

    Waits on the person's input and the host's line at once (and on the next wake-up of the clock's warning);
    the host's messages are said as they come, between the person's commands.
    """
    host = lines.host
    assert host is not None
    clock = WallClock()
    table = FriendsTable(
        lines,
        host.send,
        code,
        clock=clock,
        command=command,
        uno_helper=uno_helper,
        ask_settings=opened,
        last=last,
        remember=remember,
    )
    try:
        while not table.over:
            clock.run_due()
            while not table.over and (data := host.take()) is not None:
                table.arrived(data)
            if table.over:
                break
            if host.closed:
                table.over = True  # the title says so, and offers no table any more
            elif lines.input_over:
                table.leave(quietly=True)  # the seat is kept for them, as for a dropped connection
            elif lines.typed:
                if not host.inbox:  # what the host said before the line was typed is said first
                    host.wait(0)
                    if host.inbox:
                        continue
                typed = lines.ask()
                if typed is not None:
                    table.handle(typed)
            else:
                lines.wait(clock.next_in())
    except InputEnded:
        table.leave(quietly=True)
    return table
