"""The title's tables for friends and the lobby screen (issue 31), with a fake line to the host: no sockets."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, Select, Static

from unokart_tui.friends import wire
from unokart_tui.friends.lobby import Lobby
from unokart_tui.friends.messages import LobbyClosed, LobbySettle, LobbyStart
from unokart_tui.friends.people import person
from unokart_tui.friends.shared import SharedTable
from unokart_tui.friends.waiting import WaitingRoom
from unokart_tui.settings import Settings
from unokart_tui.tui.app import UnoKartApp
from unokart_tui.tui.dialogs.join_table import JoinTableDialog
from unokart_tui.tui.hostline import FromHost
from unokart_tui.tui.screens.lobby import LobbyScreen
from unokart_tui.tui.screens.title import TitleScreen

from ..fakeclock import FakeClock
from .helpers import QUICK

QUIET = Settings(guide=False, confirm_quit=False)
CODE = "K9MXR"
COMMAND = f"ssh -p 2222 {CODE}@games.example.org"


class FakeLine:
    """The game's end of the line to the host, as the app uses it: what it sent, read back."""

    def __init__(self) -> None:
        self.started = False
        self.sent: list[dict[str, object]] = []

    def start(self) -> FakeLine:
        self.started = True
        return self

    def send(self, message) -> bool:
        self.sent.append(dict(message))
        return True

    def requests(self) -> list[object]:
        return [wire.decode_request(m) for m in self.sent if m["type"] in ("lobby-settle", "lobby-start")]


def friends_app(line: FakeLine | None = None) -> UnoKartApp:
    return UnoKartApp(settings=QUIET, pace=QUICK, line=line or FakeLine())


class Host:
    """The host's side of one table: a real lobby, each person's ``LobbyShown`` as the app would receive it."""

    def __init__(self) -> None:
        self.ann, self.bob = person("SHA256:ann", "Ann"), person("SHA256:bob", "Bob")
        self.lobby = Lobby(CODE, self.ann, lambda _message: None)

    def shown(self, key: str) -> FromHost:
        return FromHost(wire.as_json(self.lobby.shown(key)))


async def open_as(pilot, app: UnoKartApp, host: Host, *, opener: bool) -> LobbyScreen:
    if opener:
        await pilot.press("f")
        assert app.line.sent == [{"type": "open-table"}]
        app.post_message(FromHost({"type": "table-opened", "code": CODE, "command": COMMAND}))
    app.post_message(FromHost({"type": "table-joined", "code": CODE}))
    host.lobby.join(host.bob, lambda _message: None)
    app.post_message(host.shown(host.ann.key if opener else host.bob.key))
    await pilot.pause()
    await pilot.pause()
    assert isinstance(app.screen, LobbyScreen)
    return app.screen


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_without_a_line_to_a_host_the_title_offers_no_table_for_friends():
    app = UnoKartApp(settings=QUIET, pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert "play_with_friends" not in ids and "join_table" not in ids
        await pilot.press("f")
        await pilot.press("j")
        assert isinstance(app.screen, TitleScreen)


async def test_under_the_server_the_title_offers_both_and_starts_reading_the_line():
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert line.started
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids[ids.index("new_game") + 1 : ids.index("new_game") + 3] == ["play_with_friends", "join_table"]


async def test_join_a_table_asks_a_code_forgives_its_case_and_dashes_and_refuses_what_is_none():
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, JoinTableDialog)
        await pilot.press(*"hello", "enter")
        assert "five letters and digits" in text(app.screen, "#code-error") and not line.sent
        app.screen.query_one("#code", Input).value = "k9-mxr"
        await pilot.press("enter")
        await pilot.pause()
        assert line.sent == [{"type": "join-table", "code": CODE}]
        app.post_message(FromHost({"type": "refused", "words": f"No table here has the code {CODE}."}))
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert [n.message for n in app._notifications] == [f"No table here has the code {CODE}."]


async def test_the_opener_sees_the_code_the_command_the_people_and_the_form():
    host = Host()
    app = friends_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        assert text(lobby, "#code") == "K  9  M  X  R"
        assert COMMAND in text(lobby, "#join-how")
        assert text(lobby, "#people") == "At the table (2 of 4 seats): Ann (opened the table), Bob"
        assert lobby.query_one("#lobby-settings").display and not lobby.query_one("#summary").display
        assert lobby.query_one("#target", Input).value == "500"
        assert text(lobby, "#status") == "Everyone here? ctrl+s starts the match."


