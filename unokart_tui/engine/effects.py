"""What each action does once it is judged legal: the turn machine, from phase to phase (RULES.md T, A, I, C, U, E).

Nothing here checks: ``RoundMachine.apply`` (machine.py) judges an action first, so that an
illegal one changes nothing, and only then runs its effect here. Each effect appends its events
to ``events``, or builds none when ``events`` is ``None`` (a quiet playout round).
"""

from __future__ import annotations

from .actions import JumpIn, Play
from .cards import Card, Color
from .events import (
    CardPlayed,
    CardsDrawn,
    CardTurned,
    ChallengeResolved,
    ColorChosen,
    DirectionChanged,
    DrawnCardKept,
    DrawPending,
    DrawReason,
    Event,
    ExtraTurn,
    HandsPassed,
    HandsSwapped,
    JumpedIn,
    PileReshuffled,
    PlayerExposed,
    RoundWon,
    StackAccepted,
    TargetChosen,
    TurnSkipped,
    UnoCaught,
    UnoSaid,
    WildDrawFourAccepted,
)
from .state import RoundState
from .tables import (
    BANANA,
    BOB_OMB,
    CHALLENGE,
    CHOOSE_COLOR,
    CHOOSE_TARGET,
    DRAW_TWO,
    DRAWN,
    FOLLOWS_COLOR,
    FOLLOWS_TOP,
    GREEN_SHELL,
    MUSHROOM,
    OVER,
    PLAY,
    PLAYS,
    POINTS,
    REVERSE,
    SEVEN,
    SKIP,
    STACK,
    WILD_DRAW_FOUR,
    WILD_ITEM_BOX,
    ZERO,
    Then,
    shuffle,
)


