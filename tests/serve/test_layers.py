"""serve/'s modules import one another in one direction only, and the hub owns its counters (issue 29).

import-linter checks the layers (pyproject); this reads every import statement of serve/, those
made only for type checking or inside a function included, and looks for a circle.
"""

from __future__ import annotations

import ast
import asyncio
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from unokart_tui.serve.config import Limits, ServeConfig
from unokart_tui.serve.hub import Hub
from unokart_tui.serve.log import ConnectionLog

SERVE = Path(__file__).resolve().parents[2] / "unokart_tui" / "serve"


def imports_within_serve() -> dict[str, set[str]]:
    modules = {path.stem for path in SERVE.glob("*.py")} - {"__init__"}
    graph: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((SERVE / f"{name}.py").read_text())
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("unokart_tui.serve."):
                found.add(node.module.split(".")[2])  # type: ignore[union-attr]
        graph[name] = found & modules
    return graph


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports, as the list of its modules, or None."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        for imported in sorted(graph[name]):
            if (found := visit(imported, [*path, name])) is not None:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        if (found := visit(name, [])) is not None:
            return found
    return None


def test_no_module_of_serve_imports_one_that_imports_it_back():
    graph = imports_within_serve()
    assert graph["ssh"] >= {"hub", "session"}  # the reader sees what it should
    assert circle(graph) is None


def test_the_hub_and_an_ssh_session_do_not_know_each_other():
    graph = imports_within_serve()
    assert not graph["hub"] & {"session", "ssh", "web"}
    assert not graph["session"] & {"hub", "ssh"}


def test_the_circle_finder_finds_one():
    assert circle({"hub": {"ssh"}, "ssh": {"session"}, "session": {"hub"}}) == ["hub", "ssh", "session", "hub"]


class Socket:
    """An SSH connection as the hub sees it."""

    def __init__(self, address: str, since: float, authenticating: bool = False) -> None:
        self.address = address
        self.since = since
        self.authenticating = authenticating
        self.playing = False
        self.closed = False

    def close(self) -> None:
        self.closed = True

    async def wait_closed(self) -> None:
        await asyncio.sleep(0)


class Game:
    def __init__(self) -> None:
        self.farewell: str | None = None

    async def end(self, farewell: Callable[[], str]) -> None:
        self.farewell = farewell()


@pytest.fixture
def hub(tmp_path):
    log = ConnectionLog(tmp_path / "log", echo=False)
    limits = Limits(max_sessions=2, max_sessions_per_key=1, max_unauthenticated=2, max_unauthenticated_per_address=2)
    yield Hub(ServeConfig(data_dir=tmp_path, limits=limits), log)
    log.close()


def test_the_hub_counts_connections_in_and_out_itself(hub):
    first, second, third = Socket("10.0.0.1", 1.0), Socket("10.0.0.2", 2.0, authenticating=True), Socket("::1", 3.0)
    assert hub.admit(first) is None and hub.admit(second) is None
    # Full of connections logging in: the oldest silent one makes room, the new one gets in.
    assert hub.admit(third) is None
    assert first.closed and not second.closed
    hub.gone(first)
    assert hub.connections == {second, third}
    hub.logged_in(second)
    hub.gone(second)
    hub.gone(second)  # a second word of the same end changes nothing
    assert hub.connections == {third}


def test_the_hub_counts_games_per_key_and_says_why_one_cannot_start(hub):
    ann, ann_again, browser, one_too_many = Game(), Game(), Game(), Game()
    assert hub.open_session(ann, "SHA256:ann") is None
    refusal = hub.open_session(ann_again, "SHA256:ann")
    assert refusal is not None
    assert refusal.plain == refusal.words == "This key already has 1 session open here, the most allowed."
    assert hub.open_session(browser, None) is None
    refusal = hub.open_session(one_too_many, "SHA256:bob")
    assert refusal is not None and refusal.words == (
        "The server is full (2 games are running). Please come back later."
    )
    assert hub.playing == 2
    hub.close_session(ann)
    hub.close_session(ann)
    assert hub.playing == 1
    assert hub.open_session(ann_again, "SHA256:ann") is None  # the key's count went down with its game


async def test_the_hub_ends_every_game_when_it_shuts_down(hub):
    game, socket = Game(), Socket("10.0.0.1", 1.0)
    hub.open_session(game, None)
    hub.admit(socket)
    await hub.shutdown()
    assert game.farewell == "The server is shutting down; see you soon."
    assert socket.closed
    refusal = hub.open_session(Game(), None)
    assert refusal is not None and refusal.words == "The server is shutting down. Please come back later."


def test_every_module_of_serve_has_a_place_in_its_layers():
    contracts = tomllib.loads((SERVE.parents[1] / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    [serve] = [contract for contract in contracts if contract.get("containers") == ["unokart_tui.serve"]]
    placed = {name.strip() for layer in serve["layers"] for name in layer.replace("|", ":").split(":")}
    assert placed == {path.stem for path in SERVE.glob("*.py")} - {"__init__"}
