"""What a Slovak/Dutch playtest read wrong (issue 32, item 6): lines that read glued, cut or ambiguous.

Each test looks at the screen as the player sees it, at the size and in the language the playtest
used, with the language set the way a Language setting chosen at the start sets it.

A language holds from the next screen drawn (the Language setting's way, ``use_process_language``): where
a test looks at a screen drawn anew (the settings, the help, the new game form) or at words the table works
out anew at each show (the hand's title), one App goes through the three languages in turn, opening the
screen again in each. An App and its table cost more than the look (issue 30: the suite's time).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest
from textual.app import ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static, Switch

import saves
from unokart_tui.engine import Card, HouseRules, Item, Match, Rank
from unokart_tui.settings import Settings
from unokart_tui.table.pacing import Pace
from unokart_tui.table.session import HUMAN
from unokart_tui.table.tableview import jump_in
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.guide import DRAW_OR_TAKE, JUMP_IN, KEYS, GuideDialog
from unokart_tui.tui.dialogs.house_rules import HouseRulesDialog
from unokart_tui.tui.screens.game import GameScreen
from unokart_tui.tui.screens.new_game import NewGameScreen, OpponentRow, start_summary
from unokart_tui.tui.screens.settings import SWITCHES, SettingsScreen, on_off
from unokart_tui.tui.screens.title import TitleScreen
from unokart_tui.tui.widgets.choices import ChoicesOverlay
from unokart_tui.tui.widgets.gamelog import GameLog
from unokart_tui.tui.widgets.hand import HandView
from unokart_tui.tui.widgets.hint import HintView
from unokart_tui.tui.widgets.keybar import KeyBar
from unokart_tui.voice import _, keynames, pgettext, use_process_language
from unokart_tui.voice.cards import item_label, long
from unokart_tui.voice.dates import date_time
from unokart_tui.voice.narration import LogLine

from .helpers import QUICK, make_app, play_at_engine_speed, run_clock_until, settle
from .screen import cut_to, screen_lines

QUIET = Settings(bot_speed="instant", confirm_quit=False, guide=False)
SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
LANGUAGES = ("en", "sk", "nl")


@pytest.fixture(params=["en", "sk", "nl"])
def language(request):
    """The game speaks ``request.param`` in every screen."""
    use_process_language(request.param)
    yield request.param
    use_process_language(None)


PLAYED = datetime(2026, 12, 3, 19, 6, tzinfo=UTC)


def write_save(name: str, players=("Ann", "Mario", "Luigi"), seed=3, actions=20) -> None:
    match = Match.new(list(players), seed=seed)
    for _move in range(actions):
        match.apply(match.legal_actions()[-1])
    seats = [saves.Seat(players[0])] + [saves.Seat(p, "random", seed=i) for i, p in enumerate(players[1:], 1)]
    saves.write_atomic(saves.path_of(name), saves.dumps(match, seats=seats, created=PLAYED, updated=PLAYED))


def text_of(lines) -> list[str]:
    """Lines of segments as text, trailing blanks cut."""
    return ["".join(s.text for s in line).rstrip() for line in lines]


def line_at(app, y: int) -> str:
    return "".join(segment.text for segment in screen_lines(app)[y])


def drawn_lines(widget, last: int | None = None) -> list[str]:
    """The lines ``widget`` draws in its place (its ``last`` ones only, when given), trailing blanks cut: the
    screen's, without composing the screen."""
    region = widget.region.reset_offset
    if last is not None:
        region = Region(0, region.height - last, region.width, last)
    return [strip.text.rstrip() for strip in widget.render_lines(region)]


async def back_to(pilot, screen_type) -> None:
    """Escape until ``screen_type`` is on top (a list or a dialog over a form closes first)."""
    for _escape in range(5):
        if isinstance(pilot.app.screen, screen_type):
            return
        await pilot.press("escape")
        await pilot.pause()
    raise AssertionError(f"{type(pilot.app.screen).__name__} stayed, not {screen_type.__name__}")


