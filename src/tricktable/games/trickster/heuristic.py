"""Trickster's heuristic: avoid busting, dump trouble, use hero effects well; from the observation only.

The yardstick is **trouble**: a card in your tableau costs 1, unless you alone hold the most cards of its
suit (rules: Scoring). Every hand card ends in the tableau at the round's end, so a suit is *ours* when
our tableau plus hand has clearly more of it than any other tableau; its cards cost us nothing and the
others' cost them. ``burden(card)`` is what a card costs us if it stays: 1 in a suit we do not own, 0 in
one we do.

- **Opening**: put down a card of the suit we hold most of (the start of a majority).
- **Follower**: of the fitting cards, play our heaviest burden (it leaves our hand for the buster's
  tableau), keeping cards of suits we own; a good effect breaks ties.
- **Trickster**: match the leader's hero or suit if we can (Same Hero / Same Suit: few cards fit, so
  a Follower likely busts instead of us); judged by the estimated chance that every Follower fits.
- **Leader**: lead our heaviest burden.
- **Effects**: give, pass, trash and bury our heaviest burden; take the card we would most like to
  own (a suit we own); put trouble on the opponent who has the fewest cards of that suit (so it costs
  them), robbing or watching the opponent with the most hand cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.engine import Action, Game, Observation, Rng
from tricktable.games.trickster.cards import HERO_INDEX, HERO_NAMES, SUITS, SUITS_JA, hero_of, parse_card, suit_of
from tricktable.games.trickster.rules import SAME_HERO, SAME_SUIT, Pattern, fitting, pattern_of, suit_counts

_GOOD_EFFECTS = {"Doctor", "Peddler", "Soldier", "Revolutionary", "Guard", "Scion"}  # move trouble away


class _View:
    def __init__(self, obs: Observation) -> None:
        table = obs["table"]
        self.seat: int = obs["seat"]
        self.players: int = obs["players"]
        self.hand = [parse_card(t) for t in obs["hand"]]
        self.tableaus = [[parse_card(t) for t in cards] for cards in table["tableaus"]]
        self.trick = [parse_card(e["card"]) for e in obs["trick"]]
        self.trash = [parse_card(t) for t in table["trash"]]
        self.hand_sizes: list[int] = obs["hand_sizes"]
        self.table = table
        self.counts = [suit_counts(cards) for cards in self.tableaus]
        self.mine = self.counts[self.seat].copy()
        for c in self.hand:
            self.mine[suit_of(c)] += 1

    def others_max(self, suit: int) -> int:
        return max((self.counts[p][suit] for p in range(self.players) if p != self.seat), default=0)

    def owns(self, suit: int) -> bool:
        """Whether we will likely hold the sole majority of ``suit`` at the round's end."""
        return self.mine[suit] >= self.others_max(suit) + 2

    def burden(self, card: int) -> float:
        """What keeping ``card`` costs us: 0 in a suit we own, up to 1 in one we are far from owning."""
        suit = suit_of(card)
        if self.owns(suit):
            return 0.0
        gap = self.others_max(suit) + 2 - self.mine[suit]
        return 0.6 + 0.1 * min(gap, 4)

    def want(self, card: int) -> float:
        """How much we would like ``card`` in hand or tableau (negative: we would rather not)."""
        suit = suit_of(card)
        if self.owns(suit):
            return 0.8
        if self.mine[suit] + 1 >= self.others_max(suit) + 2:
            return 0.5  # it would make the suit ours
        return -self.burden(card)


def choose(obs: Observation, legal: Sequence[Action], game: Game[Any], rng: Rng) -> Action:
    """The heuristic's action among ``legal`` (see the module doc)."""
    view = _View(obs)
    phase = obs["phase"]
    texts = [a.text for a in legal]
    kind = texts[0].split(" ", 1)[0]
    if phase == "draft" or kind == "draft":
        return rng.choice(legal)
    if kind == "choose":  # a seat
        return _seat(view, legal, obs)
    cards = [parse_card(t.split(" ", 1)[1]) for t in texts]
    if phase == "opening":
        return legal[max(range(len(cards)), key=lambda i: (view.mine[suit_of(cards[i])], -cards[i]))]
    if phase == "play":
        return legal[_play(view, cards, obs)]
    # effect steps: the kind says whether the card leaves us (give, pass, swap, bottom, move, return) or comes
    effect = obs["table"]["effect"] or {}
    step = str(effect.get("step", ""))
    if kind in ("give", "pass", "bottom", "return", "move", "swap"):  # a card leaves us: our worst trouble
        return legal[max(range(len(cards)), key=lambda i: view.burden(cards[i]))]
    if kind in ("take", "keep"):
        if "tableau card into your hand" in step:  # Doctor: lift our worst trouble, to dump it later
            return legal[max(range(len(cards)), key=lambda i: view.burden(cards[i]))]
        return legal[max(range(len(cards)), key=lambda i: view.want(cards[i]))]
    return rng.choice(legal)


