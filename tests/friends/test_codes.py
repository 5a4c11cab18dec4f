"""Table codes (issue 31): hard to guess, without look-alikes, forgiving to type, and slow to guess at."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unokart_tui.friends import codes
from unokart_tui.friends.codes import ALPHABET, CODE_SPACE, DIGITS, CodeGuard, GuardLimits, new_code, normalise

LOOK_ALIKES = ["0O", "0Q", "0D", "1I", "1L", "17", "5S", "2Z", "8B", "6G", "UV"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_alphabet_holds_neither_half_of_any_look_alike_pair_nor_a_vowel():
    for pair in LOOK_ALIKES:
        assert not set(pair) & set(ALPHABET), pair
    assert not set("AEIOU") & set(ALPHABET)
    assert len(set(ALPHABET)) == len(ALPHABET) == 16


def test_a_code_is_five_characters_of_the_alphabet_with_a_digit_and_there_are_two_thirds_of_a_million():
    for _ in range(200):
        code = new_code()
        assert len(code) == 5 and set(code) <= set(ALPHABET)
        assert set(code) & set(DIGITS)
        assert normalise(code) == code
    assert CODE_SPACE == 16**5 - 13**5 == 677_283


def test_a_new_code_is_drawn_with_secrets_and_is_never_one_already_taken(monkeypatch):
    draws = iter("KMNPRKMNP9KMNP3")
    asked: list[str] = []

    def choice(alphabet: str) -> str:
        asked.append(alphabet)
        return next(draws)

    monkeypatch.setattr(codes.secrets, "choice", choice)
    # The first has no digit, the second is taken: the third is the one.
    assert new_code(taken=lambda code: code == "KMNP9") == "KMNP3"
    assert asked == [ALPHABET] * 15


@pytest.mark.parametrize("typed", ["k9mxr", "K9MXR", "k9-mxr", "K 9 M X R", " k9mxr ", "k9.mx_r", "K9-MX-R"])
def test_a_code_is_understood_in_any_case_with_spaces_and_dashes(typed):
    assert normalise(typed) == "K9MXR"


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "plain",  # line mode's user name is never a code
        "player",
        "nymph",  # a word of the alphabet's letters, but no digit: a user name, not a code
        "K9MX",
        "K9MXRR",
        "K0MXR",  # a look-alike is not quietly taken for something else
        "K9MXS",
        "K9\x1bMXR",
        "K9MXR" + " " * 40,
    ],
)
def test_what_cannot_be_a_code_is_none(typed):
    assert normalise(typed) is None


@given(st.text(max_size=40))
def test_normalise_gives_a_code_or_none_for_anything_typed(typed):
    code = normalise(typed)
    assert code is None or (len(code) == 5 and set(code) <= set(ALPHABET) and normalise(code) == code)


def test_the_first_wrong_codes_wait_nothing_then_each_waits_twice_as_long():
    clock = Clock()
    guard = CodeGuard(clock, GuardLimits(free=3, first_wait=1.0, longest_wait=4.0, most=10))
    waits = [guard.attempt("SHA256:eve", "192.0.2.1").wait for _ in range(8)]
    assert waits == [0, 0, 0, 1, 2, 4, 4, 4]


def test_after_the_most_wrong_codes_a_key_is_refused_for_a_while_then_starts_again():
    clock = Clock()
    guard = CodeGuard(clock, GuardLimits(most=4, refusal=900.0, window=600.0))
    for _ in range(4):
        assert not guard.attempt("SHA256:eve", "192.0.2.1").refused
    verdict = guard.attempt("SHA256:eve", "192.0.2.1")
    assert verdict.refused and verdict.refused_for == 900.0
    clock.now += 600
    assert guard.attempt("SHA256:eve", "192.0.2.1").refused_for == 300.0
    clock.now += 300
    assert guard.attempt("SHA256:eve", "192.0.2.1") == codes.Verdict(wait=0.0)


def test_one_address_is_refused_whatever_key_it_uses_and_one_key_whatever_address():
    clock = Clock()
    guard = CodeGuard(clock, GuardLimits(most=3, address_most=5))
    for number in range(5):
        guard.attempt(f"SHA256:throwaway{number}", "192.0.2.1")
    assert guard.attempt("SHA256:another", "192.0.2.1").refused
    for number in range(3):
        guard.attempt("SHA256:roamer", f"198.51.100.{number}")
    assert guard.attempt("SHA256:roamer", "203.0.113.9").refused
    assert not guard.attempt("SHA256:ann", "203.0.113.10").refused


def test_a_refusal_says_whether_the_key_or_the_whole_address_is_refused():
    """Found over ssh: a key refused for its own wrong codes was told "from here", others there were not."""
    clock = Clock()
    guard = CodeGuard(clock, GuardLimits(most=3, address_most=5))
    for _ in range(3):
        guard.attempt("SHA256:eve", "192.0.2.1")
    refused = guard.attempt("SHA256:eve", "192.0.2.1")
    assert refused.refused and not refused.by_address
    assert not guard.attempt("SHA256:eve", "192.0.2.1").by_address  # while it lasts, too
    assert not guard.attempt("SHA256:ann", "192.0.2.1").refused  # the friend beside Eve is not
    guard.attempt("SHA256:bob", "192.0.2.1")
    everyone = guard.attempt("SHA256:cy", "192.0.2.1")  # the address's sixth wrong code: all of it
    assert everyone.refused and everyone.by_address
    assert guard.attempt("SHA256:ann", "192.0.2.1").by_address


def test_wrong_codes_are_forgotten_after_the_window():
    clock = Clock()
    guard = CodeGuard(clock, GuardLimits(free=1, most=3, window=600.0))
    guard.attempt("SHA256:ann", "192.0.2.1")
    guard.attempt("SHA256:ann", "192.0.2.1")
    clock.now += 601
    assert guard.attempt("SHA256:ann", "192.0.2.1").wait == 0


def test_a_right_code_does_not_count_as_a_wrong_one():
    clock = Clock()
    guard = CodeGuard(clock, GuardLimits(free=1, most=2))
    for _ in range(5):
        assert not guard.attempt("SHA256:ann", "192.0.2.1").refused
        guard.right("SHA256:ann", "192.0.2.1")
    assert guard.attempt("SHA256:ann", "192.0.2.1") == codes.Verdict()


def test_attempts_made_at_once_are_all_counted_before_any_is_found_right_or_wrong():
    """Twenty connections at once cannot all slip under the limit before the first is looked up."""
    guard = CodeGuard(Clock(), GuardLimits(most=5))
    verdicts = [guard.attempt("SHA256:eve", "192.0.2.1") for _ in range(20)]
    assert sum(not verdict.refused for verdict in verdicts) == 5


def test_the_guard_forgets_stale_keys_and_addresses_past_its_memory():
    clock = Clock()
    guard = CodeGuard(clock, GuardLimits(window=10.0, remembered=50))
    for number in range(100):
        guard.attempt(f"SHA256:{number}", f"10.0.{number // 256}.{number % 256}")
        clock.now += 1
    assert guard.remembered <= 50 + 2 * 10


def test_a_friend_at_the_same_address_is_not_slowed_for_anothers_wrong_codes():
    # Found over ssh (issue 31): a friend who never typed a wrong code was "slowed … 1 s" for one who did.
    guard = CodeGuard(Clock(), GuardLimits(free=3, most=10, address_free=12, address_most=40))
    for _ in range(6):
        guard.attempt("SHA256:eve", "192.0.2.1")
    assert guard.attempt("SHA256:eve", "192.0.2.1").wait > 0
    assert guard.attempt("SHA256:ann", "192.0.2.1") == codes.Verdict()
    for number in range(40):  # many keys at one address: it is slowed, then refused, past its own limits
        guard.attempt(f"SHA256:throwaway{number}", "192.0.2.1")
    assert guard.attempt("SHA256:ann", "192.0.2.1").refused
