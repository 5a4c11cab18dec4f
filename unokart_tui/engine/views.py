"""What can be read of a round: its public state, and what one seat may know (``view``).

The properties are the round's read-only face (ARCHITECTURE.md, "A round"); ``view(seat)`` is the
snapshot a bot or a screen gets, with nothing of another seat's hidden cards.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from .cards import Card, Color, RulesError
from .house_rules import HouseRules
from .machine import RoundMachine
from .tables import OVER
from .view import Phase, PlayerView

_new_view = tuple.__new__  # PlayerView._make without its frame; tests/engine/test_views.py checks the length


class RoundViews(RoundMachine):
    """The round as it may be read: by anyone (its public state) and by one seat (``view``)."""

    __slots__ = ()

    @property
    def num_players(self) -> int:
        return len(self._hands)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(hand) for hand in self._hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand: what a playout policy reads every action, without copying every hand."""
        hands = self._hands
        if type(seat) is not int or not 0 <= seat < len(hands):  # is_whole, written out: read every action
            raise RulesError(f"there is no seat {seat!r}")
        return tuple(hands[seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self._hands))

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """Top card first."""
        return tuple(reversed(self._draw))

    @property
    def discard(self) -> tuple[Card, ...]:
        """Bottom card first; the last is the top card."""
        return tuple(self._discard)

    @property
    def top_card(self) -> Card:
        return self._discard[-1]

    @property
    def active_color(self) -> Color | None:
        return self._color

    @property
    def direction(self) -> int:
        return self._direction

    @property
    def current(self) -> int:
        return self._current

    @property
    def decider(self) -> int:
        return self._current if self._decider is None else self._decider

    if TYPE_CHECKING:

        @property
        def phase(self) -> Phase: ...

    else:  # read in C: a search reads the phase every action, and a Python property costs a frame
        phase = property(attrgetter("_phase"))

    @property
    def exposed(self) -> int | None:
        return self._exposed

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def points(self) -> int | None:
        """What the winner scored (E3), once the round is over."""
        return self._points

    @property
    def is_over(self) -> bool:
        return self._phase is OVER

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """The match scores before this round."""
        return self._scores

    @property
    def drawn(self) -> Card | None:
        """The card just drawn, while its player decides whether to play it (T3)."""
        return self._drawn

    @property
    def rules(self) -> HouseRules:
        return self._rules

    @property
    def pending_draw(self) -> int:
        """What the decider draws by accepting: a lone Wild Draw Four's 4 (A4), a stacked total (H1-H3); else 0."""
        return self._pending

    @property
    def choice_for(self) -> str | None:
        """What the open colour or target choice is for: start, bob-omb, green-shell, seven (H4); else None."""
        return None if self._then is None else self._then.value

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now and nothing else, a snapshot that holds no reference to the round."""
        hands = self._hands
        if type(seat) is not int or not 0 <= seat < len(hands):  # is_whole, written out: bots call it often
            raise RulesError(f"there is no seat {seat!r}")
        # Each field is a local of its own name, and the tuple at the end lists them in PlayerView's
        # order: PlayerView(seat=seat, ...) costs 13,000 instructions more (Python 3.11 compiles a
        # call of more than 15 keywords into a dict and back), nearly twice this whole view, which a
        # bot asks for before every decision. tests/engine/test_views.py builds it by keyword.
        num_players = len(hands)
        hand = tuple(hands[seat])
        hand_sizes = tuple(map(len, hands))
        top_card = self._discard[-1]
        active_color = self._color
        direction = self._direction
        current = self._current
        decider = current if self._decider is None else self._decider
        phase = self._phase
        draw_pile_size = len(self._draw)
        discard = tuple(self._discard)
        exposed = self._exposed
        scores = self._scores
        shown = self._revealed.get(seat)
        revealed = dict(shown) if shown else {}
        dealer = self._dealer
        winner = self._winner
        drawn = self._drawn if seat == decider else None
        challenge = self._challenge
        wild_draw_four = None if challenge is None else (challenge[0], challenge[2])
        rules = self._rules
        pending_draw = self._pending
        then = self._then
        choice_for = None if then is None else then.value
        reactions = tuple(self.reactions(seat)) if exposed is not None or self._jump_in else ()
        public_history = tuple(self._history)  # an action holds no hidden card (a Draw is not the card)
        given = self._handed.get(seat)
        handed = dict(given) if given else {}
        return _new_view(
            PlayerView,
            (
                seat,
                num_players,
                hand,
                hand_sizes,
                top_card,
                active_color,
                direction,
                current,
                decider,
                phase,
                draw_pile_size,
                discard,
                exposed,
                scores,
                revealed,
                dealer,
                winner,
                drawn,
                wild_draw_four,
                rules,
                pending_draw,
                choice_for,
                reactions,
                public_history,
                handed,
            ),
        )

    def __repr__(self) -> str:
        return (
            f"<Round {self.num_players} players, {self._phase.name}, seat {self.decider} to act, "
            f"top {self._discard[-1]}, colour {self._color and self._color.value}>"
        )