@SIZES
async def test_a_settings_switch_says_on_or_off_apart_from_its_label(size):
    """In each language in turn, the settings screen opened anew in it.

    Every switch whose row is in view is read from one picture of the screen; the next one out of view is
    focused, which scrolls it in (a picture and a focus for each switch drew the screen 36 times, issue 30)."""
    # Found in play: "nie Menej pohybu", "uit Minder beweging" read as one phrase ("not less motion"),
    # and Slovak line mode's label was cut with no ellipsis at 80x24 and at 120x40.
    app = UnoKartApp(settings=QUIET, pace=QUICK)
    async with app.run_test(size=size) as pilot:
        for language in LANGUAGES:
            use_process_language(language)
            await pilot.press("s")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SettingsScreen)
            waiting = list(SWITCHES)
            while waiting:
                screen.query_one(f"#{waiting[0][0]}", Switch).focus()  # scrolled into view, if it was not
                await pilot.pause()
                lines = screen_lines(app)
                view = screen.query_one(".form").region.intersection(
                    Region(0, 0, app.size.width, screen.query_one(KeyBar).region.y)
                )
                in_view = [
                    (f, label) for f, label in waiting if view.contains_region(screen.query_one(f"#{f}").parent.region)
                ]
                assert in_view and in_view[0] == waiting[0], (language, waiting[0])
                for field, label in in_view:
                    switch = screen.query_one(f"#{field}", Switch)
                    words = _(label)
                    state = on_off(switch.value)
                    row = "".join(segment.text for segment in lines[switch.region.y + 1])
                    # The state's word, then the switch, then the label: the word never runs into the label.
                    assert f"{state} {words[:12]}" not in row, (language, row)
                    assert row.index(state) < switch.region.x < row.index(words[:12]), (language, row)
                    # The whole label is on screen, wrapped where it must be, never cut.
                    label_widget = switch.parent.query_one(".switch-label", Label)
                    shown = text_of(cut_to(lines, label_widget.region))
                    assert " ".join(shown).split() == words.split(), (language, shown)
                waiting = [switch for switch in waiting if switch not in in_view]
            await back_to(pilot, TitleScreen)


# ---------------------------------------------------------------- key bars: a key and its use together


def key_bar_of(app) -> str:
    return app.screen.query_one(KeyBar).render().plain


async def help_in(pilot, language: str) -> GuideDialog:
    """The help (?) opened at the table, drawn anew in ``language``."""
    use_process_language(language)
    await pilot.press("question_mark")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, GuideDialog)
    return dialog


@SIZES
@pytest.mark.parametrize("rules", [None, HouseRules(stack_draw_two=True, jump_in=True)], ids=["official", "house"])
async def test_the_help_keeps_each_key_with_its_use_and_shows_its_last_key_line(size, rules):
    """In each language in turn, the help opened anew in it over one table. Three findings read in the same help:
    a key apart from its use, the last key line cut or ending on a separator, an item's name run into what it
    does."""
    # Found in play at 80x24: "… PgUp/Dn denník · q" and "odchod" on the next line.
    # Found in play (nl, 80x24): the keys ended "… a automatisch · z terugnemen ·" and "q stoppen" was never
    # shown: the box was measured a line shorter than its whole-word wrap.
    # Found in play (nl, the ? panel): "Bliksemschicht de rest trekt 1", the name run into its effect.
    app = make_app(seed=7, rules=rules)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for language in LANGUAGES:
            dialog = await help_in(pilot, language)
            keys, box = dialog.query_one(".keys", Static), dialog.query_one(".box")
            picture = screen_lines(app)  # one picture for the keys and the box (issue 30: each drew it anew)
            rows = text_of(cut_to(picture, keys.region))
            words = " ".join(rows)
            shown = [_(key) for key in KEYS]
            if rules is not None:  # the help names the keys of the house rules in play (H1, H5)
                shown[KEYS.index("d draw")] = _(DRAW_OR_TAKE)
                shown.append(_(JUMP_IN))
            for key in shown:
                assert key in words, (language, rows)
                assert any(key in row for row in rows), (language, key, rows)
            lines = [row.strip("│ ") for row in text_of(cut_to(picture, box.region))]
            assert any(_("q leave") in line for line in lines), (language, lines)
            assert keys.region.bottom <= box.region.bottom - 1, (language, keys.region, box.region)  # inside the border
            for row in rows:
                assert not row.strip().endswith("·") and not row.strip().startswith("·"), (language, row)
            for label in (item_label(item) for item in Item):
                row = next(line for line in lines if f" {label} " in line)
                after = row[row.index(f" {label} ") + len(label) + 1 :]
                # Two spaces, then what the item does, on its line.
                assert after.startswith("  ") and after.strip(), (language, row)
            await back_to(pilot, GameScreen)


def _top_line(app, widget) -> str:
    return "".join(s.text for s in screen_lines(app, widget.region)[0]).strip("╭╮─━┏┓ ")


