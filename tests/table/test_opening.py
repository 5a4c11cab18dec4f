"""Opening a match without Textual (table/opening.py): the match, or what to tell the player."""

from __future__ import annotations

import saves
from unokart_tui.engine import Draw, HouseRules, Match
from unokart_tui.table import opening
from unokart_tui.table.session import Session


def damaged_with_backup(name: str) -> None:
    match = Match.new(["Ann", "Mario"], seed=3)
    saves.save(match, name)
    match.apply(Draw())
    saves.save(match, name)  # the first version is now the backup
    path = saves.path_of(name)
    path.write_text(path.read_text().replace('"draw"', '"draw twice"'))


def test_a_save_that_cannot_be_read_offers_its_backup_which_opens():
    damaged_with_backup("Duel")
    offered = opening.saved("Duel")
    assert isinstance(offered, opening.BackupOffered)
    assert offered.name == "Duel" and "checksum does not match" in offered.problem
    backup = opening.saved("Duel", backup=True)
    assert isinstance(backup, Session)
    backup.close()


def test_a_damaged_save_without_a_backup_is_refused_with_the_reason():
    saves.save(Match.new(["Ann", "Mario"], seed=3), "Once")
    path = saves.path_of("Once")
    path.write_text(path.read_text() + "\nnonsense = [")
    refused = opening.saved("Once")
    assert isinstance(refused, opening.Refused)
    assert (refused.title, refused.severity) == ("Cannot open", "error") and "Once.toml" in refused.message


def test_a_match_being_played_elsewhere_is_refused():
    saves.save(Match.new(2, seed=1), "Busy")
    with saves.MatchLock("Busy"):
        refused = opening.saved("Busy")
    assert isinstance(refused, opening.Refused) and (refused.title, refused.severity) == ("Already playing", "error")
    assert refused.message == "The match 'Busy' is being played in another session right now."


def test_with_nothing_to_continue_the_latest_is_a_warning():
    assert opening.latest() == opening.Refused("", "No unfinished match: start a new game.", "warning", None)


def test_the_latest_unfinished_match_opens():
    saves.save(Match.new(["Ann", "Mario"], seed=5), "Latest")
    session = opening.latest()
    assert isinstance(session, Session) and session.name == "Latest"
    session.close()


def test_again_closes_the_match_and_deals_its_line_up_target_and_rules_anew():
    rules = HouseRules(jump_in=True)
    first = Session.new("Ann", ["greedy", "challenger"], seed=1, target=200, profiles=["hard", None], rules=rules)
    second = opening.again(first)
    assert isinstance(second, Session)
    assert first.lock is None  # the first match was let go
    assert second.name != first.name and second.names[0] == "Ann"
    assert [(seat.kind, seat.profile) for seat in second.seats[1:]] == [("greedy", "hard"), ("challenger", None)]
    assert (second.match.target, second.match.rules) == (200, rules)
    second.close()


def test_a_replay_of_a_save_that_now_holds_another_match_is_refused():
    saves.save(Match.new(["Ann", "Mario"], seed=8), "Swapped")
    assert isinstance(opening.replay("Swapped"), saves.SavedGame)
    refused = opening.replay("Swapped", key="another match")
    assert refused == opening.Refused("Cannot replay", "The save Swapped now holds another match.", "warning", None)
    assert opening.replay("Missing").title == "Cannot replay"


def test_a_new_match_is_named_in_the_players_language():
    # Found by the translators: a Slovak player's saves were all called "Match …".
    from unokart_tui.voice import speaking

    with speaking("sk"):
        session = Session.new("Ann", ["greedy"], seed=1)
    try:
        assert session.name.startswith("Partia z 20")
    finally:
        session.close()