async def test_the_people_change_as_the_host_shows_the_lobby_again():
    host = Host()
    app = friends_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        host.lobby.leave(host.bob.key)
        app.post_message(host.shown(host.ann.key))
        await pilot.pause()
        assert text(lobby, "#people") == "At the table (1 of 4 seats): Ann (opened the table)"
        assert "a match needs two people at least" in text(lobby, "#status")


async def test_the_opener_changes_a_setting_and_starts_the_match_with_ctrl_s():
    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        lobby.query_one("#seats", Select).value = 3
        await pilot.pause()
        [settle] = line.requests()
        assert isinstance(settle, LobbySettle) and settle.settings.seats == 3
        host.lobby.settle(host.ann.key, settle.settings)
        app.post_message(host.shown(host.ann.key))
        await pilot.pause()
        lobby.query_one("#turn", Input).value = "20"
        await pilot.press("ctrl+s")
        await pilot.pause()
        settle, start = line.requests()[1:]
        assert settle.settings.turn_seconds == 20.0 and settle.settings.seats == 3
        assert start == LobbyStart()


async def test_a_form_that_is_wrong_sends_nothing_and_says_why():
    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        lobby.query_one("#turn", Input).value = "5"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert line.requests() == []
        assert text(lobby, "#status") == "A turn's clock runs 10 to 600 seconds."


async def test_a_refusal_from_the_host_is_shown_in_the_lobby():
    host = Host()
    app = friends_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        app.post_message(FromHost({"type": "refused", "words": "A table has 2 to 10 seats."}))
        await pilot.pause()
        assert text(lobby, "#status") == "A table has 2 to 10 seats."


async def test_the_joiner_sees_the_settings_in_a_line_and_cannot_start():
    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=False)
        assert not lobby.query_one("#lobby-settings").display
        assert text(lobby, "#summary") == "Target 500, house rules official, 4 seats, 45 seconds a turn."
        assert text(lobby, "#status") == "Waiting for Ann to start the match."
        assert "ssh" not in text(lobby, "#join-how")
        await pilot.press("ctrl+s")
        assert line.requests() == []


async def test_escape_leaves_the_table_and_goes_back_to_the_title():
    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_as(pilot, app, host, opener=False)
        await pilot.press("escape")
        await pilot.pause()
        assert line.sent[-1] == {"type": "leave-table"}
        assert isinstance(app.screen, TitleScreen) and app.lobby is None


async def test_the_lobby_closed_by_its_opener_goes_back_to_the_title_and_says_why():
    host = Host()
    app = friends_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_as(pilot, app, host, opener=False)
        app.post_message(FromHost(wire.as_json(LobbyClosed("Ann closed this table."))))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Ann closed this table." in [n.message for n in app._notifications]


async def test_the_first_view_of_the_match_leaves_the_lobby_for_the_table():
    host = Host()
    app = friends_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=False)
        table = SharedTable.new([host.ann, host.bob], ["greedy"], seed=4, clock=FakeClock())
        app.post_message(FromHost(wire.as_json(table.seen(1))))
        await pilot.pause()
        await pilot.pause()
        try:
            from unokart_tui.tui.screens.remote_table import RemoteTableScreen
        except ModuleNotFoundError:
            assert app.screen is lobby and text(lobby, "#status") == "The match has started."
        else:
            assert isinstance(app.screen, RemoteTableScreen)


@pytest.mark.parametrize("opener", [True, False], ids=["opener", "joiner"])
def test_the_lobby_at_80x24(snap_compare, opener):
    host = Host()

    async def to_the_lobby(pilot):
        await pilot.pause()
        await open_as(pilot, pilot.app, host, opener=opener)

    assert snap_compare(friends_app(), terminal_size=(80, 24), run_before=to_the_lobby)


async def test_the_real_line_hands_the_hosts_messages_to_the_app_from_its_thread(monkeypatch):
    import socket

    from unokart_tui.friends.channel import VARIABLE
    from unokart_tui.tui.hostline import open_host_line

    host = Host()
    ours, theirs = socket.socketpair()
    monkeypatch.setenv(VARIABLE, str(theirs.fileno()))
    app = UnoKartApp(settings=QUIET, pace=QUICK)
    app.line = open_host_line(app)
    assert app.line is not None
    theirs.detach()  # the line owns that end now
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("f")
            opened = {"type": "table-opened", "code": CODE, "command": COMMAND}
            for message in (opened, {"type": "table-joined", "code": CODE}, host.shown(host.ann.key).data):
                ours.sendall(wire.json.dumps(message).encode() + b"\n")
            for _ in range(100):
                await pilot.pause(0.02)
                if isinstance(app.screen, LobbyScreen) and app.screen.shown is not None:
                    break
            assert isinstance(app.screen, LobbyScreen) and COMMAND in text(app.screen, "#join-how")
            assert ours.recv(1000) == b'{"type":"open-table"}\n'
    finally:
        ours.close()


