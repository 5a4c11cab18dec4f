"""The voice's language is per context: one host process speaks to each player in theirs."""

import asyncio
import gettext

from unokart_tui import voice
from unokart_tui.voice import _, ngettext, use_language


class Shouting(gettext.NullTranslations):
    """A stand-in catalog: every sentence in capitals, so that a test can see it was used."""

    def gettext(self, message: str) -> str:
        return message.upper()

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return (msgid1 if n == 1 else msgid2).upper()


def test_english_when_no_language_is_chosen() -> None:
    use_language(None)
    assert _("You draw a card.") == "You draw a card."
    assert ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 card"
    assert ngettext("{n} card", "{n} cards", 5).format(n=5) == "5 cards"


def test_an_unknown_language_falls_back_to_english() -> None:
    use_language("xx")
    assert _("You draw a card.") == "You draw a card."
    use_language(None)


def test_each_task_keeps_its_own_language() -> None:
    async def speak(translation: gettext.NullTranslations | None, heard: list[str]) -> None:
        if translation is not None:
            voice._current.set(translation)
        await asyncio.sleep(0)  # let the other task run between setting and speaking
        heard.append(_("Your turn."))

    async def both() -> tuple[list[str], list[str]]:
        loud: list[str] = []
        plain: list[str] = []
        await asyncio.gather(speak(Shouting(), loud), speak(None, plain))
        return loud, plain

    loud, plain = asyncio.run(both())
    assert loud == ["YOUR TURN."]
    assert plain == ["Your turn."]
    assert _("Your turn.") == "Your turn."
