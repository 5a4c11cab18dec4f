"""With every house rule off the game is RULES.md exactly, event for event (HOUSE_RULES.md).

The digests were recorded with the engine as it was before house rules existed. The bigger
run of ``python -m tests.engine.official_trace --rounds 400 --matches 20`` (3,600 random
rounds and 180 bot matches, under ``HouseRules.preset("official")``) gave, before and after:

    random rounds adeb3407202342eb73051851c8faa67e2cf92d2f00bf22df3f9a97ad046ed516
    bot matches   d93d680ece34fe49a4e1dc9412d53001bbd9cf61c3ed01a852869d8e34803a16
"""

from __future__ import annotations

import pytest

from unokart_tui.engine import HouseRules

from .official_trace import bot_matches, random_rounds

# No rules given, the official preset, and every switch given at its default: RULES.md alike.
OFFICIAL = [None, HouseRules.preset("official"), HouseRules(**HouseRules().as_dict())]


@pytest.mark.slow
@pytest.mark.parametrize("rules", OFFICIAL, ids=["none", "preset", "defaults"])
def test_random_play_is_unchanged_event_for_event(rules):
    assert random_rounds(40, rules) == "413b14a23b251e4a6f4d6606fb1bb9e1fe5223f6f2c330839a3523b2c891915b"


@pytest.mark.parametrize("rules", OFFICIAL, ids=["none", "preset", "defaults"])
def test_bot_matches_are_unchanged_event_for_event(rules):
    assert bot_matches(2, rules) == "6ede81d69fabdd8574c871bb63a51e1957add6c965b75feb7af9a42a065351ac"


def test_a_house_rule_changes_the_game():
    assert random_rounds(3, HouseRules(hand_size=6)) != random_rounds(3)