class StandInTable:
    """What the table screen of a match friends share is given (its own branch brings the real one)."""

    made: list[object] = []

    def __new__(cls, line, first):
        from textual.screen import Screen

        class RemoteTableScreen(Screen[None]):
            def __init__(self) -> None:
                super().__init__()
                self.line, self.first, self.later = line, first, []

            def on_from_host(self, message: FromHost) -> None:
                self.later.append(message.data)

        screen = RemoteTableScreen()
        cls.made.append(screen)
        return screen


async def test_with_a_table_screen_the_match_is_shown_there_and_its_messages_go_to_it(monkeypatch):
    import sys
    import types

    module = types.ModuleType("unokart_tui.tui.screens.remote_table")
    module.RemoteTableScreen = StandInTable
    monkeypatch.setitem(sys.modules, module.__name__, module)
    StandInTable.made.clear()
    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_as(pilot, app, host, opener=False)
        table = SharedTable.new([host.ann, host.bob], ["greedy"], seed=4, clock=FakeClock())
        first = table.seen(1)
        app.post_message(FromHost(wire.as_json(first)))
        await pilot.pause()
        [screen] = StandInTable.made
        assert app.screen is screen and screen.line is line and screen.first == first
        app.post_message(FromHost(wire.as_json(table.seen(1))))
        await pilot.pause()
        await pilot.pause()
        assert screen.later == [wire.as_json(table.seen(1))]
        screen.dismiss()
        await pilot.pause()
        await pilot.pause()
        assert line.sent[-1] == {"type": "leave-table"}
        assert isinstance(app.screen, TitleScreen) and app.lobby is None and app.at_table is None


async def test_when_the_line_to_the_host_closes_the_lobby_gives_way_to_the_title():
    from unokart_tui.tui.hostline import HostGone

    host = Host()
    app = friends_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_as(pilot, app, host, opener=True)
        app.post_message(HostGone(None))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.line is None
        assert any("closed" in n.message for n in app._notifications)


async def test_the_lobby_closed_by_its_opener_frees_this_person_on_the_host():
    # Found over ssh (issue 31): the host still counted them at the closed table ("You are at a table already.").
    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_as(pilot, app, host, opener=False)
        app.post_message(FromHost(wire.as_json(LobbyClosed("Ann closed this table."))))
        await pilot.pause()
        await pilot.pause()
        assert line.sent[-1] == {"type": "leave-table"} and isinstance(app.screen, TitleScreen)


async def test_a_table_that_closes_under_a_watcher_says_so_and_goes_back_to_the_title():
    from unokart_tui.tui.screens.remote_table import RemoteTableScreen

    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_as(pilot, app, host, opener=False)
        table = SharedTable.new([host.ann, host.bob], ["greedy"], seed=4, clock=FakeClock())
        app.post_message(FromHost(wire.as_json(table.seen(None))))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, RemoteTableScreen)
        reason = "Everyone at this table has left: it is closed, and the match is kept for them."
        app.post_message(FromHost(wire.as_json(LobbyClosed(reason))))
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.at_table is None and app.lobby is None
        assert line.sent[-1] == {"type": "leave-table"}
        assert reason in [n.message for n in app._notifications]


async def test_a_code_typed_fast_and_entered_at_once_joins():
    # Found over ssh (issue 31): a pasted code and its enter, read at once, were "not five letters and digits".
    from textual import events

    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, JoinTableDialog)
        for key in (*"k9mxr", "enter"):  # all in the app's queue before any reaches the field
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        for _ in range(4):
            await pilot.pause()
        assert line.sent == [{"type": "join-table", "code": CODE}]


async def test_the_target_typed_fast_is_kept_while_the_hosts_echo_comes():
    # Found over ssh (issue 31): the Target field lost what was typed fast when the lobby was shown again.
    from textual import events

    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        target = lobby.query_one("#target", Input)
        target.focus()
        await pilot.pause()
        target.value = ""
        for key in "30":
            app.post_message(events.Key(key, key))
        app.post_message(host.shown(host.ann.key))  # the host's echo of the settings in force (500)
        app.post_message(events.Key("0", "0"))
        for _ in range(4):
            await pilot.pause()
        assert target.value == "300"
        await pilot.press("tab")
        await pilot.pause()
        [settle] = line.requests()
        assert isinstance(settle, LobbySettle) and settle.settings.target == 300


