"""The hand and the key bar on their own: what they draw, where a click lands, what a key shows."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from rich.style import Style
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Static

from unokart_tui.engine import Card, Color, Draw, Phase
from unokart_tui.table.tableview import SeatLine, Standing, TableInfo
from unokart_tui.tui.dialogs.choices import ChallengeDialog
from unokart_tui.tui.dialogs.confirm import ConfirmDialog
from unokart_tui.tui.dialogs.notices import round_over
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.themes import ThemedApp
from unokart_tui.tui.widgets.gamelog import CommandText, GameLog, command_breaks
from unokart_tui.tui.widgets.hand import BIG_WIDTH, CARD_HEIGHT, CARD_WIDTH, GAP, HandState, HandView
from unokart_tui.tui.widgets.keybar import KeyBar
from unokart_tui.tui.widgets.players import held_words, last_move
from unokart_tui.tui.widgets.table import scoreboard

from .helpers import make_app, settle

CARDS = tuple(Card.parse(text) for text in ("R1", "R2", "Y3", "G4", "B5", "W+4", "WI") * 6)  # 42 cards


class HandOnly(ThemedApp):
    """The hand alone, with its own styles only (no app stylesheet), under the game's themes."""

    CSS = "HandView { height: auto; max-height: 11; border: round $secondary; }"  # the table's layout of it

    def __init__(self, state: HandState) -> None:
        super().__init__()
        self.state = state
        self.clicked: list[int] = []

    def compose(self) -> ComposeResult:
        yield HandView(id="hand")

    def on_mount(self) -> None:
        self.query_one(HandView).state = self.state

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        self.clicked.append(message.position)


def card_offset(hand: HandView, position: int) -> tuple[int, int]:
    """The middle of a card on screen, relative to the hand's corner (its border is one cell)."""
    row, column = divmod(position, hand.per_row())
    return 1 + column * (CARD_WIDTH + GAP) + CARD_WIDTH // 2, 1 + row * CARD_HEIGHT + 1 - hand.scroll_offset.y


