"""``round.view(seat)`` holds each field of ``PlayerView`` under its own name.

The view is built positionally for speed (views.py says why); here the same view is built by
keyword from what the round says in public, at every step of random play under every preset,
for every seat, so a field put in another's place shows at once.
"""

from __future__ import annotations

import random

from unokart_tui.engine import PRESETS, HouseRules, Phase, PlayerView, Round


def by_keyword(round_: Round, seat: int) -> PlayerView:
    challenge = round_._challenge
    shown = round_._revealed.get(seat, {})
    return PlayerView(
        seat=seat,
        num_players=round_.num_players,
        hand=round_.hand(seat),
        hand_sizes=round_.hand_sizes,
        top_card=round_.top_card,
        active_color=round_.active_color,
        direction=round_.direction,
        current=round_.current,
        decider=round_.decider,
        phase=round_.phase,
        draw_pile_size=len(round_.draw_pile),
        discard=round_.discard,
        exposed=round_.exposed,
        scores=round_.scores,
        revealed=dict(shown),
        dealer=round_.dealer,
        winner=round_.winner,
        drawn=round_.drawn if seat == round_.decider else None,
        wild_draw_four=None if challenge is None else (challenge[0], challenge[2]),
        rules=round_.rules,
        pending_draw=round_.pending_draw,
        choice_for=round_.choice_for,
        reactions=tuple(round_.reactions(seat)),
        public_history=tuple(round_._history),
        handed=dict(round_._handed.get(seat, {})),
    )


def test_every_field_of_a_view_is_the_one_of_its_name():
    seen: set[str] = set()
    for preset in PRESETS:
        rules = HouseRules.preset(preset)
        for seed in (*range(12), 20):  # seed 20 turns a Wild Item Box: the dealer decides (D5)
            players = 2 + seed % 4
            rng = random.Random(seed)
            round_ = Round.deal(players, dealer=seed % players, seed=seed, scores=[seed] * players, rules=rules)
            while True:
                for seat in range(players):
                    view = round_.view(seat)
                    assert view == by_keyword(round_, seat)
                    seen |= {name for name, value in view._asdict().items() if value not in (None, 0, (), {})}
                    if view.current != view.decider:
                        seen.add("decider is not current")
                if round_.is_over:
                    break
                reactions = [action for seat in range(players) for action in round_.reactions(seat)]
                if reactions and rng.random() < 0.3:
                    round_.apply(rng.choice(reactions))
                    continue
                legal = round_.legal_actions()
                choices = legal[:-1] if round_.phase is Phase.PLAY and len(legal) > 1 else legal
                round_.apply(rng.choice(choices))
    # The positions above gave every field a value of its own at some point, so none could hide behind another.
    assert seen >= {*PlayerView._fields, "decider is not current"} - {"seat", "direction"}
