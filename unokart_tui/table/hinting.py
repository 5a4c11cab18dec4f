"""The hint on show at a seat's table, and what Enter does with it (issue 34: trust at the table).

One predicate, ``takes_enter``, decides the key bar's Enter ("Take the hint" or "Play"), the
hint's "(enter)", the hand's title and what Enter does: found in play, each had its own idea, and
Enter said UNO per a hint the key bar had stopped offering. Enter takes the hint's move only
until the cursor moves; after that it plays the card under the cursor, as selected.

A catch open to the seat comes before any move (U2: the seat's own next action ends the
exposure): found in play, the hint advised a play, Enter made it, and the catch was lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..engine import Accept, Action, CatchUno, Challenge, ChooseTarget, Draw, JumpIn, Pass, Phase, Play, Rank
from ..voice import hints as words
from .advisor import Hint, swap_partner
from .messages import HintShown
from .tableview import applies, hand_cards

if TYPE_CHECKING:
    from .controller import TableController

MOVED = -1  # the hint's place for the cursor once the cursor has moved since it was given


class HintOnShow(NamedTuple):
    """The hint's sentence, and where the cursor was when it was given (``MOVED`` once it has moved)."""

    text: str = ""
    cursor: int = MOVED


def catch_open(controller: TableController) -> bool:
    """Whether the seat can catch a seat that forgot UNO now (U2)."""
    return applies("catch", controller.session.match, controller.you)


def takes_enter(controller: TableController) -> bool:
    """Whether Enter takes the hint's move now: a catch while it is open, else a move until the cursor moves."""
    hinted = controller.hinted
    if isinstance(hinted, CatchUno):
        return catch_open(controller)
    return isinstance(hinted, (Play, Draw, Pass, Accept)) and controller.hint_on_show.cursor == controller.cursor


def cursor_moved(controller: TableController) -> None:
    """The player moved the cursor: Enter plays the card under it from now on, whatever the hint said."""
    controller.hint_on_show = controller.hint_on_show._replace(cursor=MOVED)


def give(controller: TableController) -> None:
    """The hint for the seat's decision now: a catch first while one is open, else the expert's move."""
    if catch_open(controller):
        exposed = controller.session.match.round.exposed
        assert exposed is not None
        hint = Hint(CatchUno(controller.you), words.catch_first(controller.session.names[exposed]))
        controller.hinted = hint.action
        controller.session.count_hint()
        controller.report_saving()
    else:
        hint = controller.take_hint()
    # The advised card under the cursor: enter then plays it, and the eye finds it in the hand.
    cards = hand_cards(controller.session.match, controller.you)[0]
    advised = hint.action.card if isinstance(hint.action, (Play, JumpIn)) else None
    if advised in cards:
        controller.cursor = cards.index(advised)
        controller.cursor_to_playable = False
    controller.hint_on_show = HintOnShow(hint.text, controller.cursor)
    controller.show_table()  # the hand's title and the key bar say what Enter does now
    show(controller)


def show(controller: TableController) -> None:
    """The hint on show, with "(enter)" while Enter takes its move."""
    text = controller.hint_on_show.text
    if controller.hinted is not None and text:
        controller.send(HintShown(words.with_enter(text) if takes_enter(controller) else text))


def enter(controller: TableController) -> None:
    """Enter: the hint's move while ``takes_enter``, else the card under the cursor."""
    hinted = controller.hinted
    # A Wild Draw Four's colour is still asked, the hint's picked out (play_wild_draw_four).
    four = isinstance(hinted, Play) and hinted.card.rank is Rank.WILD_DRAW_FOUR
    if hinted is None or not takes_enter(controller) or four:
        controller.play_selected()
    elif isinstance(hinted, CatchUno):
        controller.catch()
    elif controller.is_players_decision():
        action: Action = hinted
        hint_uno = None  # issue 34: the move's own line says it followed the hint
        if isinstance(hinted, Play):
            hint_uno = hinted.uno
            action = Play(hinted.card, hinted.color, hinted.uno or controller.uno_ahead.armed)  # UNO said ahead too
        controller.act(action, hint_uno=hint_uno)


class Followed(NamedTuple):
    """The hint's move, about to be made: ``partner`` is the seat its words named to swap with (H4), if any."""

    partner: int | None


def following(controller: TableController, action: Action) -> Followed | None:
    """Before ``action`` is applied: whether it is the hint's move (its card), and whom the hint named."""
    hinted = controller.hinted
    if not (isinstance(action, (Play, JumpIn)) and isinstance(hinted, (Play, JumpIn)) and hinted.card == action.card):
        return None
    mine = action.seat == controller.you if isinstance(action, JumpIn) else controller.session.is_human_turn()
    if not mine:  # H5: a bot's jump-in with the twin of the hinted card
        return None
    return Followed(swap_partner(controller.session.view(), action.card))


def carried(controller: TableController, followed: Followed | None) -> Action | None:
    """After the hint's move: the target its question offers first, as the hint's (issue 34); else None.

    A 7 (H4) offers the seat the hint named; a Green Shell (I3) from the hint's Item Box the expert's
    choice. Found in play: after "Play Y7: …, and Mario holds the fewest cards" and Enter, the swap's
    dialog asked again with nothing chosen, where the colour of a hinted Wild Draw Four is chosen.
    """
    session = controller.session
    if followed is None or not session.is_human_turn() or session.view().phase is not Phase.CHOOSE_TARGET:
        return None
    if followed.partner is not None and session.view().choice_for == "seven":
        return ChooseTarget(followed.partner)
    advice = controller.advisor.hint()  # not counted: the player took the move's hint, of which this is part
    return advice.action if isinstance(advice.action, ChooseTarget) else None


def hinted_target(controller: TableController) -> int | None:
    """The seat the hint chose for the target asked now (a 7's swap, a Green Shell), or None."""
    hinted = controller.hinted
    return hinted.seat if isinstance(hinted, ChooseTarget) else None


def hinted_answer(controller: TableController) -> str | None:
    """The answer the hint chose to the Wild Draw Four asked about now: "accept", "challenge", "stack" or None.

    Issue 34: found in play, the challenge dialog's hint (t) named an answer that Enter did not take, where the
    colour and target dialogs' Enter takes the hint's choice.
    """
    hinted = controller.hinted
    if isinstance(hinted, Accept):
        return "accept"
    if isinstance(hinted, Challenge):
        return "challenge"
    if isinstance(hinted, Play) and hinted.card.rank is Rank.WILD_DRAW_FOUR:  # H2: stacking one's own
        return "stack"
    return None


def hand_status(controller: TableController, status: str) -> str:
    """The hand's title's words for the turn: what Enter does when it takes a hint that plays no card."""
    if not takes_enter(controller):
        return status
    hinted = controller.hinted
    if isinstance(hinted, CatchUno):
        exposed = controller.session.match.round.exposed
        assert exposed is not None
        return words.status_catch(controller.session.names[exposed])
    if isinstance(hinted, Draw):
        return words.status_draw()
    if isinstance(hinted, Pass):
        return words.status_keep()
    if isinstance(hinted, Accept):
        return words.status_take()
    return status
