"""What a seat can ask the engine to do. Immutable values, compared by value.

An action refuses a field of the wrong type when it is made (``RulesError``), so the
round only has to judge whether it is legal now: ``Play(card, uno="yes")`` never gets
as far as counting as UNO, and ``ChooseTarget(True)`` is not mistaken for seat 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Color, RulesError, is_whole


def _check_seat(seat: object) -> None:
    if not is_whole(seat):
        raise RulesError(f"a seat is a whole number, not {seat!r}")


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``. ``color`` only with a Wild Draw Four (A4); ``uno`` says UNO with it (U1)."""

    card: Card
    color: Color | None = None
    uno: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card.parse(self.card))
        if self.color is not None and not isinstance(self.color, Color):
            raise RulesError(f"a play's colour must be a Color or None, not {self.color!r}")
        if self.uno is not True and self.uno is not False:
            raise RulesError(f"a play's uno must be True or False, not {self.uno!r}")

    def __str__(self) -> str:
        text = f"play {self.card}"
        if self.color is not None:
            text += f" {self.color.letter}"
        return text + (" uno" if self.uno else "")


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card instead of playing (T3)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card just drawn (T3)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept a Wild Draw Four: draw four and lose the turn (A4)."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge a Wild Draw Four (C1)."""

    def __str__(self) -> str:
        return "challenge"


@dataclass(frozen=True, slots=True)
class ChooseColor:
    """The colour to follow (D5, I5, A5)."""

    color: Color

    def __post_init__(self) -> None:
        if not isinstance(self.color, Color):
            raise RulesError(f"{self.color!r} is not a colour")

    def __str__(self) -> str:
        return f"color {self.color.letter}"


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """The opponent a Green Shell hits (I3)."""

    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"target {self.seat}"


@dataclass(frozen=True, slots=True)
class SayUno:
    """The exposed ``seat`` says UNO late (U2)."""

    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"uno {self.seat}"


@dataclass(frozen=True, slots=True)
class CatchUno:
    """``seat`` catches the exposed player (U2)."""

    seat: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"catch {self.seat}"


@dataclass(frozen=True, slots=True)
class JumpIn:
    """``seat`` plays ``card``, the twin of the top card, out of turn (H5); ``uno`` says UNO with it (H5b)."""

    seat: int
    card: Card
    uno: bool = False

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card.parse(self.card))
        if self.uno is not True and self.uno is not False:
            raise RulesError(f"a jump-in's uno must be True or False, not {self.uno!r}")

    def __str__(self) -> str:
        return f"jump {self.seat} {self.card}" + (" uno" if self.uno else "")


Action = Play | Draw | Pass | Accept | Challenge | ChooseColor | ChooseTarget | SayUno | CatchUno | JumpIn


# parse_action's verbs, made once.
_SIMPLE_VERBS: dict[str, type[Draw | Pass | Accept | Challenge]] = {
    "draw": Draw,
    "pass": Pass,
    "accept": Accept,
    "challenge": Challenge,
}
_SEAT_VERBS: dict[str, type[ChooseTarget | SayUno | CatchUno]] = {
    "target": ChooseTarget,
    "uno": SayUno,
    "catch": CatchUno,
}


def parse_action(text: str) -> Action:
    """Read an action from the text its ``str`` gives (used by saves and logs)."""
    if not isinstance(text, str):
        raise RulesError(f"{text!r} is not an action")
    words = text.split()
    if not words:
        raise RulesError("an empty action")
    verb, args = words[0].lower(), words[1:]
    if verb in _SIMPLE_VERBS and not args:
        return _SIMPLE_VERBS[verb]()
    if verb == "play" and 1 <= len(args) <= 3:
        card = Card.parse(args[0])
        rest = args[1:]
        uno = bool(rest) and rest[-1].lower() == "uno"
        if uno:
            rest = rest[:-1]
        if len(rest) > 1:
            raise RulesError(f"{text!r} is not an action")
        color = Color.from_letter(rest[0]) if rest else None
        return Play(card, color, uno)
    if verb == "color" and len(args) == 1:
        return ChooseColor(Color.from_letter(args[0]))
    # ASCII digits only: "²".isdigit() is true, and int() refuses it.
    seat = int(args[0]) if args and args[0].isascii() and args[0].isdigit() else None
    if verb in _SEAT_VERBS and len(args) == 1 and seat is not None:
        return _SEAT_VERBS[verb](seat)
    if verb == "jump" and len(args) in (2, 3) and seat is not None and (len(args) == 2 or args[2].lower() == "uno"):
        return JumpIn(seat, Card.parse(args[1]), len(args) == 3)
    raise RulesError(f"{text!r} is not an action")
