"""Why the table refuses a seat's action, in the player's language.

The engine explains every illegal action in English (``RulesError``: its words are part of the
public contract, read by bots and tests, and the engine cannot reach the voice). The table says
it again from what the seat sees, as whole sentences, for the refusals a player reaches by
pressing keys: a card that does not match (T1, T2), a card other than the one just drawn (T3),
a card that cannot go on a pending total (H1-H3), a draw, a keep or a take out of their moment,
a catch with nobody to catch (U3), a jump-in that is not a rule or not a jump-in (H5). Anything
else is "That move is not allowed now.", never the engine's English.

In English the sentences are the engine's own, so a player reads the same words either way.
"""

from __future__ import annotations

from unokart_tui.engine import (
    Accept,
    Action,
    Card,
    CatchUno,
    Draw,
    JumpIn,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rank,
    SayUno,
)

from . import _, ngettext
from .cards import color_word, long, rank_label


def refusal(action: Action, view: PlayerView) -> str:
    """Why ``action`` of ``view``'s seat was refused, ``view`` being the table as it was then."""
    if view.phase is Phase.OVER:
        return _("The round is over.")
    reason: str | None
    if isinstance(action, Play):
        reason = _refused_play(action.card, view)
    elif isinstance(action, (Draw, Pass, Accept)):
        reason = _out_of_its_moment(action, view)
    elif isinstance(action, CatchUno):
        reason = _refused_catch(action.seat, view)
    elif isinstance(action, SayUno) and view.exposed is None:
        reason = _("Nobody needs to say UNO now.")
    elif isinstance(action, JumpIn):
        reason = _refused_jump_in(action.seat, view)
    else:
        reason = None
    return _("That move is not allowed now.") if reason is None else reason


def _refused_play(card: Card, view: PlayerView) -> str | None:
    phase = view.phase
    if phase is Phase.DRAWN and view.drawn is not None and card != view.drawn:
        return _("You may only play the card you just drew ({card}), or keep it.").format(card=long(view.drawn))
    stacking = phase is Phase.STACK or (phase is Phase.CHALLENGE and view.rules.stack_draw_four)
    if stacking:
        return _refused_stack(card, view)
    if phase is not Phase.PLAY and phase is not Phase.DRAWN:
        return None
    if card not in view.hand:
        return _("You have no {card}.").format(card=long(card))
    colour = view.active_color
    if card.color is None or colour is None:
        return None  # a wild card always matches (T2): refused for its colour, which a key never gets wrong
    top = view.top_card
    if top.color is None:
        wanted = _("{card} can't go on {top}: play {colour}, or a wild card.")
        return wanted.format(card=long(card), top=long(top), colour=color_word(colour))
    wanted = _("{card} can't go on {top}: play {colour} or {rank}, or a wild card.")
    return wanted.format(card=long(card), top=long(top), colour=color_word(colour), rank=rank_label(top.rank))


def _refused_stack(card: Card, view: PlayerView) -> str:
    """H1-H3: on a pending total only a stacking card goes; which ones, the top card and the rules say."""
    total = view.pending_draw
    if view.top_card.rank is Rank.DRAW_TWO and view.rules.stack_cross:
        words = ngettext(
            "{card} can't go on a pending +{total}: stack a Draw Two or a Wild Draw Four, or take the {total}.",
            "{card} can't go on a pending +{total}: stack a Draw Two or a Wild Draw Four, or take the {total}.",
            total,
        )
    elif view.top_card.rank is Rank.DRAW_TWO:
        words = ngettext(
            "{card} can't go on a pending +{total}: stack a Draw Two, or take the {total}.",
            "{card} can't go on a pending +{total}: stack a Draw Two, or take the {total}.",
            total,
        )
    else:
        words = ngettext(
            "{card} can't go on a pending +{total}: stack a Wild Draw Four, or take the {total}.",
            "{card} can't go on a pending +{total}: stack a Wild Draw Four, or take the {total}.",
            total,
        )
    return words.format(card=long(card), total=total)


def _out_of_its_moment(action: Draw | Pass | Accept, view: PlayerView) -> str | None:
    """A draw, a keep or a take pressed when the decision is another one."""
    phase = view.phase
    if isinstance(action, Draw):
        if phase is Phase.DRAWN:
            return _("You can't draw now: play the card just drawn or keep it.")
        if phase is Phase.STACK:
            return _("You can't draw now: stack a draw card on the total or take it.")
    elif isinstance(action, Pass):
        if phase is Phase.PLAY:
            return _("You can't keep a drawn card now: play a card or draw.")
        if phase is Phase.STACK:
            return _("You can't keep a drawn card now: stack a draw card on the total or take it.")
        drawn = view.drawn
        if phase is Phase.DRAWN and drawn is not None and view.rules.must_play_drawn:  # H7
            return _("You must play the card you drew ({card}): it can be played.").format(card=long(drawn))
    elif phase is Phase.PLAY:
        return _("You can't accept a Wild Draw Four now: play a card or draw.")
    elif phase is Phase.DRAWN:
        return _("You can't accept a Wild Draw Four now: play the card just drawn or keep it.")
    return None


def _refused_catch(seat: int, view: PlayerView) -> str:
    if view.exposed is None:
        return _("Nobody can be caught without UNO now.")
    if view.exposed == seat:
        return _("You can't catch yourself: say UNO instead.")
    return _("That move is not allowed now.")


def _refused_jump_in(seat: int, view: PlayerView) -> str | None:
    """H5: the seat's twin of the top card was found; the moment or the rules refused it."""
    if not view.rules.jump_in:
        return _("Jumping in is not a rule of this match.")
    if view.phase is Phase.PLAY and seat == view.current:
        return _("It is your turn: play the card normally.")
    return None