async def test_a_long_hand_scrolls_to_the_cursor_and_clicks_land_on_the_right_card():
    app = HandOnly(HandState(CARDS, frozenset(range(0, 42, 2)), cursor=41, title="Your hand (42)"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.query_one(HandView)
        assert hand.per_row() == 11  # 78 columns inside the border, 7 per card
        assert hand.virtual_size.height == 4 * CARD_HEIGHT
        assert hand.size.height == 9  # max-height 11 with the border: three rows show
        assert hand.scroll_offset.y == CARD_HEIGHT  # the cursor's row (the fourth) is in view
        await pilot.click(HandView, offset=card_offset(hand, 40))
        await pilot.click(HandView, offset=card_offset(hand, 15))
        assert app.clicked == [40, 15]
        await pilot.click(HandView, offset=(1 + CARD_WIDTH, 2))  # the gap between two cards
        assert app.clicked == [40, 15]


async def test_a_hand_that_fits_has_no_scroll_bar():
    app = HandOnly(HandState(CARDS[:9], frozenset(), cursor=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.query_one(HandView)
        assert hand.size.height == CARD_HEIGHT
        assert not hand.show_vertical_scrollbar
        lines = [hand.render_line(y).text for y in range(CARD_HEIGHT)]
        # The cursor's card has a heavy edge; cards that cannot be played a dashed one (the cursor's
        # too, heavy and dashed: found in play, a solid one hid that it could not be played); the item in the edge.
        assert lines[0].startswith("┏┅┅┅☂┓ ╭┄┄┄☂╮ ╭┄┄┄☽╮")
        assert lines[1].startswith("┇ R1 ┇ ┆ R2 ┆ ┆ Y3 ┆")  # every card readable without colour
        assert "┆W+4 ┆ ┆ W? ┆" in lines[1]  # the short form of every screen (widgets/cardface.py)


async def test_the_cursors_card_is_solid_when_it_can_be_played():
    app = HandOnly(HandState(CARDS[:3], frozenset({0, 2}), cursor=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.query_one(HandView).render_line(0).text.startswith("┏━━━☂┓ ╭┄┄┄☂╮ ╭───☽╮")


async def test_a_fanned_hand_shows_the_card_after_the_cursor_beside_it_not_under_it():
    # Found in play: with 16 cards or more at 120x40, the cursor's card hid the next one's corner ("+2" of R+2).
    app = HandOnly(HandState(CARDS[:20], frozenset(range(20)), cursor=5))
    async with app.run_test(size=(120, 40)) as pilot:
        hand = app.query_one(HandView)
        hand.big = True
        await pilot.pause()
        layout = hand.layout_for()
        assert layout.per_row == 20 and layout.step < BIG_WIDTH  # fanned on one row
        cursor, after = hand.card_region(5), hand.card_region(6)
        assert after.x == cursor.right  # the whole cursor's card, then the next one's corner
        assert hand.card_region(4).x == cursor.x - layout.step  # the cards before it do not move
        line = hand.render_line(1).text
        start = after.x - hand.scrollable_content_region.x
        assert line[start + 1 : start + 4].strip() == "W?"  # its corner is readable (the seventh card: WI)
        await pilot.click(HandView, offset=(after.x - hand.region.x + 1, 2))
        await pilot.click(HandView, offset=(cursor.x - hand.region.x + 1, 2))
        assert app.clicked == [6, 5]


@pytest.mark.slow
async def test_full_size_cards_stay_inside_the_hand_at_every_width_count_and_cursor():
    # Found in play: 12 cards in 118 columns were laid out 119 wide, the last card's edge under the border.
    app = HandOnly(HandState(CARDS[:1], frozenset(), cursor=0))
    async with app.run_test(size=(120, 40)) as pilot:
        hand = app.query_one(HandView)
        hand.big = True
        await pilot.pause()
        for count in range(1, len(CARDS) + 1):
            hand.state = HandState(CARDS[:count], frozenset(), cursor=0)
            for width in range(2 * BIG_WIDTH, 200):
                layout = hand.layout_for(width)
                in_row = min(count, layout.per_row)
                for cursor in range(in_row):
                    right = max(layout.x(column, cursor) + layout.width for column in range(in_row))
                    assert right <= width, (count, width, cursor, layout)


class Keys(App[None]):
    BINDINGS = [
        Binding("a", "note('a')", "Apple"),
        Binding("b", "note('b')", "Banana"),
        Binding("x", "note('x')", "Hidden", show=False),
        Binding("z", "note('z')", "Zebra"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.notes: list[str] = []
        self.allowed = {"a", "b", "x"}

    def compose(self) -> ComposeResult:
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "note":
            return True if parameters[0] in self.allowed else None  # None: shown, but disabled
        return True

    def action_note(self, what: str) -> None:
        self.notes.append(what)


async def test_the_key_bar_shows_the_keys_that_apply_and_a_click_presses_one():
    app = Keys()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        text = str(bar.render())
        assert text.startswith(" a Apple  b Banana  z Zebra ")
        assert "Hidden" not in text
        assert text.rstrip().endswith("^p palette")
        await pilot.click(KeyBar, offset=(text.index("Banana"), 0))
        await pilot.click(KeyBar, offset=(text.index("Zebra"), 0))  # disabled: a bell, nothing else
        await pilot.pause()
        assert app.notes == ["b"]


async def test_the_key_under_the_mouse_lights_up():
    app = Keys()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        hover = bar.get_component_rich_style("keybar--hover").bgcolor

        def lit() -> str:
            text = bar.render()
            spans = [span for span in text.spans if getattr(span.style, "bgcolor", None) == hover]
            return "".join(text.plain[span.start : span.end] for span in spans)

        assert lit() == ""
        await pilot.hover(KeyBar, offset=(str(bar.render()).index("Apple"), 0))
        assert lit() == " a Apple "
        await pilot.hover(KeyBar, offset=(str(bar.render()).index("Zebra"), 0))
        assert lit() == ""  # a disabled key does not light up


class Form(Screen[None]):
    """A field with a key of its own, which the screen takes over (as New game's ctrl+d)."""

    BINDINGS = [
        Binding("escape", "note('back')", "Back"),
        Binding("ctrl+s", "note('start')", "Start"),
        Binding("ctrl+d", "note('defaults')", "Defaults", priority=True),
    ]

    def compose(self) -> ComposeResult:
        yield Input()
        yield KeyBar()


async def test_the_key_bar_lists_a_screens_keys_in_its_order_whatever_has_the_focus():
    # Found in play: New game's bar began with ctrl+d, whose key the focused name field binds first.
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(Form())
        await pilot.pause()
        assert isinstance(app.focused, Input)
        text = str(app.screen.query_one(KeyBar).render())
        assert text.index("Back") < text.index("Start") < text.index("Defaults")


@pytest.mark.slow
async def test_the_tables_key_bar_follows_the_game():
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.view().phase is Phase.PLAY
        text = str(screen.query_one(KeyBar).render())
        assert "Draw" in text and "Keep" not in text and "Fast" not in text
        done = len(screen.session.match.history[-1])
        await pilot.click(KeyBar, offset=(text.index("Draw"), 0))
        await pilot.pause()
        assert screen.session.match.history[-1][done] == Draw()
        text = str(screen.query_one(KeyBar).render())
        assert ("Keep" in text) == (screen.session.view().phase is Phase.DRAWN)


async def test_dialogs_show_names_as_written():
    # A player may be called "a [/] b": read as markup it crashed a dialog, and "[b]Bob" lost its brackets.
    cards = (Card.parse("R1"),)
    dialogs = [
        (round_over("a [/] b", 12, [("[b]Bob", cards, 1)], "a [/] b 12"), ["a [/] b won", "[b]Bob", "a [/] b 12"]),
        (ChallengeDialog("[b]Bob", Color.RED, 3), ["[b]Bob played", "[b]Bob has 3 cards"]),
        (ConfirmDialog("Delete a [/] b?", "[b]Bob's save goes to the trash."), ["a [/] b?", "[b]Bob's save"]),
    ]
    app = App[None]()
    async with app.run_test(size=(80, 24)) as pilot:
        for dialog, expected in dialogs:
            app.push_screen(dialog)
            await pilot.pause()
            text = "\n".join(
                line.text for static in dialog.query(Static) for line in static.render_lines(static.size.region)
            )
            for words in expected:
                assert words in text
            app.pop_screen()
            await pilot.pause()


def wcag_contrast(one, other) -> float:
    """WCAG 2 contrast of two Rich colours (relative luminance of each, then (L1 + 0.05) / (L2 + 0.05))."""

    def luminance(color) -> float:
        red, green, blue = (
            c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
            for c in (channel / 255 for channel in color.get_truecolor())
        )
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


async def test_every_card_stays_readable_in_every_state_and_theme():
    # Issue 13: unplayable cards faded to an unreadable contrast; 4.5:1 is WCAG's minimum for text.
    faces = tuple(Card.parse(text) for text in ("R1", "Y2", "G3", "B4", "WI"))
    app = HandOnly(HandState(faces, frozenset(), cursor=0))
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(HandView)
        worst = {}
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            for card in faces:
                for playable in (True, False):
                    for selected in (True, False):
                        face, _edge = hand.card_styles(card, playable, selected)
                        worst[theme, str(card), playable, selected] = wcag_contrast(face.color, face.bgcolor)
        too_faint = {state: round(ratio, 2) for state, ratio in worst.items() if ratio < 4.5}
        assert not too_faint
        assert not any(face.dim for card in faces for face, _ in [hand.card_styles(card, False, False)])


def test_a_seat_that_said_uno_shows_it_before_its_later_moves():
    """Found in play: "Luigi 1 skipped" hid that Luigi had called UNO, so a catch looked possible (U1, U2)."""
    line = SeatLine(2, "Luigi", "greedy", 1, 0, False, False, False, "skipped", said_uno=True)
    assert last_move(line, Style(), Style()).plain == "UNO skipped"
    assert last_move(line._replace(last="UNO!"), Style(), Style()).plain == "UNO!"  # said just now: once
    # A seat on one card that never said it, and was not caught in time, shows no call.
    assert last_move(line._replace(said_uno=False), Style(), Style()).plain == "skipped"


def test_the_scoreboard_gives_places_shared_on_equal_scores_and_none_while_all_are_level():
    def board(*rows: Standing, target: int = 500) -> list[str]:
        info = TableInfo(Card.parse("R1"), Color.RED, 1, 80, "first card", None, standings=rows, target=target)
        return [" ".join(line.split()) for line in scoreboard(info).plain.splitlines()]

    level = board(Standing("Ann", 0, you=True), Standing("Mario", 0, to_act=True))
    assert level == ["Ann 0 500 to go", "▶ Mario 0 500 to go"]
    ahead = board(Standing("Luigi", 520), Standing("Ann", 90, you=True), Standing("Mario", 90), Standing("Peach", 5))
    assert ahead == ["1. Luigi 520 0 to go", "2. Ann 90 410 to go", "2. Mario 90 410 to go", "4. Peach 5 495 to go"]
    assert board(Standing("Bartholomew the Great", 0))[0].startswith("Bartholome ")  # cut to its column


def test_a_command_breaks_at_spaces_and_inside_a_word_only_after_a_comma():
    command = "unokart new --seed 7 --bots expert,greedy,random,item-hoarder --rules chaos"
    lines = [line.plain.rstrip() for line in CommandText(command).wrap(Console(), 24)]
    assert lines == ["unokart new --seed 7", "--bots expert,greedy,", "random,item-hoarder", "--rules chaos"]
    assert command_breaks("unokart new --seed 7", 24) == []  # what fits is left whole


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_seed_line_never_cuts_a_word_with_nine_bots(size):
    """Found in play: with nine opponents the command to deal the match again wrapped mid-word ("greed", "y")."""
    bots = ["expert", "greedy", "random", "challenger", "item-hoarder"] * 2
    app = make_app(bots=bots[:9])
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        command = app.session.deal_again_command()
        first = next(i for i, strip in enumerate(log.lines) if strip.text.startswith("At the table"))
        shown = [strip.text.rstrip() for strip in log.lines[:first]]
        words = set(re.split(r"[\s,]+", f"Seed {app.session.match.seed}. To deal this match again: {command}"))
        assert set(re.split(r"[\s,]+", " ".join(shown))) <= words, shown


def test_the_players_own_seat_says_what_the_hand_is_worth_and_nothing_of_it_once_gone_out():
    # Issue 34's playtest: "Your 0 cards count 0 points" after going out; "counts 1 points".
    assert held_words(0, 0) == "You went out."
    assert held_words(1, 1) == "Your hand counts 1 point for whoever goes out."
    assert held_words(7, 98) == "Your hand counts 98 points for whoever goes out."
    assert held_words(1, 0) == "Your hand counts 0 points for whoever goes out."  # a lone 0 counts nothing
