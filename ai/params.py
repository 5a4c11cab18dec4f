"""Bot parameters: each has a default, a range and a one-line meaning."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class Param(NamedTuple):
    default: float | int
    low: float | int
    high: float | int
    meaning: str

    @property
    def is_int(self) -> bool:
        return isinstance(self.default, int)

    def check(self, name: str, value: object, where: str = "") -> float | int:
        place = f" in {where}" if where else ""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"parameter '{name}'{place} must be a number, not {value!r}")
        if self.is_int and not (isinstance(value, int) or float(value).is_integer()):
            raise ValueError(f"parameter '{name}'{place} must be a whole number, not {value!r}")
        if not self.low <= value <= self.high:
            raise ValueError(f"parameter '{name}'{place} must be from {self.low} to {self.high}, not {value!r}")
        return int(value) if self.is_int else float(value)


# Human-like habits every bot has.
COMMON: Mapping[str, Param] = {
    "forget_uno": Param(0.05, 0.0, 1.0, "chance of forgetting to say UNO with the play that leaves one card"),
    "late_uno": Param(0.5, 0.0, 1.0, "chance of noticing in time and saying UNO late after forgetting"),
    "catch_chance": Param(0.6, 0.0, 1.0, "chance of catching an opponent who forgot UNO"),
    "reaction_ms": Param(
        900, 0, 10_000, "how long it takes to react to a forgotten UNO or a chance to jump in, in milliseconds"
    ),
    "jump_in_chance": Param(0.9, 0.0, 1.0, "chance of noticing in time a card it could jump in with (house rule H5)"),
    "mistakes": Param(0.0, 0.0, 1.0, "chance of a deliberate random (but legal) move instead of its own choice"),
}


def check_params(
    specs: Mapping[str, Param], values: Mapping[str, object], owner: str, where: str = ""
) -> dict[str, float | int]:
    unknown = sorted(set(values) - set(specs))
    if unknown:
        known = ", ".join(sorted(specs))
        place = f" in {where}" if where else ""
        raise ValueError(
            f"unknown parameter{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}{place} for "
            f"the {owner} bot (its parameters: {known})"
        )
    return {name: spec.check(name, values[name], where) for name, spec in specs.items() if name in values}