@pytest.mark.parametrize("chance", ["turn", "jump_in"])
async def test_the_hand_title_never_cuts_a_word_with_the_autopilot_on(chance):
    """The title is worked out anew each time the table is shown, in the language spoken then: one table shows
    it in each language in turn. The jump-in chance is dealt at engine speed (the player drawing, as
    ``draw_until_a_jump_in`` does through the table in 2 s of CPU a language)."""
    # Found in play (sk/nl, 80x24): "… hraj (enter) alebo ťahaj (d)  [autopilot: a…".
    if chance == "turn":
        app = make_app(seed=3, pace=Pace(bot_delay=0.5, catch_window=0, banner_seconds=None))
    else:
        app = make_app(seed=2, rules=HouseRules(jump_in=True), pace=Pace(0.5, 0, jump_window=600, banner_seconds=None))
        play_at_engine_speed(app.session, lambda match: jump_in(match, HUMAN) is not None)
    async with app.run_test(size=(80, 24)) as pilot:
        if chance == "turn":
            await run_clock_until(pilot, app.session.is_human_turn)
        await pilot.press("a")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for language in LANGUAGES:
            use_process_language(language)
            screen.controller.show_table()
            await pilot.pause()
            if chance == "turn":
                assert app.session.is_human_turn()
            else:
                assert jump_in(app.session.match, HUMAN) is not None
            hand = screen.query_one(HandView)
            assert hand.state.shorter, (language, hand.state)  # the autopilot is on
            title = _top_line(app, hand)
            assert "…" not in title, (language, title)
            assert _("[autopilot: a stops]") in title or title.endswith(_("[autopilot]")), (language, title)


@pytest.mark.parametrize("spoken", ["sk", "nl"])
async def test_a_key_named_by_a_word_is_named_in_the_players_language(spoken, monkeypatch):
    # Found in play: "space Prepni", "space Wisselen". The catalogs are the lead's to fill: a stand-in voice
    # writes every key's name in capitals, so the test sees that the name goes through the voice.
    use_process_language(spoken)
    try:
        monkeypatch.setattr(keynames, "pgettext", lambda context, message: message.upper())
        app = UnoKartApp(settings=QUIET, pace=QUICK)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(HouseRulesDialog(HouseRules()))
            await pilot.pause()
            bar = key_bar_of(app)
            assert f" SPACE {_('Switch')} " in bar, bar
            assert " space " not in bar, bar
    finally:
        use_process_language(None)


def test_key_names_pass_symbols_and_letters_as_they_are(language):
    assert keynames.key_name("⏎") == "⏎" and keynames.key_name("q") == "q"
    assert keynames.key_name("space") == pgettext("a key's name", "space")


