"""New game, in sections: you; the opponents (each a personality and a difficulty, or one difficulty for
the whole table); the target; the seed; the house rules. Each personality and difficulty says in a line how it plays.

A section is a ``Vertical`` with the class ``section`` and a title: another one goes in ``compose``
beside these, and its values into ``read_form``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Select, Static

from ...defaults import LINE_UP, MAX_NAME, MAX_OPPONENTS, PLAYER_NAME, TARGET
from ...engine import HouseRules
from ...history.match_length import (
    FEW_ROUNDS,
    few_rounds_target,
    length_sentence,
    offered_target,
    rounds_words,
    usual_rounds,
)
from ...printable import control_characters
from ...table.lineup import default_difficulty, difficulties, personalities
from ...voice import N_, _, ngettext, pgettext
from ...voice.names import difficulty_level, difficulty_name, personality_name, preset_name, shown_name
from ..widgets.choices import Choices
from ..widgets.keybar import KeyBar
from ..widgets.ordered_input import OrderedInput
from .styled import StyledOnce

EACH = "each"  # the whole table's difficulty when the opponents' differ
FIELDS = ("name", "target", "bots", "seed")  # the fields that can be wrong, in the order of the form


@dataclass(frozen=True)
class NewGame:
    name: str
    bots: tuple[str, ...]
    profiles: tuple[str | None, ...]
    target: int
    seed: int | None
    rules: HouseRules = HouseRules()  # noqa: RUF009 - immutable, a value like the others


class OpponentRow(Vertical):
    """One opponent: a personality, a difficulty, a button that sends them home; how they play, in a line."""

    DEFAULT_CSS = """
    OpponentRow {
        height: auto;
    }
    OpponentRow Horizontal {
        height: 1;
    }
    OpponentRow .number {
        width: 4;
        margin: 0;
    }
    OpponentRow .personality {
        width: 20;
    }
    OpponentRow .difficulty {
        width: 14;
        margin-left: 1;
    }
    OpponentRow Button {
        margin: 0 0 0 1;
        min-width: 10;
    }
    OpponentRow .how {
        color: $text-muted;
        padding-left: 4;
    }
    """

    def __init__(self, personality: str, difficulty: str) -> None:
        super().__init__(classes="opponent")
        self.personality, self.difficulty = personality, difficulty

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static("", classes="number")
            yield Choices(
                [(personality_name(name), name) for name in personalities()],
                value=self.personality,
                allow_blank=False,
                compact=True,
                classes="personality",
            )
            yield Choices(
                [(difficulty_name(name), name) for name in difficulties(self.personality)],
                value=self.difficulty,
                allow_blank=False,
                compact=True,
                classes="difficulty",
            )
            remove = Button(
                _("Remove"), compact=True, classes="remove", tooltip=_("ctrl+x removes the opponent you are on")
            )
            # Out of Tab's way (found in play: Tab landed on it, and a stray Enter removed an opponent); the
            # mouse still clicks it, and ctrl+x removes the opponent whose row has the focus.
            remove.can_focus = False
            yield remove
        yield Static("", classes="how", markup=False)

    def on_mount(self) -> None:
        self.describe()

    def choice(self) -> tuple[str, str]:
        """The personality and the difficulty chosen; a row not composed yet, the ones it was made with.

        Found under load: a change in another row read the form while a row just added had no Selects yet, and
        the query raised ``NoMatches``.
        """
        selects = self.query(Select)
        if not selects:
            return self.personality, self.difficulty
        personality = self.query_one(".personality", Select).value
        difficulty = self.query_one(".difficulty", Select).value
        return str(personality), str(difficulty)

    def describe(self) -> None:
        personality, _difficulty = self.choice()
        self.query_one(".how", Static).update(personalities().get(personality, ""))


class NewGameScreen(StyledOnce[None]):
    """Posts ``Chosen`` with a valid new game; the app starts it."""

    @dataclass
    class Chosen(Message):
        game: NewGame

    # In the order a player wants them; short labels, so that all fit the key bar at 80 columns.
    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
        Binding("ctrl+r", "house_rules", N_("House rules")),
        Binding("ctrl+o", "add_opponent", N_("Add opponent"), priority=True),
        # Before the focused field's own ctrl+d (delete to the right), which emptied a field instead.
        Binding("ctrl+d", "default_line_up", N_("Defaults"), priority=True),
        Binding("ctrl+x", "remove_opponent", N_("Remove opponent"), show=False),  # Remove's tooltip says it
    ]

    AUTO_FOCUS = ""  # no focus that scrolls the form to centre it: the name is focused in on_mount

    def __init__(self, player_name: str = PLAYER_NAME, last: NewGame | None = None) -> None:
        """``last``: the game started last from this form, whose line-up, target and house rules it offers
        again (found in play: a second match meant choosing the expert and the rules all over again)."""
        super().__init__()
        self.player_name = player_name if last is None else last.name
        self.offered_target = TARGET  # the target the "few rounds" button sets
        self.rules = HouseRules() if last is None else last.rules
        self.target = TARGET if last is None else last.target
        self.line_up: list[tuple[str, str]] = (
            [(personality, default_difficulty(personality)) for personality in LINE_UP]
            if last is None
            else [
                (personality, profile or default_difficulty(personality))
                for personality, profile in zip(last.bots, last.profiles, strict=True)
            ]
        )

    def compose(self) -> ComposeResult:
        levels = difficulties(LINE_UP[0])
        with Vertical(id="form", classes="form"):
            yield Static(_("New game"), classes="title")
            with Vertical(id="section-you", classes="section"):
                yield Label(_("Your name"))
                # The default name in the reader's language (Jij, Ty): the field shows what the table will.
                # Enter in a field moves on (moves_on): a newcomer pressing it after their name started a
                # match before seeing the target, the seed or the house rules. ctrl+s (or Start) starts.
                yield OrderedInput(shown_name(self.player_name), id="name", max_length=MAX_NAME, moves_on=True)
                yield Static("", id="name-error", classes="error", markup=False)  # errors quote the input
            with Vertical(id="section-target", classes="section"):
                # Above the opponents: below them, at 80x24 a newcomer never found it (a match is long).
                yield Label(_("Target score (the first to reach it wins the match)"))
                yield OrderedInput(str(self.target), id="target", type="integer", moves_on=True)
                yield Static("", id="target-error", classes="error", markup=False)
                # Found in play: 500 with nine opponents ended after one round. The measured length, and
                # a target that gives a few rounds where this one gives fewer.
                yield Static("", id="target-length", classes="hint", markup=False)
                yield Button("", id="few-rounds", compact=True)
            with Vertical(id="section-opponents", classes="section"):
                yield Static(
                    _("1 to {most}: ctrl+o adds one, ctrl+d puts back the default three").format(most=MAX_OPPONENTS),
                    classes="hint",
                )
                with Horizontal(id="whole-table"):
                    yield Static(_("Difficulty for the whole table:"))
                    yield Choices(
                        [(_("each their own"), EACH), *((difficulty_level(name), name) for name in levels)],
                        value=self.shared_difficulty(self.line_up),
                        allow_blank=False,
                        compact=True,
                        id="table-difficulty",
                    )
                shown = {difficulty_name(name): line for name, line in levels.items()}
                width = max(map(len, shown), default=0) + 1  # a column of its own, a space wider than the longest
                yield Static("\n".join(f"{name:<{width}} {line}" for name, line in shown.items()), classes="hint")
                with Vertical(id="line-up"):
                    for personality, difficulty in self.line_up:
                        yield OpponentRow(personality, difficulty)
                yield Button(_("Add an opponent (ctrl+o)"), id="add", compact=True)
                yield Static("", id="bots-error", classes="error", markup=False)
            with Vertical(id="section-seed", classes="section"):
                yield Label(
                    pgettext(
                        "seed: the number that deals a match", "Seed (optional: the same seed deals the same match)"
                    )
                )
                yield OrderedInput(
                    "",
                    id="seed",
                    type="integer",
                    placeholder=pgettext("seed: the number that deals a match", "random"),
                    moves_on=True,
                )
                yield Static("", id="seed-error", classes="error", markup=False)
            with Vertical(id="section-rules", classes="section"):
                yield Button(self.rules_label(), id="house-rules", compact=True)
        # Start stays on screen while the form scrolls: at 80x24 a newcomer never saw it below the fold.
        with Horizontal(id="start-bar"):
            yield Button(_("Start (ctrl+s)"), id="start", variant="primary", compact=True)
            yield Static("", id="start-summary", markup=False)
        yield KeyBar()

    def rules_label(self) -> str:
        # A mix of single switches is counted, not listed: listed, it ran off an 80-column screen.
        name = self.rules.preset_name
        if name:
            return _("House rules: {preset} (ctrl+r)").format(preset=preset_name(name))
        count = len(self.rules.enabled())
        return ngettext("House rules: {count} chosen (ctrl+r)", "House rules: {count} chosen (ctrl+r)", count).format(
            count=count
        )

    @staticmethod
    def shared_difficulty(line_up: Sequence[tuple[str, str]]) -> str:
        chosen = {difficulty for _, difficulty in line_up}
        return chosen.pop() if len(chosen) == 1 else EACH

    def on_mount(self) -> None:
        for section, title in (
            ("you", _("You")),
            ("target", _("Target")),
            ("opponents", _("Opponents")),
            ("seed", pgettext("seed: the number that deals a match", "Seed")),
            ("rules", _("House rules")),
        ):
            self.query_one(f"#section-{section}", Vertical).border_title = title
        self.query_one("#name", Input).focus(scroll_visible=False)
        self.number_rows()
        self.check_form()

    def rows(self) -> list[OpponentRow]:
        return list(self.query(OpponentRow))

    def number_rows(self) -> None:
        rows = self.rows()
        for number, row in enumerate(rows, start=1):
            row.query_one(".number", Static).update(f"{number}.")
            row.query_one(".remove", Button).disabled = len(rows) == 1
        self.query_one("#add", Button).disabled = len(rows) >= MAX_OPPONENTS

    def read_form(self) -> NewGame | None:
        """The form as a new game, or None with every problem shown next to its field."""
        return self.read_fields()[0]

    def read_fields(self) -> tuple[NewGame | None, dict[str, str]]:
        """The form as a new game (or None), and the problems shown next to the fields, by field."""
        errors: dict[str, str] = {}
        name = self.query_one("#name", Input).value.strip()
        if name == shown_name(PLAYER_NAME):  # the default left as it was: a pronoun, saved as the game's own
            name = PLAYER_NAME
        if not name:
            errors["name"] = _("Your name cannot be empty.")
        elif control_characters(name):
            shown = " ".join(control_characters(name))
            errors["name"] = _("Your name cannot hold control characters ({characters}).").format(characters=shown)
        chosen = [row.choice() for row in self.rows()]
        if not 1 <= len(chosen) <= MAX_OPPONENTS:
            errors["bots"] = _("Choose 1 to {most} opponents, not {count}.").format(
                most=MAX_OPPONENTS, count=len(chosen)
            )
        target_text = self.query_one("#target", Input).value.strip()
        target = int(target_text) if target_text.lstrip("-").isdigit() else 0
        if not 1 <= target <= 100_000:
            errors["target"] = _("The target must be a whole number from 1 to 100000.")
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        if seed_text and seed is None:
            errors["seed"] = pgettext(
                "seed: the number that deals a match", "The seed must be a whole number, or empty."
            )
        for field in FIELDS:
            self.query_one(f"#{field}-error", Static).update(errors.get(field, ""))
        if errors:
            return None, errors
        bots = tuple(personality for personality, _ in chosen)
        profiles = tuple(difficulty or None for _, difficulty in chosen)
        return NewGame(name, bots, profiles, target, seed, self.rules), errors

    def check_form(self) -> None:
        """Start is offered for a form that reads, with what it would start beside it."""
        game = self.read_form()
        self.query_one("#start", Button).disabled = game is None
        self.query_one("#start-summary", Static).update(
            _("Fix what is marked in red to start.") if game is None else start_summary(game)
        )
        self.show_match_length()

    def show_match_length(self) -> None:
        """How long a match to the target usually lasts at this table, and a target for a few rounds."""
        players = len(self.rows()) + 1
        text = self.query_one("#target", Input).value.strip()
        target = int(text) if text.isdigit() else 0
        self.query_one("#target-length", Static).update(length_sentence(players, target))
        offered = few_rounds_target(players)
        button = self.query_one("#few-rounds", Button)
        button.display = offered_target(players, target) is not None  # what `unokart new` says too
        if offered is not None:
            rounds_then = rounds_words(usual_rounds(players, offered) or FEW_ROUNDS)
            button.label = _("Play to {target}: {rounds}").format(target=offered, rounds=rounds_then)
            self.offered_target = offered

    def on_input_changed(self, event: Input.Changed) -> None:
        self.check_form()

    def on_select_changed(self, event: Select.Changed) -> None:
        select = event.select
        if select.id == "table-difficulty":
            if event.value != EACH:
                for each in self.rows():
                    if event.value in difficulties(each.choice()[0]):
                        each.query_one(".difficulty", Select).value = event.value
            return
        row = next((ancestor for ancestor in select.ancestors if isinstance(ancestor, OpponentRow)), None)
        if row is None:
            return
        if select.has_class("personality"):
            self.offer_difficulties(row)
        row.describe()
        self.show_shared_difficulty()
        self.check_form()

    def show_shared_difficulty(self) -> None:
        """The whole table's difficulty: the opponents', when they all have the same."""
        chosen = {difficulty for _, difficulty in (row.choice() for row in self.rows())}
        self.query_one("#table-difficulty", Select).value = chosen.pop() if len(chosen) == 1 else EACH

    def offer_difficulties(self, row: OpponentRow) -> None:
        """A personality's own difficulties (another bot may have others); the one chosen stays if it can."""
        personality, difficulty = row.choice()
        levels = difficulties(personality)
        select = row.query_one(".difficulty", Select)
        select.set_options([(difficulty_name(name), name) for name in levels])
        select.value = difficulty if difficulty in levels else default_difficulty(personality)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "add":
            await self.action_add_opponent()
        elif event.button.id == "few-rounds":
            self.query_one("#target", Input).value = str(self.offered_target)
        elif event.button.id == "house-rules":
            self.action_house_rules()
        elif event.button.has_class("remove"):
            await self.remove_row(
                next(ancestor for ancestor in event.button.ancestors if isinstance(ancestor, OpponentRow))
            )
        else:
            self.action_start()

    def action_start(self) -> None:
        game, errors = self.read_fields()
        if game is not None:
            self.post_message(self.Chosen(game))
        else:
            self.show_first_problem(errors)

    def show_first_problem(self, errors: dict[str, str]) -> None:
        """The first field in red, in view with its reason and focused: found in play, ctrl+s with a wrong
        seed below the fold showed nothing at all."""
        field = next((field for field in FIELDS if field in errors), None)
        if field is None:
            return
        # The opponents' problem is the line-up's: its Add button, just above the reason, takes the focus.
        widget = self.query_one("#add" if field == "bots" else f"#{field}")
        widget.focus(scroll_visible=False)
        # In the middle of the form: the reason, on the line below the field, is in view with it.
        self.query_one("#form", Vertical).scroll_to_center(widget, animate=False)

    def action_house_rules(self) -> None:
        from ..dialogs.house_rules import HouseRulesDialog  # noqa: PLC0415 - loaded when first opened

        def chosen(rules: HouseRules | None) -> None:
            if rules is not None:
                self.rules = rules
                button = self.query_one("#house-rules", Button)
                button.label = self.rules_label()
                self.check_form()
                button.scroll_visible(animate=False)  # the choice in view: the section is below the fold at 80x24

        self.app.push_screen(HouseRulesDialog(self.rules), chosen)

    async def remove_row(self, row: OpponentRow) -> None:
        """Take ``row`` out of the line-up (never the last one); the focus goes to the row that takes its place."""
        rows = self.rows()
        if len(rows) == 1:
            self.app.bell()
            return
        place = rows.index(row)
        await row.remove()
        self.number_rows()
        self.show_shared_difficulty()
        self.check_form()
        rest = self.rows()
        rest[min(place, len(rest) - 1)].query_one(".personality", Select).focus()

    async def action_remove_opponent(self) -> None:
        row = (
            next((ancestor for ancestor in self.focused.ancestors if isinstance(ancestor, OpponentRow)), None)
            if self.focused
            else None
        )
        if row is None:
            self.app.bell()  # the focus is on no opponent's row: nothing says which one to remove
            return
        await self.remove_row(row)

    async def action_add_opponent(self) -> None:
        rows = self.rows()
        if len(rows) >= MAX_OPPONENTS:
            # Found in play: a tenth ctrl+o did nothing, without a word.
            self.app.bell()
            self.notify(
                _("The table is full: {most} opponents at most, {players} players with you.").format(
                    most=MAX_OPPONENTS, players=MAX_OPPONENTS + 1
                ),
                title=_("No more opponents"),
                severity="warning",
            )
            return
        shared = self.query_one("#table-difficulty", Select).value
        personality = LINE_UP[len(rows) % len(LINE_UP)]
        difficulty = str(shared) if shared != EACH else default_difficulty(personality)
        row = OpponentRow(personality, difficulty)
        await self.query_one("#line-up", Vertical).mount(row)
        self.number_rows()
        self.check_form()
        row.query_one(".personality", Select).focus()
        row.scroll_visible(animate=False)

    async def action_default_line_up(self) -> None:
        line_up = self.query_one("#line-up", Vertical)
        await line_up.remove_children()
        await line_up.mount_all(OpponentRow(p, default_difficulty(p)) for p in LINE_UP)
        self.query_one("#table-difficulty", Select).value = self.shared_difficulty(
            [(p, default_difficulty(p)) for p in LINE_UP]
        )
        self.number_rows()
        self.check_form()

    def action_back(self) -> None:
        self.app.pop_screen()


def start_summary(game: NewGame) -> str:
    """What Start begins, in a line: who plays, to what score, under which rules."""
    opponents = ", ".join(
        personality_name(personality)
        if profile in (None, default_difficulty(personality))
        else f"{personality_name(personality)} ({difficulty_name(profile)})"
        for personality, profile in zip(game.bots, game.profiles, strict=True)
    )
    preset = game.rules.preset_name
    count = len(game.rules.enabled())
    shown = preset_name(preset) if preset else preset
    values = {"target": game.target, "preset": shown, "opponents": opponents, "count": count}
    # The list of opponents last: on screen above, it may be cut.
    if preset:
        return _("to {target} · {preset} rules · against {opponents}").format(**values)
    return ngettext(
        "to {target} · {count} house rule · against {opponents}",
        "to {target} · {count} house rules · against {opponents}",
        count,
    ).format(**values)