async def test_a_field_just_focused_is_not_filled_by_the_hosts_echo():
    # The field's has_focus comes with its Focus event; keys typed before that went to it already.
    host = Host()
    app = friends_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        target = lobby.query_one("#target", Input)
        lobby.set_focus(target)
        target.value = "3"  # typed at once
        lobby.show(host.lobby.shown(host.ann.key))  # the echo, before the field read its Focus event
        assert target.value == "3"


async def test_the_openers_escape_asks_before_closing_the_table_for_everyone():
    """Found over ssh: the opener's escape closed the table for everyone without a word. Now it asks."""
    from unokart_tui.tui.dialogs.confirm import ConfirmDialog
    from unokart_tui.tui.screens.lobby import LobbyScreen

    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_as(pilot, app, host, opener=True)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question == "Close this table for everyone?"
        assert {"type": "leave-table"} not in line.sent
        await pilot.press("n")  # no: the table stays open, the lobby with it
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and {"type": "leave-table"} not in line.sent
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert line.sent[-1] == {"type": "leave-table"}
        assert isinstance(app.screen, TitleScreen) and app.lobby is None


async def test_a_match_with_friends_kept_here_is_offered_at_the_title_and_asks_the_host_to_open_it_again():
    from ..friends.test_friends_saves import save_friends_match

    save_friends_match(f"friends {CODE}")
    save_friends_match("friends DONE7", finished=True)  # over: nothing to go on with
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        options = [menu.get_option_at_index(i) for i in range(menu.option_count)]
        offered = [option for option in options if option.id and option.id.startswith("reopen_table")]
        assert [str(option.prompt) for option in offered] == [f"Continue with friends: {CODE}, Ann, Bob, round 1"]
        assert options[0] is offered[0]  # no match against bots to continue: it comes first
        await pilot.press("enter")
        await pilot.pause()
        assert line.sent == [{"type": "reopen-table", "code": CODE}]


async def test_without_the_server_a_kept_match_with_friends_is_not_offered():
    from ..friends.test_friends_saves import save_friends_match

    save_friends_match(f"friends {CODE}")
    app = UnoKartApp(settings=QUIET, pace=QUICK)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]
        assert not any(option_id.startswith("reopen_table") for option_id in ids)
        assert "continue_latest" not in ids  # solo play never opens a friends' save


async def test_what_the_table_says_before_its_first_view_reaches_the_table_screen(monkeypatch):
    # Found over ssh: back at a match taken up again, the round told again came while the lobby screen was up,
    # and the table's log was empty.
    import sys
    import types

    from unokart_tui.friends.messages import Logged
    from unokart_tui.voice.narration import LogLine

    module = types.ModuleType("unokart_tui.tui.screens.remote_table")
    module.RemoteTableScreen = StandInTable
    monkeypatch.setitem(sys.modules, module.__name__, module)
    StandInTable.made.clear()
    host = Host()
    app = friends_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_as(pilot, app, host, opener=False)
        table = SharedTable.new([host.ann, host.bob], ["greedy"], seed=4, clock=FakeClock())
        said = [wire.as_json(Logged(LogLine(f"· Line {number}.", "italic"))) for number in range(3)]
        for data in said:
            app.post_message(FromHost(data))
        app.post_message(FromHost(wire.as_json(table.seen(1))))
        await pilot.pause()
        await pilot.pause()
        [screen] = StandInTable.made
        assert screen.later == said  # in their order, once the table screen is there


async def test_a_joiner_is_shown_the_command_friends_type_as_the_opener_is():
    """Found in a playtest: only the opener's lobby showed the ssh command to give to others."""
    host = Host()
    app = friends_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(FromHost({"type": "table-joined", "code": CODE, "command": COMMAND}))
        host.lobby.join(host.bob, lambda _message: None)
        app.post_message(host.shown(host.bob.key))
        await pilot.pause()
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert text(lobby, "#join-how") == f"Friends type this, each with their own key:\n{COMMAND}"


