"""The Keys page lists the colour keys the colour dialog really takes, in each language (issue 32's playtest)."""

from __future__ import annotations

import pytest

from unokart_tui.engine import Color
from unokart_tui.rules_text import keys_text
from unokart_tui.tui.dialogs.choices import colour_key
from unokart_tui.voice import speaking


@pytest.mark.parametrize(("language", "keys"), [("en", "r y g b"), ("sk", "c l z m"), ("nl", "r l g b")])
def test_the_keys_page_names_the_colour_dialogs_own_keys(language, keys):
    # Found in play: Slovak Rules → Keys said "r y g b" while the dialog took c l z m.
    with speaking(language):
        assert " ".join(colour_key(color) for color in Color) == keys
        page = keys_text()
    assert f" {keys} " in page
    assert "{colour_keys}" not in page
