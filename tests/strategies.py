"""Hypothesis strategies the tests share. Every Hypothesis test is derandomized (the profile in conftest)."""

from __future__ import annotations

from hypothesis import strategies as st

from unokart_tui.engine import HouseRules


def house_rules() -> st.SearchStrategy[HouseRules]:
    """Any possible combination of the switches (H3 only with H1 and H2)."""

    def build(flags: list[bool], banana: str, hand_size: int) -> HouseRules:
        two, four, cross, seven, jump, until, must = flags
        return HouseRules(
            stack_draw_two=two,
            stack_draw_four=four,
            stack_cross=cross and two and four,
            seven_zero=seven,
            jump_in=jump,
            draw_until_playable=until,
            must_play_drawn=must,
            banana=banana,
            hand_size=hand_size,
        )

    return st.builds(
        build,
        st.lists(st.booleans(), min_size=7, max_size=7),
        st.sampled_from(["previous-seat", "last-turn"]),
        st.integers(5, 10),
    )
