"""The game's defaults, each in one place: a new match, the command line, the new-game form
and the settings all start from these.

Plain values and no imports: the command line builds its help from them at every start,
and the title screen starts without loading the engine or the bots.
"""

from __future__ import annotations

# E4. The rule lives in the engine (``unokart_tui.engine.DEFAULT_TARGET``); it is written here
# again only because the title screen would otherwise load the engine before its first frame
# (about 7 ms, docs/performance.md). tests/test_defaults.py holds the two equal.
TARGET = 500

PLAYER_NAME = "You"
MAX_NAME = 20  # a player's name: the players panel shows its start, the log the rest
LINE_UP = ("greedy", "challenger", "item-hoarder")  # the opponents of a match nobody configured
TURN_SECONDS = 45  # a turn's clock at a table for friends, until its opener sets another (issue 31)

# One name for each opponent, so the table can seat as many as the rules allow (D1: 10 players).
BOT_NAMES = ("Mario", "Luigi", "Peach", "Yoshi", "Toad", "Bowser", "Daisy", "Wario", "Koopa")
MAX_OPPONENTS = len(BOT_NAMES)

BOT_SPEEDS = {"slow": 1.4, "normal": 0.7, "fast": 0.3, "instant": 0.0}  # seconds a bot thinks before it acts
BOT_SPEED = "normal"
BOT_DELAY = BOT_SPEEDS[BOT_SPEED]

THEME = "unokart-dark"  # unokart_tui/tui/themes.py defines it
# "auto": Unicode symbols when the locale is UTF-8 (and not on the Linux console), else ASCII (glyphs.py).
GLYPHS = "auto"
GLYPH_CHOICES = ("auto", "unicode", "ascii")
