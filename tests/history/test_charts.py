"""The charts drawn as text: whatever the size, what they show stays inside it."""

from __future__ import annotations

from unokart_tui.history.charts import ScoreRace, line_chart, plain


def test_a_legend_that_wraps_takes_its_lines_from_the_plot():
    # Found in play: nine players' legend wrapped onto a second line under a 9-line chart, cut off.
    names = ("Annabelle", "Mario", "Luigi", "Peach", "Toad", "Yoshi", "Bowser", "Daisy", "Wario", "Rosalina")
    race = ((0,) * 10, (120, 0, 0, 0, 0, 0, 0, 0, 0, 15), (310, 0, 40, 0, 0, 0, 0, 0, 0, 15))
    lines = ScoreRace(names, race, 500).draw(60, 9)
    assert len(lines) == 9
    text = plain(lines)
    assert all(f"{name} " in text for name in names) and "several" in text
    assert max(len(line) for line in text.splitlines()) <= 60


def test_a_one_line_legend_leaves_the_plot_its_height():
    lines = ScoreRace(("Ann", "Mario"), ((0, 0), (60, 20)), 500).draw(60, 9)
    assert len(lines) == 9 and "Ann 60" in plain(lines[-1:]) and "Mario 20" in plain(lines[-1:])


def test_a_score_under_the_target_is_drawn_under_its_line_however_short_the_chart():
    # Found in play: at 80x24 a short chart drew 118 (target 150) on the target's line.
    lines = line_chart([[0, 118], [0, 150]], width=30, height=5, top=150, marks=[150])
    text = plain(lines).splitlines()
    target_row = next(index for index, line in enumerate(text) if line.lstrip().startswith("150"))
    first = next(index for index, line in enumerate(text) if "●" in line)
    assert first > target_row  # the first series' last point (118) is under the 150 line


def test_no_points_are_never_labelled_with_the_target_however_short_the_chart():
    # Found in play at 80x24: two rows for a target of 30 under a top of 100 put 0-point players by "30".
    for height in (4, 5, 6):
        text = plain(line_chart([[0, 0], [0, 100]], width=30, height=height, top=100, marks=[30])).splitlines()
        last = text[next(index for index, line in enumerate(text) if "└" in line) - 1]  # the plot's bottom row
        assert last.lstrip().startswith("0┤") and "✱" in last, (height, text)
        target = next(line for line in text if line.lstrip().startswith("30"))
        assert "✱" not in target and "●" not in target
