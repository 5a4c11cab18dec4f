"""The lobby of a friends' table (issue 31): who sits and watches, the opener's settings, and the start."""

from __future__ import annotations

import pytest

from unokart_tui.engine import HouseRules
from unokart_tui.friends.lobby import Lobby, LobbyRefused
from unokart_tui.friends.messages import LobbyClosed, LobbyShown, TableSeen, TableSettings
from unokart_tui.friends.people import person
from unokart_tui.voice import friends as words
from unokart_tui.voice import speaking

from ..fakeclock import FakeClock

ANN, BOB, CY, DEE = (person(f"key-{n}", n) for n in ("Ann", "Bob", "Cy", "Dee"))


class Inbox(list):
    """One person's messages, in order."""

    @property
    def last(self) -> LobbyShown:
        shown = [m for m in self if isinstance(m, LobbyShown)]
        return shown[-1]


def open_lobby(settings: TableSettings | None = None):
    inboxes = {p.key: Inbox() for p in (ANN, BOB, CY, DEE)}
    lobby = Lobby("KXRT", ANN, inboxes[ANN.key].append, settings)
    return lobby, inboxes


def test_alone_at_the_table_the_opener_is_told_why_the_match_cannot_start():
    lobby, inboxes = open_lobby()
    shown = inboxes[ANN.key].last
    assert shown.code == "KXRT" and shown.is_opener and shown.people == ("Ann",)
    assert not shown.can_start and not lobby.can_start
    assert shown.refusal == words.needs_people(1)
    with pytest.raises(LobbyRefused, match="two people"):
        lobby.start(ANN.key, clock=FakeClock(), save=lambda text: None)


def test_people_are_listed_by_name_in_the_order_they_sit_down_and_as_they_leave():
    lobby, inboxes = open_lobby()
    assert lobby.join(BOB, inboxes[BOB.key].append)
    assert lobby.join(CY, inboxes[CY.key].append)
    for key in (ANN.key, BOB.key, CY.key):
        assert inboxes[key].last.people == ("Ann", "Bob", "Cy")
    assert inboxes[BOB.key].last.you == "Bob" and not inboxes[BOB.key].last.is_opener
    lobby.leave(BOB.key)
    assert inboxes[ANN.key].last.people == ("Ann", "Cy")
    assert inboxes[ANN.key].last.can_start and inboxes[ANN.key].last.refusal is None
    # Only the opener starts: the others are told who can.
    assert inboxes[CY.key].last.refusal == words.opener_starts("Ann")


def test_a_full_table_seats_nobody_new_the_newcomer_watches_until_a_seat_frees():
    lobby, inboxes = open_lobby(TableSettings(seats=2))
    assert lobby.join(BOB, inboxes[BOB.key].append)
    assert not lobby.join(CY, inboxes[CY.key].append)
    assert inboxes[CY.key].last.watching and inboxes[ANN.key].last.watchers == ("Cy",)
    assert inboxes[ANN.key].last.bots == ()
    lobby.leave(BOB.key)
    assert inboxes[CY.key].last.people == ("Ann", "Cy") and not inboxes[CY.key].last.watching


def test_the_same_key_again_keeps_its_place_and_names_are_told_apart():
    lobby, inboxes = open_lobby()
    lobby.join(BOB, inboxes[BOB.key].append)
    lobby.join(BOB, inboxes[BOB.key].append)
    other_ann = person("key-ann-2", "ann")
    lobby.join(other_ann, Inbox().append)
    assert inboxes[ANN.key].last.people == ("Ann", "Bob", "ann 2")


def test_a_name_with_control_characters_is_shown_without_them():
    sneaky = person("key-x", "\x1b]0;PWNED\x07Eve")
    lobby, inboxes = open_lobby()
    lobby.join(sneaky, Inbox().append)
    shown = inboxes[ANN.key].last.people[1]
    assert shown == "\\x1b]0;PWNED\\x07Eve"  # each control character shown as its escape
    assert shown.isprintable()