class RoundEffects(RoundState):
    """The effects of the actions, and the helpers they share (drawing, going out, judging UNO)."""

    __slots__ = ()

    def _follow_mask(self) -> int:
        """The cards that may go on the top card now, a bit per card key (see ``follows``)."""
        top = self._discard[-1]
        return FOLLOWS_TOP[top._key] if top.color is not None else FOLLOWS_COLOR[self._color]

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + self._direction * steps) % len(self._hands)

    def _reshuffle(self, events: list[Event] | None) -> None:
        """T4: every discard but the top card becomes the new draw pile."""
        if len(self._discard) <= 1:
            return
        pile = self._discard[:-1]
        del self._discard[:-1]
        shuffle(self._rng, pile)
        self._draw = pile
        if events is not None:
            events.append(PileReshuffled(len(pile)))

    def _draw_cards(self, seat: int, count: int, reason: DrawReason, events: list[Event] | None) -> list[Card]:
        """Draw ``count`` cards for ``seat``, reshuffling as T4 says; fewer if none are left."""
        drawn: list[Card] = []
        pile = self._draw
        for _ in range(count):
            if not pile:
                self._reshuffle(events)
                pile = self._draw
                if not pile:
                    break
            drawn.append(pile.pop())
        self._hands[seat].extend(drawn)
        if events is not None:
            events.append(CardsDrawn(seat, tuple(drawn), reason, count))
        return drawn

    def _finish(self, seat: int, events: list[Event] | None) -> None:
        """E1, E3: ``seat`` went out and scores what the others hold."""
        self._winner = seat
        self._phase = OVER
        self._decider = None
        self._then = None
        self._uno = False
        self._challenge = None
        self._pending = 0
        hands = [hand for other, hand in enumerate(self._hands) if other != seat]
        self._points = sum(POINTS[card._key] for hand in hands for card in hand)
        if events is not None:
            events.append(RoundWon(seat, self._points))

    def _judge_uno(self, seat: int, events: list[Event] | None) -> None:
        """U1-U3: judged once the play has fully resolved."""
        said, self._uno = self._uno, False
        if len(self._hands[seat]) == 1:
            if said:
                if events is not None:
                    events.append(UnoSaid(seat))
            else:
                self._exposed = seat
                if events is not None:
                    events.append(PlayerExposed(seat))

    def _pass_turn(self, player: int, events: list[Event] | None) -> None:
        """The play of ``player`` is done: the next seat plays."""
        self._phase = PLAY
        self._current = self._next(player)
        self._judge_uno(player, events)

    # ------------------------------------------------------------------ the actions

    def _play(self, action: Play, events: list[Event] | None) -> None:
        card = action.card
        player = self._current
        hand = self._hands[player]
        color_before = self._color
        hand.remove(card)
        self._discard.append(card)
        self._drawn = None
        self._uno = action.uno
        self._played_by = player  # H5a: a played card may be jumped in on
        if events is not None:
            events.append(CardPlayed(player, card, action.color))
        out = not hand  # E1; E2 says which effects still happen
        rank = card.rank
        if rank is WILD_DRAW_FOUR:  # A4
            self._color = action.color
            victim = self._next(player)
            pending = self._pending  # H2, H3: stacked on a pending total
            if out:  # E2: no challenge; H1b: the whole total, this card's four included
                self._pending = 0
                reason = DrawReason.STACK if pending else DrawReason.WILD_DRAW_FOUR
                self._draw_cards(victim, pending + 4, reason, events)
                self._finish(player, events)
                return
            self._current = victim
            self._pending = pending + 4
            if pending:  # H1a: once anything is stacked, no challenge
                self._challenge = None
                self._phase = STACK
                if events is not None:
                    events.append(DrawPending(victim, pending + 4))
            else:
                assert color_before is not None
                self._challenge = (player, tuple(hand), color_before)
                self._phase = CHALLENGE
            self._judge_uno(player, events)
            return
        if rank is WILD_ITEM_BOX:  # A5
            self._color = None
            self._item_box(player, out, events)
            return
        self._color = card.color
        if out:
            if rank is DRAW_TWO:  # E2; H1b: the whole pending total, this card's two included
                pending, self._pending = self._pending, 0
                reason = DrawReason.STACK if pending else DrawReason.DRAW_TWO
                self._draw_cards(self._next(player), pending + 2, reason, events)
            self._finish(player, events)  # H4a: a 7 or 0 that goes out swaps nothing
            return
        self._phase = PLAY
        if rank is SKIP:  # A2
            skipped = self._next(player)
            if events is not None:
                events.append(TurnSkipped(skipped))
            self._current = self._next(skipped)
        elif rank is REVERSE:  # A3
            self._direction = -self._direction
            if events is not None:
                events.append(DirectionChanged(self._direction))
            if len(self._hands) == 2:  # A3 Decision: with two players Reverse acts as Skip
                if events is not None:
                    events.append(ExtraTurn(player))
            else:
                self._current = self._next(player)
        elif rank is DRAW_TWO:
            victim = self._next(player)
            if self._stack_draw_two:  # H1: the draw is pending; the victim stacks or accepts
                self._pending += 2
                self._phase = STACK
                if events is not None:
                    events.append(DrawPending(victim, self._pending))
                self._current = victim
            else:  # A1
                self._draw_cards(victim, 2, DrawReason.DRAW_TWO, events)
                if events is not None:
                    events.append(TurnSkipped(victim))
                self._current = self._next(victim)
        elif self._seven_zero and (rank is SEVEN or rank is ZERO):  # H4
            if rank is ZERO:
                self._pass_hands(player, events)
            elif len(self._hands) == 2:  # H4a: the only opponent, no choice asked
                self._swap_hands(player, self._next(player), events)
            else:
                self._phase = CHOOSE_TARGET
                self._then = Then.SEVEN
                return  # H4b: UNO is judged after the swap
            self._current = self._next(player)
        else:
            self._current = (player + self._direction) % len(self._hands)
        if len(self._hands[player]) == 1:
            self._judge_uno(player, events)
        else:  # _judge_uno's work when there is nothing to judge (U1-U3)
            self._uno = False

    def _swap_hands(self, player: int, other: int, events: list[Event] | None) -> None:
        """H4: the 7's player and ``other`` swap hands."""
        hands = self._hands
        hands[player], hands[other] = hands[other], hands[player]
        # Each of the two knows the hand it gave away; what any seat knew from an earlier H4 has moved.
        self._handed = {player: {other: tuple(hands[other])}, other: {player: tuple(hands[player])}}
        if events is not None:
            events.append(HandsSwapped(player, other))

    def _pass_hands(self, player: int, events: list[Event] | None) -> None:
        """H4: every hand goes to the next player in the current direction."""
        hands, direction = self._hands, self._direction
        self._hands = [hands[(seat - direction) % len(hands)] for seat in range(len(hands))]
        # Each seat knows the hand it passed on: the one its next seat in this direction holds now.
        count = len(hands)
        self._handed = {seat: {(seat + direction) % count: tuple(hands[seat])} for seat in range(count)}
        if events is not None:
            events.append(HandsPassed(player, direction))

    def _jump(self, action: JumpIn, events: list[Event] | None) -> None:
        """H5: the twin of the top card, out of turn; play goes on from the jumper, as if it were their turn."""
        seat = action.seat
        if events is not None:
            passed, turn = [], self._current  # H5: the seats from the one whose turn it was up to the jumper
            while turn != seat:
                passed.append(turn)
                turn = (turn + self._direction) % len(self._hands)
            events.append(JumpedIn(seat, action.card, tuple(passed)))
        self._current = seat
        if self._banana_last_turn:  # H8: a jump-in is a turn; being passed over is not
            self._turn_before, self._turn_last = self._turn_last, seat
        self._play(PLAYS[action.card._key][1][0 if action.uno else 1], events)

    def _item_box(self, player: int, out: bool, events: list[Event] | None) -> None:
        """A5: turn the top of the draw pile; its item (not its action) happens (I1-I5)."""
        if not self._draw:
            # T4. The card the Item Box covers is always reshuffled, so there is always a card
            # to turn: A5's "nothing can be turned" Decision cannot arise here.
            self._reshuffle(events)
        turned = self._draw.pop()
        self._discard.append(turned)
        self._played_by = None  # H5a: nobody jumps in on a turned card
        if events is not None:
            events.append(CardTurned(player, turned))
        item = turned.item
        if item is BOB_OMB:  # I5
            if out:  # E2: Bob-omb only hurts the player who went out, so it does not happen
                self._finish(player, events)
                return
            self._draw_cards(player, 2, DrawReason.BOB_OMB, events)
            self._phase = CHOOSE_COLOR
            self._then = Then.BOB_OMB
            return
        self._color = turned.color
        if item is MUSHROOM:  # I1
            if out:
                self._finish(player, events)
                return
            if events is not None:
                events.append(ExtraTurn(player))
            self._phase = PLAY
            self._judge_uno(player, events)
        elif item is BANANA:  # I2 Decision: the previous seat in the current direction (or H8)
            self._draw_cards(self._banana_victim(player), 2, DrawReason.BANANA, events)
            if out:
                self._finish(player, events)
                return
            self._pass_turn(player, events)
        elif item is GREEN_SHELL:  # I3
            if len(self._hands) == 2:
                target = self._next(player)
                if events is not None:
                    events.append(TargetChosen(player, target))
                self._draw_cards(target, 1, DrawReason.GREEN_SHELL, events)
                if out:
                    self._finish(player, events)
                    return
                self._pass_turn(player, events)
            else:  # E2: the target is chosen even by a player who went out
                self._phase = CHOOSE_TARGET
                self._then = Then.GREEN_SHELL
        else:  # I4 Lightning: one card each, from the next seat on
            for step in range(1, len(self._hands)):
                self._draw_cards(self._next(player, step), 1, DrawReason.LIGHTNING, events)
            if out:
                self._finish(player, events)
                return
            if events is not None:
                events.append(ExtraTurn(player))
            self._phase = PLAY
            self._judge_uno(player, events)

    def _banana_victim(self, player: int) -> int:
        """I2's Decision, or with H8's "last-turn" the player who took the last turn before this one."""
        if self._banana_last_turn:
            before = self._turn_before
            if before is not None and before != player:  # H8 Decision: otherwise the previous seat
                return before
        return self._next(player, -1)

    def _take_draw(self, events: list[Event] | None) -> None:
        """T3: draw one (H6: until one is playable); a playable card may be played at once, else the turn ends."""
        player = self._current
        if self._until_playable:
            drawn = self._draw_until_playable(player, events)
        elif self._draw:  # _draw_cards for the one card, written out: a quarter of all actions are draws
            card = self._draw.pop()
            self._hands[player].append(card)
            drawn = [card]
            if events is not None:
                events.append(CardsDrawn(player, (card,), DrawReason.CHOICE, 1))
        else:
            drawn = self._draw_cards(player, 1, DrawReason.CHOICE, events)
        if drawn and self._follow_mask() >> drawn[-1]._key & 1:
            self._phase = DRAWN  # H7: must_play_drawn takes Pass away (legal_actions)
            self._drawn = drawn[-1]
        else:  # T3, T4: nothing playable (or nothing drawn): the turn ends
            self._current = (player + self._direction) % len(self._hands)

    def _draw_until_playable(self, player: int, events: list[Event] | None) -> list[Card]:
        """H6: one card at a time until a playable one; if even T4 leaves nothing to draw, the turn ends."""
        drawn: list[Card] = []
        playable = self._follow_mask()
        while True:
            if not self._draw:
                self._reshuffle(events)
                if not self._draw:
                    break
            card = self._draw.pop()
            drawn.append(card)
            if playable >> card._key & 1:
                break
        self._hands[player].extend(drawn)
        if events is not None:
            events.append(CardsDrawn(player, tuple(drawn), DrawReason.CHOICE, max(len(drawn), 1)))
        return drawn

    def _keep(self, events: list[Event] | None) -> None:
        player = self._current
        if events is not None:
            events.append(DrawnCardKept(player))
        self._drawn = None
        self._phase = PLAY
        self._current = self._next(player)

    def _accept(self, events: list[Event] | None) -> None:
        victim = self._current
        if events is not None:
            events.append(WildDrawFourAccepted(victim))
        self._draw_cards(victim, 4, DrawReason.WILD_DRAW_FOUR, events)
        if events is not None:
            events.append(TurnSkipped(victim))
        self._challenge = None
        self._pending = 0
        self._phase = PLAY
        self._current = self._next(victim)

    def _accept_stack(self, events: list[Event] | None) -> None:
        """H1-H3: draw the whole total (one card at a time under T4, H1c) and lose the turn."""
        victim = self._current
        total, self._pending = self._pending, 0
        if events is not None:
            events.append(StackAccepted(victim, total))
        rank = self._discard[-1].rank
        reason = DrawReason.DRAW_TWO if total == 2 and rank is DRAW_TWO else DrawReason.STACK
        self._draw_cards(victim, total, reason, events)
        if events is not None:
            events.append(TurnSkipped(victim))
        self._phase = PLAY
        self._current = self._next(victim)

    def _challenge_wild(self, events: list[Event] | None) -> None:
        """C1-C3."""
        assert self._challenge is not None
        challenger = self._current
        player, hand, color = self._challenge
        self._challenge = None
        self._pending = 0
        guilty = any(card.color is color for card in hand)  # C1: only the colour counts
        self._revealed.setdefault(challenger, {})[player] = hand
        if events is not None:
            events.append(ChallengeResolved(challenger, player, guilty, color, hand))
        self._phase = PLAY
        if guilty:  # C2: the colour stands; the challenger plays normally
            self._draw_cards(player, 4, DrawReason.CHALLENGE_GUILTY, events)
        else:  # C3
            self._draw_cards(challenger, 6, DrawReason.CHALLENGE_FAILED, events)
            if events is not None:
                events.append(TurnSkipped(challenger))
            self._current = self._next(challenger)

    def _choose_color(self, color: Color, events: list[Event] | None) -> None:
        chooser = self._current if self._decider is None else self._decider
        self._color = color
        if events is not None:
            events.append(ColorChosen(chooser, color))
        then, self._then = self._then, None
        if then is Then.START_COLOR:  # D5: the first player is already to move
            self._decider = None
            self._phase = PLAY
        else:  # I5: then play passes on normally
            self._pass_turn(chooser, events)

    def _choose_target(self, target: int, events: list[Event] | None) -> None:
        player = self._current
        then, self._then = self._then, None
        if then is Then.SEVEN:  # H4; the 7's player is judged for UNO after the swap (H4b)
            self._swap_hands(player, target, events)
            self._pass_turn(player, events)
            return
        if events is not None:
            events.append(TargetChosen(player, target))
        self._draw_cards(target, 1, DrawReason.GREEN_SHELL, events)
        if not self._hands[player]:  # E2: the player went out with this Item Box
            self._finish(player, events)
            return
        self._pass_turn(player, events)

    def _say_uno(self, seat: int, events: list[Event] | None) -> None:
        self._exposed = None
        if events is not None:
            events.append(UnoSaid(seat, late=True))

    def _catch_uno(self, catcher: int, events: list[Event] | None) -> None:
        victim = self._exposed
        assert victim is not None
        self._exposed = None
        if events is not None:
            events.append(UnoCaught(catcher, victim))
        self._draw_cards(victim, 2, DrawReason.UNO_CAUGHT, events)