def _seat(view: _View, legal: Sequence[Action], obs: Observation) -> Action:
    seats = [int(a.text.rsplit(" ", 1)[1]) for a in legal]
    effect = obs["table"]["effect"] or {}
    hero = str(effect.get("hero", ""))
    if hero in ("Brigand", "Witness"):  # rob or watch the fullest hand
        return legal[max(range(len(seats)), key=lambda i: view.hand_sizes[seats[i]])]
    # Peddler, Soldier, Revolutionary: the opponent our worst card hurts most (fewest of its suit)
    worst = max(view.tableaus[view.seat] + view.hand, key=view.burden, default=None)
    suit = suit_of(worst) if worst is not None else 0
    totals = [sum(r[p] for r in view.table["round_scores"]) if view.table["round_scores"] else 0
              for p in range(view.players)]
    return legal[min(range(len(seats)), key=lambda i: (view.counts[seats[i]][suit], totals[seats[i]]))]


def _play(view: _View, cards: list[int], obs: Observation) -> int:
    table = obs["table"]
    # our role is the Trickster's while the pattern is still open (not "the second card of the Pot": a
    # Guard's lead moves a tableau card into the Pot first)
    is_trickster = table["trickster"] == view.seat and table["pattern"] is None and table["lead"] is not None
    lead = parse_card(table["lead"]) if is_trickster else -1
    best, best_score = 0, -1e9
    for i, c in enumerate(cards):
        score = view.burden(c)
        if HERO_NAMES[hero_of(c)] in _GOOD_EFFECTS and view.tableaus[view.seat]:
            score += 0.2
        if is_trickster:
            pattern = pattern_of(lead, c)
            if pattern in (SAME_HERO, SAME_SUIT):
                score += 1.5 * _bust_chance(view, obs, pattern, lead)
        if score > best_score:
            best, best_score = i, score
    return best


def _bust_chance(view: _View, obs: Observation, pattern: Pattern, lead: int) -> float:
    """The chance that some Follower holds no fitting card (so a Follower, not us, busts) under ``pattern``
    (Same Suit or Same Hero) against the Leader's card ``lead``."""
    seen = set(view.hand) | set(view.trick) | set(view.trash)
    for cards in view.tableaus:
        seen |= set(cards)
    heroes = [HERO_INDEX[h] for h in obs["table"]["heroes"]]
    unseen = [h * 8 + s for h in heroes for s in range(8) if h * 8 + s not in seen]
    if not unseen:
        return 0.5
    fit = len(fitting(unseen, pattern, lead, 0, 0))
    share = fit / len(unseen)
    all_fit = 1.0
    for seat in obs["table"]["followers"]:
        size = obs["hand_sizes"][seat]
        all_fit *= 1.0 - (1.0 - share) ** size
    return 1.0 - all_fit


def reason(obs: Observation, action: Action, game: Game[Any]) -> tuple[str, dict[str, Any]]:
    """Why these rules of thumb would play ``action`` (or what it risks): a key of ``text.REASONS`` and its
    values (a suit as ``{"en", "ja"}`` words). Hints and reviews word it (``bots.hints``)."""
    view = _View(obs)
    phase = obs["phase"]
    kind, _, rest = action.text.partition(" ")
    if phase == "draft" or kind == "draft":
        return "draft", {}
    if kind == "choose":
        seat = int(rest.rsplit(" ", 1)[-1])
        hero = str((obs["table"]["effect"] or {}).get("hero", ""))
        return ("fullest_hand" if hero in ("Brigand", "Witness") else "hurts_most"), {"seat": seat}
    try:
        card = parse_card(rest)
    except (ValueError, KeyError):
        return "other", {}
    suit = suit_of(card)
    words = {"suit": {"en": SUITS[suit], "ja": SUITS_JA[suit]}}
    if phase == "opening":
        return "opening", words
    if phase == "play":
        table = obs["table"]
        if table["trickster"] == view.seat and table["pattern"] is None and table["lead"] is not None:
            pattern = pattern_of(parse_card(table["lead"]), card)
            if pattern in (SAME_HERO, SAME_SUIT):
                return ("same_hero" if pattern == SAME_HERO else "same_suit"), words
        return ("sheds_trouble" if view.burden(card) > 0 else "keeps_majority"), words
    if kind in ("give", "pass", "bottom", "return", "move", "swap"):
        return "passes_trouble", words
    if kind in ("take", "keep"):
        return ("takes_owned" if view.want(card) > 0 else "takes_least_bad"), words
    return "other", {}
