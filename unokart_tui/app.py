"""The unokart application: a title, the styles, and the first screen."""

from __future__ import annotations

from textual.app import App

from .screens.game import DEFAULT_BOT_DELAY, GameScreen
from .session import Session


class UnoKartApp(App[str]):
    TITLE = "unokart"
    SUB_TITLE = "UNO Mario Kart"
    CSS_PATH = "unokart.tcss"

    def __init__(self, session: Session, *, bot_delay: float = DEFAULT_BOT_DELAY) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay

    def get_default_screen(self) -> GameScreen:
        # The table is the first screen itself: no blank default screen to draw and replace.
        return GameScreen(self.session, bot_delay=self.bot_delay)