def waiting_room() -> tuple[WaitingRoom, list[object]]:
    """A kept match of Ann's, Bob's and Cid's taken up again: Ann is back, Bob and Cid are awaited."""
    ann, bob, cid = person("SHA256:ann", "Ann"), person("SHA256:bob", "Bob"), person("SHA256:cid", "Cid")
    table = SharedTable.new([ann, bob, cid], ["greedy"], seed=4, clock=FakeClock())
    room, told = WaitingRoom(CODE, table, ann.key), []
    room.join(ann, told.append)
    return room, told


@pytest.mark.parametrize("opener", [True, False], ids=["opener", "joiner"])
async def test_a_kept_match_waits_in_the_lobby_saying_who_is_back_and_who_is_awaited(opener):
    """Found in a playtest: Continue with friends played on at once, before the friends were back."""
    room, _told = waiting_room()
    room.join(person("SHA256:cid", "Cid"), lambda _message: None)
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(FromHost({"type": "table-joined", "code": CODE, "command": COMMAND}))
        app.post_message(FromHost(wire.as_json(room.shown("SHA256:ann" if opener else "SHA256:cid"))))
        await pilot.pause()
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert text(lobby, "#people").splitlines() == [
            "A match taken up again: round 1 goes on when everyone is back.",
            "Back at their seats: Ann (opened the table), Cid",
            "Waiting for Bob to come back.",
        ]
        assert not lobby.query_one("#lobby-settings").display  # a kept match keeps its settings
        assert text(lobby, "#summary") == "Target 500, house rules official, 4 seats, 45 seconds a turn."
        await pilot.press("ctrl+s")
        await pilot.pause()
        if opener:
            assert text(lobby, "#status") == "ctrl+s goes on now: the autopilot plays for anyone not back yet."
            assert line.requests() == [LobbyStart()]
        else:
            # Found in a playtest: friends read "Waiting for Ann to start the match." while it waited for them.
            assert text(lobby, "#status") == (
                "The match goes on by itself once everyone is back, or sooner if Ann goes on without them."
            )
            assert line.requests() == []


async def test_the_openers_next_table_starts_from_the_target_and_turn_clock_chosen_last_time():
    """Found in a playtest: the lobby forgot the target and the turn clock from one table to the next."""
    from unokart_tui.settings import load_settings

    host = Host()
    line = FakeLine()
    app = UnoKartApp(settings=QUIET._replace(table_target=300, table_turn_seconds=60), pace=QUICK, line=line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        [settle] = line.requests()  # the new table takes them at once, as the opener left them
        assert isinstance(settle, LobbySettle)
        assert (settle.settings.target, settle.settings.turn_seconds) == (300, 60.0)
        assert lobby.query_one("#target", Input).value == "300" and lobby.query_one("#turn", Input).value == "60"
        host.lobby.settle(host.ann.key, settle.settings)
        app.post_message(host.shown(host.ann.key))
        await pilot.pause()
        assert line.requests() == [settle]  # the host's echo asks nothing more
        lobby.query_one("#turn", Input).value = "90"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert line.requests()[-2].settings.turn_seconds == 90.0
        # Kept in the opener's own settings, the usual way: their next table starts from 300 and 90.
        saved, problem = load_settings()
        assert problem is None and (saved.table_target, saved.table_turn_seconds) == (300, 90)
        assert (app.settings.table_target, app.settings.table_turn_seconds) == (300, 90)


async def test_a_joiner_sends_nothing_of_their_own_last_choices():
    host = Host()
    line = FakeLine()
    app = UnoKartApp(settings=QUIET._replace(table_target=300), pace=QUICK, line=line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_as(pilot, app, host, opener=False)
        assert line.requests() == []


async def test_a_backspace_and_a_digit_read_at_once_both_reach_the_target():
    # Found over ssh (issue 31): "30", then backspace and 5 in one read, left "30": the field inserted the 5
    # before its binding took the backspace, which then ate the 5.
    from .test_new_game_form import burst

    host = Host()
    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = await open_as(pilot, app, host, opener=True)
        target = lobby.query_one("#target", Input)
        target.focus()
        await pilot.pause()
        target.value = "30"
        target.cursor_position = 2
        burst(app, ["backspace", "5"])
        for _ in range(4):
            await pilot.pause()
        assert target.value == "35"


async def test_a_backspace_and_a_letter_read_at_once_both_reach_the_code():
    from .test_new_game_form import burst

    line = FakeLine()
    app = friends_app(line)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, JoinTableDialog)
        burst(app, [*"k9mxx", "backspace", "r"])
        for _ in range(4):
            await pilot.pause()
        assert app.screen.query_one("#code", Input).value.lower() == "k9mxr"
