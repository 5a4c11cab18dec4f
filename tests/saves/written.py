"""What a save writes, counted: the tests of a move's save cost (issue 36)."""

from __future__ import annotations

from unokart_tui.engine import actions as engine_actions

ACTIONS = ("Play", "Draw", "Pass", "Accept", "Challenge", "ChooseColor", "ChooseTarget", "SayUno", "CatchUno")


def counting_strings(monkeypatch) -> list[int]:
    """Counts every action written as text (each action class's ``__str__``)."""
    written = [0]
    for name in ACTIONS:
        cls = getattr(engine_actions, name)
        plain = cls.__str__

        def counted(self, plain=plain):
            written[0] += 1
            return plain(self)

        monkeypatch.setattr(cls, "__str__", counted)
    return written
