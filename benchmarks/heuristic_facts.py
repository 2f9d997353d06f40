"""Issue 14.3 facts in heuristic self-play: Masquerade challenges made and won; Trickster after a Guard lead.

Run: ``PYTHONPATH=src python benchmarks/heuristic_facts.py GAMES`` (on the old code too, to compare).
"""

from __future__ import annotations

import sys

from tricktable.bots import HeuristicBot, SeatView
from tricktable.engine import State, load_game
from tricktable.games.trickster.cards import hero_of, parse_card, suit_of


def _bots(seed: int) -> list[HeuristicBot]:
    return [HeuristicBot(seed * 10 + p) for p in range(4)]


def masquerade(games: int) -> tuple[int, int]:
    """(challenges made, challenges that succeeded) over ``games`` self-play games."""
    made = won = 0
    for seed in range(games):
        state, bots = load_game("masquerade", 4).new_state(seed), _bots(seed)
        while not state.is_over:
            p = state.actors[0]
            action = bots[p].choose(SeatView(state, p))
            start = len(state.events)
            state.apply(action, p)
            if action.text == "challenge":
                made += 1
                won += any(e.kind == "challenge" and e.data.get("success") for e in state.events[start:])
    return made, won


def _after_guard(state: State, p: int) -> bool:
    obs = state.observe(p)
    table = obs["table"]
    return (obs["phase"] == "play" and table["trickster"] == p and table["turn"] == p
            and table["pattern"] is None and len(obs["trick"]) >= 2)


def _card(text: str) -> int:
    return parse_card(text.split(" ", 1)[1])


def _match(card: int, lead: int) -> bool:
    return suit_of(card) == suit_of(lead) or hero_of(card) == hero_of(lead)


def trickster(games: int) -> tuple[int, int, int]:
    """(Trickster decisions after a Guard lead, No Match although a match was legal, Trickster busted)."""
    decisions = no_match = busted = 0
    for seed in range(games):
        state, bots = load_game("trickster", 4).new_state(seed), _bots(seed)
        while not state.is_over:
            p = state.actors[0]
            watched = _after_guard(state, p)
            lead = parse_card(state.observe(p)["table"]["lead"]) if watched else -1
            action = bots[p].choose(SeatView(state, p))
            if not watched:
                state.apply(action, p)
                continue
            decisions += 1
            if any(_match(_card(a.text), lead) for a in state.legal_actions(p)) \
                    and not _match(_card(action.text), lead):
                no_match += 1
            start = len(state.events)
            state.apply(action, p)
            while not state.is_over and not any(e.kind == "bust" for e in state.events[start:]):
                q = state.actors[0]
                state.apply(bots[q].choose(SeatView(state, q)), q)
            busted += any(e.kind == "bust" and e.data.get("seat") == p for e in state.events[start:])
    return decisions, no_match, busted


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    made, won = masquerade(n)
    print(f"masquerade: {made} challenges in {n} games, {won} succeeded")
    decisions, no_match, busted = trickster(n)
    print(f"trickster: {decisions} Trickster decisions after a Guard lead, No Match although a match was legal "
          f"in {no_match}, the Trickster busted in {busted}")
