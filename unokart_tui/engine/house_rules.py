"""House rules (HOUSE_RULES.md H1-H9): switches on top of RULES.md, and the four presets.

``HouseRules()`` is RULES.md exactly. The engine knows the presets itself and reads no
file: presets as files, and players' own, are read outside it and built with
``HouseRules(**switches)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .cards import RulesError, is_whole

BANANA_VALUES = ("previous-seat", "last-turn")  # H8
HAND_SIZES = range(5, 11)  # H9

# Each switch, its rule id and its default: the defaults are RULES.md.
SWITCHES: Mapping[str, object] = MappingProxyType(
    {
        "stack_draw_two": False,  # H1
        "stack_draw_four": False,  # H2
        "stack_cross": False,  # H3
        "seven_zero": False,  # H4
        "jump_in": False,  # H5
        "draw_until_playable": False,  # H6
        "must_play_drawn": False,  # H7
        "banana": "previous-seat",  # H8
        "hand_size": 7,  # H9
    }
)
RULE_IDS: Mapping[str, str] = MappingProxyType({name: f"H{index}" for index, name in enumerate(SWITCHES, start=1)})

PRESETS: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        "official": {},
        "house": {"stack_draw_two": True, "stack_draw_four": True, "draw_until_playable": True},
        "party": {
            "stack_draw_two": True,
            "stack_draw_four": True,
            "stack_cross": True,
            "seven_zero": True,
            "jump_in": True,
        },
        "chaos": {
            "stack_draw_two": True,
            "stack_draw_four": True,
            "stack_cross": True,
            "seven_zero": True,
            "jump_in": True,
            "draw_until_playable": True,
            "must_play_drawn": True,
        },
    }
)


def _shown(value: object, most: int = 40) -> str:
    """A value quoted short enough for a message, whatever it is (a preset file may hold anything)."""
    text = repr(value)
    return text if len(text) <= most else f"{text[: most - 1]}…"


def check_switch(name: str, value: object) -> None:
    """A ``RulesError`` naming the switch if ``value`` is not one of its values (``name`` is a switch)."""
    default = SWITCHES[name]
    if isinstance(default, bool):
        if value is not True and value is not False:
            raise RulesError(f"house rule {name} is true or false, not {_shown(value)}")
    elif name == "banana":
        if not isinstance(value, str) or value not in BANANA_VALUES:
            raise RulesError(f'house rule banana is "previous-seat" or "last-turn", not {_shown(value)}')
    elif not is_whole(value) or value not in HAND_SIZES:
        raise RulesError(f"house rule hand_size is a whole number from 5 to 10, not {_shown(value)}")


class HouseRules:
    """The house rules of a match: immutable, hashable, compared by value.

    One attribute per switch of HOUSE_RULES.md, with its default; an unknown switch, a bad
    value or an impossible combination raises ``RulesError``.
    """

    __slots__ = tuple(SWITCHES)

    stack_draw_two: bool
    stack_draw_four: bool
    stack_cross: bool
    seven_zero: bool
    jump_in: bool
    draw_until_playable: bool
    must_play_drawn: bool
    banana: str
    hand_size: int

    def __init__(self, **switches: Any) -> None:
        unknown = sorted(set(switches) - set(SWITCHES))
        if unknown:
            raise RulesError(f"unknown house rule {_shown(unknown[0])} (the switches: {', '.join(SWITCHES)})")
        for name, default in SWITCHES.items():
            value = switches.get(name, default)
            check_switch(name, value)
            object.__setattr__(self, name, value)
        if self.stack_cross and not (self.stack_draw_two and self.stack_draw_four):  # H3
            raise RulesError("house rule stack_cross needs stack_draw_two and stack_draw_four on too")

    @classmethod
    def preset(cls, name: str) -> HouseRules:
        """One of the presets of HOUSE_RULES.md: ``official``, ``house``, ``party``, ``chaos``."""
        switches = PRESETS.get(name) if isinstance(name, str) else None
        if switches is None:
            raise RulesError(f"unknown preset {_shown(name)} (the presets: {', '.join(PRESETS)})")
        return cls(**switches)

    def replace(self, **switches: Any) -> HouseRules:
        """A copy with ``switches`` changed."""
        return HouseRules(**{**self.as_dict(), **switches})

    def as_dict(self) -> dict[str, object]:
        """Every switch with its value, in the order of HOUSE_RULES.md."""
        return {name: getattr(self, name) for name in SWITCHES}

    def enabled(self) -> dict[str, object]:
        """The switches that differ from RULES.md, with their values, for display."""
        return {name: value for name, value in self.as_dict().items() if value != SWITCHES[name]}

    @property
    def preset_name(self) -> str | None:
        """The preset these rules are, or ``None`` for another combination."""
        return next((name for name in PRESETS if HouseRules.preset(name) == self), None)

    @property
    def is_official(self) -> bool:
        return not self.enabled()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in SWITCHES)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HouseRules):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        changed = ", ".join(f"{name}={value!r}" for name, value in self.enabled().items())
        return f"HouseRules({changed})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("house rules cannot be changed: use replace()")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("house rules cannot be changed: use replace()")

    def __reduce__(self) -> tuple[type[HouseRules], tuple[()], dict[str, object]]:
        return HouseRules, (), self.as_dict()

    def __setstate__(self, state: dict[str, object]) -> None:
        rebuilt = HouseRules(**state)
        for name in SWITCHES:
            object.__setattr__(self, name, getattr(rebuilt, name))

    def __copy__(self) -> HouseRules:
        return self

    def __deepcopy__(self, memo: object) -> HouseRules:
        return self


OFFICIAL = HouseRules()
