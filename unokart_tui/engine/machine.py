"""What may be done now, and whether an action may: the round's legal actions, its reactions, ``apply``.

``apply`` judges an action completely before its effect (effects.py) changes anything, so an
illegal action raises ``RulesError`` and leaves the round as it was. Out of turn, any seat may
make the reactions ``reactions(seat)`` lists (U2, H5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .actions import (
    Accept,
    Action,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Draw,
    JumpIn,
    Pass,
    Play,
    SayUno,
)
from .cards import Card, Color, RulesError
from .effects import RoundEffects
from .events import Event
from .tables import (
    ACCEPT_ACTION,
    CHALLENGE,
    CHALLENGE_ACTION,
    CHOOSE_COLOR,
    CHOOSE_COLORS,
    CHOOSE_TARGET,
    CHOOSE_TARGETS,
    DRAW_ACTION,
    DRAW_TWO,
    DRAW_TWOS,
    DRAWN,
    EXPECTED,
    FOLLOWS_COLOR,
    FOLLOWS_TOP,
    OVER,
    PASS_ACTION,
    PLAY,
    PLAYS,
    PLAYS_BY_KEY,
    SEVEN,
    STACK,
    SWAPPERS,
    WILD_DRAW_FOUR,
    WILD_DRAW_FOURS,
    WILD_ITEM_BOX,
    ZERO,
    Then,
)
from .view import Phase


class RoundMachine(RoundEffects):
    """The round's rules of play: what the decider and every other seat may do, and applying it."""

    __slots__ = ()

    def is_playable(self, card: Card) -> bool:
        """Whether ``card`` may go on the top card now (T1, T2), whoever holds it."""
        if not isinstance(card, Card):
            raise RulesError(f"{card!r} is not a card")
        return bool(self._follow_mask() >> card._key & 1)

    def _stack_mask(self) -> int:
        """H1-H3: the cards that may go on the pending total; the top card is the last one stacked."""
        if self._discard[-1].rank is DRAW_TWO:
            return DRAW_TWOS | WILD_DRAW_FOURS if self._stack_cross else DRAW_TWOS  # H1, H3
        return WILD_DRAW_FOURS if self._stack_draw_four else 0  # H2; never a Draw Two (H3)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the decider now, in a fixed order (no SayUno / CatchUno / JumpIn)."""
        phase = self._phase
        if phase is PLAY:
            hand = self._hands[self._current]
            top = self._discard[-1]
            playable = FOLLOWS_TOP[top._key] if top.color is not None else FOLLOWS_COLOR[self._color]
            if self._seven_zero:
                actions = self._plays(hand, len(hand), playable)
            else:  # _plays written out: the hot path of every playout
                actions = []
                plays = PLAYS_BY_KEY[1 if len(hand) == 2 else 0]
                for card in hand:
                    key = card._key
                    if playable >> key & 1:
                        playable ^= 1 << key
                        actions.extend(plays[key])
            actions.append(DRAW_ACTION)
            return actions
        if phase is DRAWN:
            drawn = self._drawn
            assert drawn is not None
            actions = self._plays((drawn,), len(self._hands[self._current]), self._follow_mask())
            if not self._must_play or drawn.rank is WILD_ITEM_BOX:  # H7, H7a: a drawn box may be kept
                actions.append(PASS_ACTION)
            return actions
        if phase is CHALLENGE:
            if self._stack_draw_four:  # H2: a lone Wild Draw Four may be answered with another
                hand = self._hands[self._current]
                return [ACCEPT_ACTION, CHALLENGE_ACTION, *self._plays(hand, len(hand), WILD_DRAW_FOURS)]
            return [ACCEPT_ACTION, CHALLENGE_ACTION]
        if phase is STACK:
            hand = self._hands[self._current]
            actions = self._plays(hand, len(hand), self._stack_mask())
            actions.append(ACCEPT_ACTION)
            return actions
        if phase is CHOOSE_COLOR:
            return list(CHOOSE_COLORS)
        if phase is CHOOSE_TARGET:
            current = self._current
            return [*CHOOSE_TARGETS[:current], *CHOOSE_TARGETS[current + 1 : len(self._hands)]]
        return []

    def _plays(self, cards: Iterable[Card], hand_size: int, playable: int) -> list[Action]:
        """The plays of ``cards`` among the ``playable`` ones (a bit per card key), each card once.

        A play that leaves one card of the player's ``hand_size`` is listed with and without UNO (U1).
        """
        actions: list[Action] = []
        which = 1 if hand_size == 2 else 0
        if self._seven_zero and hand_size > 1:
            # H4b: the hand that comes back from a 7 or 0 is unknown: with and without UNO, unless it is the last card.
            swappers = SWAPPERS
            for card in cards:
                key = card._key
                if playable >> key & 1:
                    playable ^= 1 << key
                    actions.extend(PLAYS[key][which | (swappers >> key & 1)])
            return actions
        for card in cards:
            key = card._key
            if playable >> key & 1:
                playable ^= 1 << key  # each card once: a duplicate's bit is cleared, without hashing
                actions.extend(PLAYS[key][which])
        return actions

    def reactions(self, seat: int) -> list[Action]:
        """What ``seat`` may do out of turn now, in a fixed order: say UNO late or catch (U2), jump in (H5)."""
        if type(seat) is not int or not 0 <= seat < len(self._hands):
            raise RulesError(f"there is no seat {seat!r}")
        actions: list[Action] = []
        phase = self._phase
        if phase is OVER:
            return actions
        exposed = self._exposed
        if exposed is not None:
            actions.append(SayUno(seat) if seat == exposed else CatchUno(seat))
        # H5, H5a, written out for speed (a driver asks every seat before every action);
        # _jump_in_error says the same in words, and the property tests hold the two to it.
        if self._jump_in and phase is PLAY and self._played_by is not None:
            top = self._discard[-1]
            hand = self._hands[seat]
            if top in hand and seat not in (self._played_by, self._current) and top.color is not None:
                if len(hand) == 2 or (self._seven_zero and top.rank in (SEVEN, ZERO) and len(hand) > 1):  # U1, H4b
                    actions.extend((JumpIn(seat, top, True), JumpIn(seat, top, False)))
                else:
                    actions.append(JumpIn(seat, top))
        return actions

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Apply the decider's ``action`` (or a reaction from any seat: ``reactions``) and say what happened.

        A quiet round (``copy(quiet=True)``) builds no events and keeps no public history: it returns ``[]``.
        """
        if self._phase is OVER:
            raise RulesError("The round is over.")
        handler = _HANDLERS.get(type(action))  # by type: one lookup, where a chain of isinstance took up to ten
        if handler is None:
            handler = next((h for kind, h in _HANDLERS.items() if isinstance(action, kind)), None)
            if handler is None:
                raise RulesError(f"{action!r} is not an action")
        if self._quiet:
            handler(self, action, None)
            return []
        seat = self._current if self._decider is None else self._decider
        events: list[Event] = []
        handler(self, action, events)
        # Made by their ``seat``, whoever decides (U2, H5); the set first: most actions are not reactions.
        if handler in _REACTION_HANDLERS and isinstance(action, (SayUno, CatchUno, JumpIn)):
            seat = action.seat
        self._history.append((seat, action))
        return events

    def _apply_play(self, action: Play, events: list[Event] | None) -> None:
        card = action.card
        top = self._discard[-1]
        if not (  # the common case of _check_play's checks, inline: a turn's play of a card that follows
            self._phase is PLAY
            and (FOLLOWS_TOP[top._key] if top.color is not None else FOLLOWS_COLOR[self._color]) >> card._key & 1
            and card in self._hands[self._current]
            and (action.color is None if card.rank is not WILD_DRAW_FOUR else type(action.color) is Color)
        ):
            self._check_play(action)
        self._exposed = None  # U2: any other action ends the exposure
        if self._banana_last_turn and self._phase is not DRAWN:  # H8: a play is a turn (a drawn card's: the same)
            self._turn_before, self._turn_last = self._turn_last, self._current
        self._play(action, events)

    def _apply_draw(self, action: Draw, events: list[Event] | None) -> None:
        if self._phase is not PLAY:
            self._check_phase(PLAY, "draw")
        self._exposed = None
        if self._banana_last_turn:  # H8: drawing on one's turn is a turn
            self._turn_before, self._turn_last = self._turn_last, self._current
        self._take_draw(events)

    def _apply_pass(self, action: Pass, events: list[Event] | None) -> None:
        self._check_phase(DRAWN, "keep a drawn card")
        assert self._drawn is not None
        if self._must_play and self._drawn.rank is not WILD_ITEM_BOX:  # H7, H7a
            raise RulesError(f"You must play the card you drew ({self._drawn.name}): it can be played.")
        self._exposed = None
        self._keep(events)

    def _apply_accept(self, action: Accept, events: list[Event] | None) -> None:
        if self._phase is STACK:  # H1-H3
            self._exposed = None
            self._accept_stack(events)
            return
        self._check_phase(CHALLENGE, "accept a Wild Draw Four")
        self._exposed = None
        self._accept(events)

    def _apply_challenge(self, action: Challenge, events: list[Event] | None) -> None:
        self._check_phase(CHALLENGE, "challenge")
        self._exposed = None
        self._challenge_wild(events)

    def _apply_choose_color(self, action: ChooseColor, events: list[Event] | None) -> None:
        self._check_phase(CHOOSE_COLOR, "choose a colour")
        self._exposed = None
        self._choose_color(action.color, events)

    def _apply_choose_target(self, action: ChooseTarget, events: list[Event] | None) -> None:
        self._check_phase(CHOOSE_TARGET, "choose a target")
        self._check_target(action.seat)
        self._exposed = None
        self._choose_target(action.seat, events)

    def _apply_say_uno(self, action: SayUno, events: list[Event] | None) -> None:
        self._check_say_uno(action.seat)
        self._say_uno(action.seat, events)

    def _apply_catch_uno(self, action: CatchUno, events: list[Event] | None) -> None:
        self._check_catch_uno(action.seat)
        self._catch_uno(action.seat, events)

    def _apply_jump_in(self, action: JumpIn, events: list[Event] | None) -> None:
        self._check_jump_in(action)
        self._exposed = None  # H5b: a jump-in is a play
        self._jump(action, events)

    # ------------------------------------------------------------------ checks (raise before anything changes)

    def _expected(self) -> str:
        if self._then is Then.SEVEN:
            return "choose whom to swap hands with"
        if self._phase is CHALLENGE and self._stack_draw_four:
            return "accept the Wild Draw Four, challenge it or stack another"
        return EXPECTED[self._phase]

    def _check_phase(self, phase: Phase, doing: str) -> None:
        if self._phase is not phase:
            raise RulesError(f"You can't {doing} now: {self._expected()}.")

    def _check_play(self, action: Play) -> None:
        card = action.card
        phase = self._phase
        stacking = False
        if phase is not PLAY:
            if phase is DRAWN:
                if card != self._drawn:
                    assert self._drawn is not None
                    raise RulesError(f"You may only play the card you just drew ({self._drawn.name}), or keep it.")
            elif phase is STACK or (phase is CHALLENGE and self._stack_draw_four):
                self._check_stack(card)  # on a pending total, only a stacking card goes (H1-H3)
                stacking = True
            else:
                raise RulesError(f"You can't play {card.name} now: {self._expected()}.")
        if card not in self._hands[self._current]:
            raise RulesError(f"You have no {card.name}.")
        if not stacking and not self._follow_mask() >> card._key & 1:  # T1, T2
            top = self._discard[-1]
            assert self._color is not None
            wanted = f"{self._color.value}" if top.is_wild else f"{self._color.value} or {top.rank.label}"
            raise RulesError(f"{card.name} can't go on {top.name}: play {wanted}, or a wild card.")
        if card.rank is WILD_DRAW_FOUR:
            if not isinstance(action.color, Color):
                raise RulesError("A Wild Draw Four needs the colour to follow.")
        elif action.color is not None:
            raise RulesError(f"Only a Wild Draw Four names a colour as it is played, not {card.name}.")

    def _check_stack(self, card: Card) -> None:
        """H1-H3, H1d: on a pending total only a stacking card goes."""
        if self._stack_mask() >> card._key & 1:
            return
        pending = self._pending
        if self._discard[-1].rank is DRAW_TWO:
            allowed = "a Draw Two or a Wild Draw Four" if self._stack_cross else "a Draw Two"
        else:
            allowed = "a Wild Draw Four"
        raise RulesError(f"{card.name} can't go on a pending +{pending}: stack {allowed}, or take the {pending}.")

    def _check_target(self, seat: int) -> None:
        self._check_seat(seat)
        if seat == self._current:
            if self._then is Then.SEVEN:
                raise RulesError("A 7 swaps hands with another player, not yourself.")
            raise RulesError("The Green Shell must hit an opponent, not yourself.")

    def _jump_in_error(self, seat: int, card: Card) -> str | None:
        """Why ``seat`` may not jump in with ``card`` now (H5, H5a), or None if it may."""
        if not self._jump_in:
            return "Jumping in is not a rule of this match."
        if self._phase is not PLAY:
            return f"No jumping in now: {self._expected()}."
        top = self._discard[-1]
        played_by = self._played_by
        if played_by is None:
            return f"No jumping in on {top.name}: nobody played it (it is the start card or an Item Box turned it)."
        if card is not top or top.color is None:  # cards are interned: identical means the same object
            return f"Only the twin of {top.name} can jump in, not {card.name}."
        if seat == played_by:
            return f"You played {top.name}: you can't jump in on your own card."
        if seat == self._current:
            return "It is your turn: play the card normally."
        if card not in self._hands[seat]:
            return f"You have no {card.name}."
        return None

    def _check_jump_in(self, action: JumpIn) -> None:
        self._check_seat(action.seat)
        error = self._jump_in_error(action.seat, action.card)
        if error is not None:
            raise RulesError(error)

    def _check_say_uno(self, seat: int) -> None:
        self._check_seat(seat)
        if self._exposed is None:
            raise RulesError("Nobody needs to say UNO now.")
        if seat != self._exposed:
            raise RulesError(f"Only seat {self._exposed} can say UNO now.")

    def _check_catch_uno(self, catcher: int) -> None:
        self._check_seat(catcher)
        if self._exposed is None:
            raise RulesError("Nobody can be caught without UNO now.")
        if catcher == self._exposed:
            raise RulesError("You can't catch yourself: say UNO instead.")

    def _check_seat(self, seat: object) -> None:
        # An action checks that its seat is a whole number when it is made; one made around that
        # check (object.__setattr__, a subclass) must not reach the hands with True, 1.0 or "1".
        if type(seat) is not int or not 0 <= seat < len(self._hands):
            raise RulesError(f"There is no seat {seat!r}.")


_HANDLERS: dict[type, Callable[[RoundMachine, Any, list[Event] | None], None]] = {
    Play: RoundMachine._apply_play,
    Draw: RoundMachine._apply_draw,
    Pass: RoundMachine._apply_pass,
    Accept: RoundMachine._apply_accept,
    Challenge: RoundMachine._apply_challenge,
    ChooseColor: RoundMachine._apply_choose_color,
    ChooseTarget: RoundMachine._apply_choose_target,
    SayUno: RoundMachine._apply_say_uno,
    CatchUno: RoundMachine._apply_catch_uno,
    JumpIn: RoundMachine._apply_jump_in,
}
_REACTION_HANDLERS = frozenset(
    (RoundMachine._apply_say_uno, RoundMachine._apply_catch_uno, RoundMachine._apply_jump_in)
)
