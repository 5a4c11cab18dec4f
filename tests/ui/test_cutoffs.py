"""Words that must fit whole in Slovak and Dutch too (issue 32's playtest: cut-offs at 80x24 and 120x40).

An App costs more than a look at it (issue 30: the suite's time). A screen drawn anew (the new game form, the
house rules, the help) is opened in each language in turn in one App: a language holds from the next screen
drawn, as the Language setting makes it (``use_process_language``). A table keeps the words of the moves
already made in the language it was dealt in, so a test that reads more of a table than words worked out at
each show deals one table a language, and goes through
the sizes by resizing the terminal: the table lays itself out anew from the size on every resize, as at the
start (a table with three or nine opponents resized from 80x24 or 110x32 drew, character for character, what
one started at 110x32, 120x40 or 160x48 drew).

The help's items, each name apart from what it does, are read in the help that ``test_language_lines`` opens
for its key lines: the same dialog, at the same sizes and in the same languages.
"""

from __future__ import annotations

import pytest

from unokart_tui.tui.widgets.players import who_plays
from unokart_tui.voice import speaking, use_process_language
from unokart_tui.voice.names import difficulty_name, personality_name, personality_short


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
@pytest.mark.parametrize("width", range(6, 30))
def test_a_bots_box_never_cuts_its_difficulty_word(language, width):
    # Found in play at 120x40: "chamtivý · normáln", "hebzuchtig · norma".
    with speaking(language):
        shown = who_plays("greedy", "normal", width)
        level, names = difficulty_name("normal"), {personality_name("greedy"), personality_short("greedy")}
    assert len(shown) <= width
    head, _dot, tail = shown.replace(" · ", "·").replace(", ", "·").partition("·")
    assert head in names or min(map(len, names)) > width  # a name whole, unless none fits at all
    assert tail in ("", level)
    assert "·" not in shown.replace(" · ", "")  # never squeezed: "hebzuchtig·normaal" read as one word


def test_slovak_greedy_at_normal_keeps_both_words_apart_in_a_side_seat():
    with speaking("sk"):
        assert who_plays("greedy", "normal", 18) == "chamtivý, normálny"
        assert who_plays("greedy", "normal", 19) == "chamtivý · normálny"


async def test_a_side_seat_at_120x40_names_the_bot_and_its_level_apart():
    """One table, shown again in Slovak, then in Dutch: a seat's first line is worked out at each show."""
    # Found in play (nl, 120x40): "hebzuchtig·normaal", personality and difficulty squeezed into one word.

    from .helpers import make_app, settle

    app = make_app(bots=("greedy", "challenger", "item-hoarder"), seed=7, profile="normal")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for language in ("sk", "nl"):
            use_process_language(language)
            app.screen.render_table()
            await pilot.pause()
            sides = [seat for seat in app.screen.query(".side SeatView") if seat.info is not None]
            lines = {seat.info.kind: str(seat.render()).splitlines()[0] for seat in sides}
            expected = {kind: f"{personality_name(kind)} · {difficulty_name('normal')}" for kind in lines}
            assert len(lines) == 2 and lines == expected, language
    app.session.close()


# The New game summary and a house rules line kept whole at 80x24, in each language: read in the forms that
# test_language_lines opens in each language for its Tab test (the same form, at the same size, issue 30).


def test_a_banner_never_leaves_the_points_word_alone_on_a_line():
    # Found in play at 120x40 (nl): "★ Mario wint de ronde: +45" and "punten" on the next line.
    from unokart_tui.tui.widgets.banner import counts_kept_whole

    text = "★ Mario wint de ronde: +45 punten"
    for width in range(12, 40):
        lines = counts_kept_whole(text, width).split("\n")
        assert all(len(line) <= width for line in lines)
        assert any("+45 punten" in line for line in lines)
    assert counts_kept_whole(text, 40) == text


async def test_the_banner_widget_draws_its_text_kept_whole():
    from textual.app import App

    from unokart_tui.tui.widgets.banner import BannerView
    from unokart_tui.voice.banners import Banner

    class OneBanner(App[None]):
        CSS = "BannerView { width: 32; }"

        def compose(self):
            yield BannerView()

    application = OneBanner()
    async with application.run_test(size=(40, 8)) as pilot:
        view = application.query_one(BannerView)
        view.banner = Banner("★ Mario wint de ronde: +45 punten", "win")
        await pilot.pause()
        rows = [line.text.strip("┃ ") for line in view.render_lines(view.region.reset_offset)]
    assert "+45 punten" in rows