async def test_the_title_always_shows_quit(language):
    # Found in play: the Slovak title lost "q Koniec" once "c Pokračovať" was in the list.
    write_save("pondelok")
    app = UnoKartApp(settings=QUIET, pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = key_bar_of(app)
        assert f" c {_('Continue')} " in bar, bar
        assert f" q {_('Quit')} " in bar, bar


async def test_the_replay_bar_says_which_way_a_round_goes_and_keeps_close(language):
    # Found in play: "PgUp Kolo  PgDn Kolo" said no way, "g Choď na" read as cut, and "q Close" was left out.
    write_save("pondelok")
    app = UnoKartApp(settings=QUIET, pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_replay("pondelok")
        await pilot.pause()
        bar = key_bar_of(app)
        assert f" PgUp {_('Prev round')} " in bar and f" PgDn {_('Next round')} " in bar, bar
        assert _("Prev round") != _("Next round")
        assert f" g {_('Go to move')} " in bar, bar
        assert f" q {_('Close')} " in bar, bar


# ---------------------------------------------------------------- names never split across lines


PADS = range(0, 30)  # the name 0 to 29 words into its sentence: at each place a line can break
PAIRS = 15  # a hint and a log for each of 15 places at once


class _Lines(Screen):
    """Hints and logs of the sizes they have on the table, alone on a screen, each pair showing one sentence.

    Laying the table out again for each of the 180 sentences cost three quarters of this test's 4.5 CPU-s; one hint
    and one log took 180 layouts and 180 waits for an idle frame (3.6 s of the test's 6.5). Fifteen pairs lay out
    fifteen sentences at once: 12 layouts (more pairs cost more to lay out and to fill than they save, issue 30).
    The pairs below the terminal's last line are laid out as the others."""

    DEFAULT_CSS = "_Lines { overflow: hidden; }"  # no scrollbar of the screen's own: the pairs keep their widths

    def __init__(self, hint: HintView, log: GameLog) -> None:
        super().__init__()
        self.pairs = [(HintView(), GameLog()) for _pair in range(PAIRS)]
        for each_hint, each_log in self.pairs:
            each_hint.styles.width = hint.outer_size.width
            each_log.styles.width = log.outer_size.width
            each_log.styles.height = log.outer_size.height

    def compose(self) -> ComposeResult:
        for hint, log in self.pairs:
            yield hint
            yield log


async def test_a_hint_and_a_log_line_never_split_a_name():
    """One table, each language and name in turn: the lines are the hint's and the log's own.

    The table at 80x24 gives the hint and the log their widths; the sentences are then written to hints and logs
    of the same classes and sizes, on a screen of their own over the table, wrapped the same way (asserted), each
    log holding the table's lines before the test's, as the table's stands. A log's last three lines are the ones
    read: only those are drawn (drawing all ten cost as much as the rest of the test's look)."""
    # Found in play in Dutch at 80x24: "bewaar de Wild Draw" / "Four voor later".
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        on_table = screen.query_one(HintView)
        on_table.text = "a hint to give the hint its place"
        await pilot.pause()
        lines = _Lines(on_table, screen.log_view)
        await app.push_screen(lines)
        await pilot.pause()
        for hint, log in lines.pairs:
            hint.text = on_table.text
            for entry in screen.log_view.entries:  # the log as the table's stands, its lines the ones before the tests'
                log.add(entry)
        await pilot.pause()
        for hint, log in lines.pairs:
            assert hint.content_size.width == on_table.content_size.width > 0
            assert log.scrollable_content_region.width == screen.log_view.scrollable_content_region.width > 0
        for language in LANGUAGES:
            use_process_language(language)
            for name in (long(Card(None, Rank.WILD_DRAW_FOUR)), item_label(Item.GREEN_SHELL)):
                for first in range(0, len(PADS), PAIRS):
                    sentences = ["ab " * pad + name + " " + "cd " * 20 for pad in PADS[first : first + PAIRS]]
                    for (hint, log), sentence in zip(lines.pairs, sentences, strict=True):
                        hint.text = sentence
                        log.add(LogLine(sentence, faces=((name, "wild"),)))
                    await pilot.pause()
                    for (hint, log), sentence in zip(lines.pairs, sentences, strict=True):
                        hinted = [row.strip() for row in drawn_lines(hint) if row.strip()]
                        logged = [row.strip() for row in drawn_lines(log, last=3)]
                        assert all(logged), logged  # the last three lines, with the border's, are the log's last ones
                        assert any(name in row for row in hinted), (language, sentence, hinted)
                        assert any(name in row for row in logged), (language, sentence, logged)


# ---------------------------------------------------------------- dates in the reader's order


@pytest.fixture
def in_utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_english_writes_a_date_that_no_reader_takes_for_another(in_utc):
    use_process_language("en")
    try:
        assert date_time(PLAYED) == "2026-12-03 19:06"
        assert date_time(PLAYED, year=False) == "Dec 3 19:06"
        assert date_time(PLAYED, zone=True) == "2026-12-03 19:06 UTC"
    finally:
        use_process_language(None)


async def test_the_load_list_writes_its_dates_in_the_readers_order(language, in_utc):
    # Found in play: "12-03 19:06" read as 12 March to Slovak and Dutch players.
    write_save("pondelok")
    app = UnoKartApp(settings=QUIET, pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        shown = "".join(segment.text for line in screen_lines(app) for segment in line)
        assert "12-03 19:06" not in shown
        assert date_time(PLAYED, year=False) in shown or date_time(PLAYED) in shown, shown


# ---------------------------------------------------------------- New game: Tab and Enter are safe


def tab_order(screen) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """The widgets Tab goes through, in order, each by its type, id and classes."""
    return [(type(widget).__name__, widget.id, tuple(sorted(widget.classes))) for widget in screen.focus_chain]


async def summary_and_house_rules_kept_whole(pilot, form: NewGameScreen, language: str) -> None:
    """The form's summary of what Start begins, and each house rule's line in the dialog over it, kept whole."""
    # Found in play (sk, 80x24): "proti: chamtivý, skepti…".
    # Found in play (sk, 80x24): the line of "+4 na +4" went on at column 1.
    summary = form.query_one("#start-summary")
    whole = start_summary(form.read_form())
    shown = " ".join(drawn_lines(summary))
    assert " ".join(shown.split()) == " ".join(whole.split()), language
    await pilot.press("ctrl+r")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HouseRulesDialog)
    rows = [row for row in drawn_lines(pilot.app.screen.query_one("#switches")) if row.strip()]
    assert len(rows) >= 9, language
    for row in rows:
        assert row.startswith(("  [", "▸ [", "  ◂", "▸ ◂")) or row.startswith(" " * 18), (language, row)
    await pilot.press("escape")
    await pilot.pause()
    assert pilot.app.screen is form


async def test_tab_and_enter_through_new_game_never_remove_an_opponent_nor_start():
    """Walked in English; in Slovak and Dutch the form, opened anew in each, has Tab go through the same widgets
    in the same order. What Enter does on a widget is the widget's, whatever its words: walking each language
    (4 s of CPU each, issue 30) checked the same keys on the same widgets again.

    Each form, as it opens, also has its summary and its house rules' lines read whole (test_cutoffs opened the
    same three forms again for them, issue 30).

    Each widget has its two Enters once: Enter on Add adds a row and goes into it, so Tab comes back to Add
    after the new row; a second Enter there would add rows up to the most, and an earlier walk capped at
    the chain's length went round Add and never reached the seed nor the house rules. The walk ends on Start,
    whose Enter starts the match as the player asked."""
    # Found in play: Tab landed on Remove, Enter removed an opponent, and a second Enter started the match.
    chosen: list[NewGameScreen.Chosen] = []

    def hear(message) -> None:
        if isinstance(message, NewGameScreen.Chosen):
            chosen.append(message)

    app = UnoKartApp(settings=QUIET, pace=QUICK)
    async with app.run_test(size=(80, 24), message_hook=hear) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await summary_and_house_rules_kept_whole(pilot, screen, "en")
        assert app.focused is screen.query_one("#name", Input)  # the walk starts where the form put the focus
        english = tab_order(screen)
        assert not any(kind == "Button" and "remove" in classes for kind, _id, classes in english), english
        # The fields come before the buttons that act: the name, the target, then the opponents' choices.
        assert [widget_id for _kind, widget_id, _classes in english[:3]] == ["name", "target", "table-difficulty"]
        assert english[-1][1] == "start", english
        start = screen.query_one("#start", Button)
        opponents = len(screen.query(OpponentRow))

        def form_widget():  # an open list's Enter is its drop-down's
            focused = app.focused
            return focused.parent if isinstance(focused, ChoicesOverlay) else focused

        entered: list = []  # the form's widgets, each as it had an Enter
        for _step in range(3 * len(english)):  # an Enter pair and a Tab for each, and Add's new row
            widget = form_widget()
            assert not (isinstance(widget, Button) and widget.has_class("remove")), widget
            if widget is start:
                break  # Enter there starts, as the player asked for
            if widget in entered:
                await pilot.press("tab")
                await pilot.pause()
                continue
            for _enter in range(2):  # a stray Enter, and a second: a field moves on, a list opens and picks
                entered.append(form_widget())
                await pilot.press("enter")
                await pilot.pause()
            if isinstance(app.screen, HouseRulesDialog):  # the Enter opened it: leave it as it was
                await pilot.press("escape")
                await pilot.pause()
            # Nothing removed (the Add button's Enter adds one, as it says), and no match started.
            assert app.screen is screen and not chosen, app.screen
            assert len(screen.query(OpponentRow)) >= opponents
            opponents = len(screen.query(OpponentRow))
        else:
            raise AssertionError(f"Tab never reached Start; Enter went to {entered}")
        # Every widget before Start had its Enter: the form's, and the row Add added.
        assert [widget for widget in screen.focus_chain if widget not in entered] == [start]
        assert len(screen.focus_chain) == len(english) + 2
        for language in LANGUAGES[1:]:
            await back_to(pilot, TitleScreen)
            use_process_language(language)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen) and app.screen is not screen
            assert tab_order(app.screen) == english, language
            await summary_and_house_rules_kept_whole(pilot, app.screen, language)


async def test_ctrl_x_removes_the_opponent_whose_row_has_the_focus():
    """In English: ctrl+x and the row it removes are the form's, whatever its words (the Tab test above checks that
    the Slovak and Dutch forms are the same widgets in the same order); each language took 0.9 s of CPU (issue 30)."""
    app = UnoKartApp(settings=QUIET, pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        rows = list(screen.query(OpponentRow))
        rows[1].query_one(".personality", Select).focus()
        await pilot.press("ctrl+x")
        await pilot.pause()
        left = list(screen.query(OpponentRow))
        assert left == [rows[0], rows[2]]
        assert app.focused is rows[2].query_one(".personality", Select)  # the row that took its place
        screen.query_one("#name", Input).focus()
        await pilot.press("ctrl+x")  # in the name field: no opponent is meant
        await pilot.pause()
        assert len(screen.query(OpponentRow)) == 2
