"""The expert's reasons are the voice's sentences (``voice/hints.py``); ``table/advisor.py`` only picks them."""

import ast
from pathlib import Path

from unokart_tui.engine import Card, Color, Rank
from unokart_tui.table import advisor
from unokart_tui.voice import hints as words


def _literal_keys(function: str) -> set[str]:
    tree = ast.parse(Path(advisor.__file__).read_text(encoding="utf-8"))
    keys = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        first = node.args[0]
        # A key written out, or one of two ("box behind" if ... else "box").
        choices = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
        if name == function:
            keys |= {choice.value for choice in choices if isinstance(choice, ast.Constant)}
    return keys


def test_every_reason_the_hints_pick_is_a_sentence_of_the_voice():
    plain = _literal_keys("reason")
    on = _literal_keys("_on")
    assert len(plain) >= 10 and len(on) >= 4
    picked = plain | {advisor._on(key, count) for key in on for count in (1, 2)}
    assert picked <= set(words.REASONS), picked - set(words.REASONS)
    assert set(words.REASONS) <= picked, set(words.REASONS) - picked  # no sentence left unused


def test_every_reason_fills_its_placeholders():
    values = {"name": "Mario", "colour": "blue", "percent": "40%", "card": "R5", "other": "20%", "points": 50}
    for key in words.REASONS:
        text = words.reason(key, **values)
        assert "{" not in text and text == text.strip(), key


def test_the_advice_puts_its_pieces_in_one_sentence():
    move = words.play(Card.parse("W+4"), colour=Color.BLUE, uno=True)
    assert move == "Play W+4 as blue and say UNO"
    text = words.advice(
        move, ["it gives you another turn", "nothing else fits"], words.keep_for_later(Rank.WILD_ITEM_BOX, plural=True)
    )
    assert (
        text == "Play W+4 as blue and say UNO: it gives you another turn; nothing else fits"
        " — keep the Wild Item Boxes for later"
    )
    assert words.advice(words.keep(Card.parse("G2")), []) == "Keep the G2"
    assert words.take_stack(4, could_stack=False) == "Take the 4 cards: nothing in your hand stacks on them"
