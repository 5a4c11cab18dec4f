"""The command palette's commands: Textual's own and the game's, found by their name or by what they do."""

from __future__ import annotations

from collections.abc import Iterator

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from ...voice import N_, _
from ..app import UnoKartApp
from ..themes import THEME_LABELS

# The glyph sets the palette offers (glyphs.py), and what each does.
GLYPH_COMMANDS = {
    "unicode": N_("Cards and items drawn with Unicode symbols"),
    "ascii": N_("Cards and items in plain ASCII, for terminals and fonts that lack the symbols"),
    "auto": N_("Unicode when the locale is UTF-8, else ASCII"),
}


def game_commands(app: UnoKartApp) -> Iterator[SystemCommand]:
    """The game's commands, as the app stands now: no Continue at the table, no theme already in use."""
    yield SystemCommand(_("New game"), _("Start a new match against bots"), app.action_new_game)
    if app.session is None:  # at the table, the match being played is the one to continue
        yield SystemCommand(_("Continue"), _("Resume the most recent unfinished match"), app.action_continue_latest)
    yield SystemCommand(_("Load game"), _("Open a saved match"), app.action_load_game)
    yield SystemCommand(_("Statistics"), _("Your matches: win rates, streaks, charts, replays"), app.action_statistics)
    yield SystemCommand(_("Rules"), _("How to play, and the keys"), app.action_rules)
    yield SystemCommand(
        _("Settings"), _("Bot speed, theme, motion, symbols, UNO helper, quitting"), app.action_settings
    )
    if app.settings.reduce_motion:
        yield SystemCommand(
            _("Motion: on"), _("Cards move across the table again"), lambda: app.change_settings(reduce_motion=False)
        )
    else:
        yield SystemCommand(
            _("Reduce motion"),
            _("Cards no longer move across the table"),
            lambda: app.change_settings(reduce_motion=True),
        )
    for choice, what in GLYPH_COMMANDS.items():
        if choice != app.settings.glyphs:
            yield SystemCommand(
                _("Symbols: {choice}").format(choice=choice),
                _(what),
                lambda choice=choice: app.change_settings(glyphs=choice),
            )
    for name, label in THEME_LABELS.items():
        if name != app.theme:
            yield SystemCommand(
                _("Theme: {theme}").format(theme=_(label)),
                _("Saved, like every setting"),
                lambda name=name: app.change_settings(theme=name),
            )


def palette_commands(app: UnoKartApp, screen: Screen[object]) -> list[SystemCommand]:
    """Every command the palette offers on ``screen``: Textual's (themes, keys, screenshot, quit), then the game's."""
    return [*app.get_system_commands(screen), *game_commands(app)]


class PaletteCommands(Provider):
    """The palette's commands, found by their name or by what they do (found in play: "speed" found
    nothing, though Settings says "Bot speed"). A name that matches comes before a description."""

    def _commands(self) -> list[SystemCommand]:
        app = self.app
        assert isinstance(app, UnoKartApp)  # the palette of unokart's app, which names this provider
        return palette_commands(app, self.screen)

    async def discover(self) -> Hits:
        for name, help_text, callback, discover in sorted(self._commands(), key=lambda command: command.title):
            if discover:
                yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback, *_rest in self._commands():
            by_name = matcher.match(name)
            if by_name > 0:
                yield Hit(by_name, matcher.highlight(name), callback, text=name, help=help_text)
            elif (by_help := matcher.match(help_text)) > 0:
                yield Hit(by_help / 2, name, callback, text=name, help=help_text)