@pytest.mark.parametrize("language", ["sk", "nl"])
@pytest.mark.parametrize("opponents", [3, 9])
async def test_an_item_and_a_seven_banner_take_one_line_or_two_on_the_table(language, opponents):
    """One table a language and line-up, at 80x24, 110x32 and 120x40 in turn (resized)."""
    # Found in play at 120x40 (sk): the banner between the side seats wrapped to three lines of 28,
    # "┃Banánová šupka — Mario ťahá┃" and "┃2┃"; at 110x32 with nine opponents it had no row at all.
    from unokart_tui.voice import _
    from unokart_tui.voice.banners import Banner

    from .helpers import make_app, settle

    bots = (("greedy", "challenger", "item-hoarder", "random") * 3)[:opponents]
    with speaking(language):
        what = _("{name} draws {count}").format(name="Mario", count=2)
        item = _("{name}'s Item Box: {card} {icon} {item} — {what}").format(
            name="Mario", card="Z5", icon="☽", item=_("Banana"), what=what
        )
        seven = _("7 — {name} swaps hands with {other}").format(name="Mario", other="Luigi")
        app = make_app(bots=bots, seed=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            for size in ((80, 24), (110, 32), (120, 40)):
                if app.size != size:
                    await pilot.resize_terminal(*size)
                    await pilot.pause()
                assert tuple(app.size) == size
                for text in (item, seven):
                    screen.controller.show_banner(Banner(text, "item"))
                    await pilot.pause()
                    shown = [view for view in screen.query("BannerView") if view.region.height > 0]
                    assert len(shown) == 1, (size, text)
                    view = shown[0]
                    lines = [strip.text for strip in view.render_lines(view.region.reset_offset)]
                    rows = [line.strip("┃ ") for line in lines[1:-1]]  # inside its heavy border
                    rows = [row for row in rows if row]
                    assert 1 <= len(rows) <= 2 and " ".join(rows) == text, (size, rows)
                    drawn = screen.find_widget(view)
                    assert drawn.clip.contains_region(drawn.region), size  # its whole box on the screen, both edges
        app.session.close()


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
async def test_a_seat_skipped_by_a_player_says_by_whom_whole_at_80x24(language):
    # Found in play (sk, 80x24): "stojí kvôli hráčo…", who made the seat lose its turn cut off.
    from unokart_tui.voice import _

    from .helpers import make_app, settle

    with speaking(language):
        app = make_app(seed=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            words = _("skipped by {name}").format(name="Bowser")
            row = screen.rows[2]
            screen.controller.notes.last[2] = words  # as a move writes it: the screen lets the row wrap
            screen.render_table()
            await pilot.pause()
            panel = screen.query_one("#opponents")
            drawn = [strip.text for strip in row.render_lines(row.region.reset_offset)]
            assert row.region in panel.content_region  # every line of it in the panel
            assert screen.rows[0].region.bottom <= panel.content_region.bottom
        app.session.close()
    first = drawn[0].rstrip().rstrip("0123456789")  # the score ends the first line
    shown = " ".join(" ".join([first, *drawn[1:]]).split())
    assert "…" not in shown and " ".join(words.split()) in shown, drawn


@pytest.mark.parametrize("language", ["en", "sk", "nl"])
async def test_the_item_that_went_off_is_named_whole_under_the_piles(language):
    """One table a language, at 110x32, 120x40 and 160x48 in turn (resized)."""
    # Found in play (sk, 120x40): "☽ Banánová" under the discard pile, the rest of "☽ Banánová šupka!" cut.
    from unokart_tui.engine import Item
    from unokart_tui.voice.cards import item_label

    from .helpers import make_app, settle

    with speaking(language):
        app = make_app(seed=7)
        async with app.run_test(size=(110, 32)) as pilot:
            await settle(pilot)
            table = app.screen.table
            for size in ((110, 32), (120, 40), (160, 48)):
                if app.size != size:
                    await pilot.resize_terminal(*size)
                    await pilot.pause()
                assert tuple(app.size) == size
                for item in Item:
                    table.info = table.info._replace(item=item)
                    await pilot.pause()
                    count, played = table.query_one("#pile-count"), table.query_one("#played-by")
                    assert count.region.right == played.region.x, size  # side by side, one line under both piles
                    under = "".join(label.render_lines(label.region.reset_offset)[0].text for label in (count, played))
                    assert f"{table.info.glyphs.items[item]} {item_label(item)}!" in under, (size, under)
        app.session.close()