def test_only_the_opener_sets_the_table_and_a_setting_out_of_range_changes_nothing():
    lobby, inboxes = open_lobby()
    lobby.join(BOB, inboxes[BOB.key].append)
    lobby.join(CY, inboxes[CY.key].append)
    with pytest.raises(LobbyRefused, match="Only Ann"):
        lobby.settle(BOB.key, TableSettings(seats=6))
    before = lobby.settings
    for bad, reason in (
        (TableSettings(seats=11), words.seats_range(2, 10)),
        (TableSettings(seats=1), words.seats_range(2, 10)),
        (TableSettings(seats=2), words.fewer_seats_than_people(3)),
        (TableSettings(turn_seconds=5), words.turn_range(10, 600)),
    ):
        with pytest.raises(LobbyRefused) as refused:
            lobby.settle(ANN.key, bad)
        assert str(refused.value) == reason
        assert lobby.settings == before
    party = TableSettings(target=200, preset="party", rules=HouseRules.preset("party"), seats=5, turn_seconds=30)
    lobby.settle(ANN.key, party)
    shown = inboxes[BOB.key].last
    assert shown.settings == party and shown.bots == ("greedy", "challenger")


def test_a_refusal_is_said_in_the_language_of_the_one_refused():
    lobby, _inboxes = open_lobby()
    slovak = person("key-sk", "Jano", "sk")
    box = Inbox()
    lobby.join(slovak, box.append)
    with speaking("sk"):
        expected = words.opener_settles("Ann")
    with pytest.raises(LobbyRefused) as refused:
        lobby.settle(slovak.key, TableSettings(seats=6))
    assert str(refused.value) == expected
    assert box.last.refusal is not None
    with speaking("sk"):
        assert box.last.refusal == words.opener_starts("Ann")


def test_the_opener_leaving_closes_the_table_for_everyone():
    lobby, inboxes = open_lobby()
    lobby.join(BOB, inboxes[BOB.key].append)
    lobby.leave(ANN.key)
    assert inboxes[BOB.key][-1] == LobbyClosed(words.table_closed("Ann"))
    assert lobby.closed
    with pytest.raises(LobbyRefused):
        lobby.join(CY, inboxes[CY.key].append)


def test_the_start_seats_the_people_in_order_bots_after_them_and_the_watchers_watch():
    lobby, inboxes = open_lobby(TableSettings(seats=3, bots=("random", "greedy"), turn_seconds=30))
    lobby.join(BOB, inboxes[BOB.key].append)
    lobby.join(CY, inboxes[CY.key].append)
    lobby.join(DEE, inboxes[DEE.key].append)  # the table is full: Dee watches
    lobby.settle(ANN.key, lobby.settings._replace(seats=4))
    assert inboxes[DEE.key].last.watching  # a seat that opens later does not seat a watcher by itself
    with pytest.raises(LobbyRefused, match="Only Ann"):
        lobby.start(BOB.key, clock=FakeClock(), save=lambda text: None)
    clock = FakeClock()
    table = lobby.start(ANN.key, clock=clock, save=lambda text: None, seed=9)
    assert table.names[:3] == ("Ann", "Bob", "Cy") and len(table.names) == 4
    assert [seat.kind for seat in table.seats] == ["human", "human", "human", "random"]
    assert table.turn_seconds == 30
    for key, seat in ((ANN.key, 0), (BOB.key, 1), (CY.key, 2)):
        seen = [m for m in inboxes[key] if isinstance(m, TableSeen)][-1]
        assert seen.seat == seat and seen.view is not None
    watched = [m for m in inboxes[DEE.key] if isinstance(m, TableSeen)][-1]
    assert watched.seat is None and watched.view is None
    # After the start: a newcomer watches, and one who leaves is away, then takes the seat back.
    late = person("key-late", "Lu")
    assert not lobby.join(late, Inbox().append)
    lobby.leave(BOB.key)
    assert table.away == {1}
    assert lobby.join(BOB, inboxes[BOB.key].append)
    assert table.away == frozenset()
    with pytest.raises(LobbyRefused):
        lobby.settle(ANN.key, TableSettings())
