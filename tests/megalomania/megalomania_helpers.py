"""Constructed Megalomania positions: fixed deals, missions and dominant colours (the game's own options)."""

from __future__ import annotations

from typing import Any

from tricktable.engine import load_game
from tricktable.games.megalomania.game import MegalomaniaState


def setup(players: int, hands: list[str], *, mission: int = 1, dominant: str = "K", dealer: int | None = None,
          scrolls: tuple[str, ...] = (), seed: int = 1, **options: Any) -> MegalomaniaState:
    """A game whose first round deals ``hands`` (one string of card texts per seat) for ``mission``.

    The dealer defaults to the last seat, so seat 0 leads; the scroll deck is ``scrolls`` in order.
    """
    game = load_game("megalomania", players, deal=[hands], mission_order=[mission], dominant=dominant,
                     dealer=players - 1 if dealer is None else dealer, scrolls=list(scrolls),
                     shuffle_scrolls=False, **options)
    state = game.new_state(seed)
    assert isinstance(state, MegalomaniaState)
    return state


def ready(state: MegalomaniaState, *tokens: str) -> None:
    """Every seat ends its preparation: ``tokens[p]`` (default 3/0, i.e. 3 crystals) for seat p."""
    for p in range(state.players):
        state.apply(f"ready {tokens[p] if p < len(tokens) else '3/0'}", p)


def play(state: MegalomaniaState, *texts: str) -> None:
    """Apply each action for whoever is to act."""
    for text in texts:
        state.apply(text)


def events(state: MegalomaniaState, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in state.events if e.kind == kind]


def trick_winners(state: MegalomaniaState) -> list[int]:
    return [d["winner"] for d in events(state, "trick_won")]


def legal(state: MegalomaniaState, player: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(player)]
