"""Gundam Masquerade's heuristic: explainable rules of thumb, read from the seat's observation only.

Every decision is judged by one yardstick: how a change to the won piles moves *my* score against the
other player it touches (``scoring.score`` with the bonus table in play), so colours are managed near the
3-card burst line.

- **Play**: follow the lead colour when able, unless a bluff (an off-colour card with the colour in
  hand) gains clearly more and the others' odds that it is one stay low (``challenge_risk``: what
  everyone has seen of our hand and pile, weighed as a challenger weighs it). As the last player, play
  the card whose taking (lowest picks one card, highest takes the rest, B16 reverses) is best for us now.
  Earlier, judge each card by the trick as if it ended with it, discounted, and prefer shedding low cards:
  a low card usually picks the best card and leads next. Leading: our lowest card.
- **Challenge** when the odds favour it: the chance that the player holds a following card, from the
  unseen cards (hypergeometric), known voids and known withdrawn cards, is then weighed by the play
  itself: a void player must play off-colour, a player who could follow does so rarely (``BLUFF_RATE``),
  so only a near-certain holder is worth a challenge (a known withdrawn card that follows: certain); a
  player bluffs often where a bluff looked safe (as we do, above) and rarely elsewhere
  (``SAFE_BLUFF_RATE``, ``RISKY_BLUFF_RATE``; docs/strength.md, "Challenges on the odds").
- **Options A-D, colour, pick**: greedily move up to 3 cards of the one colour that gains most for us
  against the other player; ``done`` when no further card helps.
- **Target** (+-2): the card whose changed number gives us the best taking if the trick ended now.
- **Take**: the card worth most to us, counting what the rest gives the taker.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from typing import Any

from tricktable.engine import Action, Game, Observation, Rng, State
from tricktable.games.masquerade import effects, scoring
from tricktable.games.masquerade.actions import Kind, Move
from tricktable.games.masquerade.cards import (
    COLOUR_MASKS,
    COLOURS,
    DECK,
    Mask,
    PlayEffect,
    cards_of,
    number,
    parse_card,
)
from tricktable.games.masquerade.phases import PHASE_WORDS, Phase
from tricktable.games.masquerade.rules import MasqueradeRules, Setup

CHALLENGE_ODDS = 0.5  # challenge when the card is more likely a bluff than not (success and failure cost alike)
BLUFF_RATE = 0.05  # how often we assume a player holding a following card plays off-colour anyway
SAFE_BLUFF = 0.2  # bluff only where the others' odds that it is one stay this low (``challenge_risk``)
BLUFF_GAIN = 1.0  # and only for this much more than the best following card (in the play's value: points)
# how often a player holding a following card plays off-colour, as a challenger reckons it: where the bluff
# looked safe (the rule above, at this rate: 11 bluffs in 51 such plays of 40 self-play games; 0.2 gave 22 in
# 71) and elsewhere (none in 1,622; at 0.01, 14 challenges there all failed, the tail of the hypergeometric
# guess being no evidence against a player's choice)
SAFE_BLUFF_RATE = 0.25
RISKY_BLUFF_RATE = 0.001


def _setup(game: Game[Any]) -> Setup:
    """The game's options made concrete (``rules.Setup``): which special cards are in play."""
    setup = getattr(game, "setup", None)
    assert isinstance(setup, Setup), f"{game.name} is not Masquerade"
    return setup


def _mask(texts: Sequence[str]) -> Mask:
    m = 0
    for t in texts:
        m |= 1 << parse_card(t)
    return m


class _View:
    """The facts the rules below need, parsed once from the observation."""

    def __init__(self, obs: Observation, game: Game[Any]) -> None:
        table = obs["table"]
        self.game = game
        self.seat: int = obs["seat"]
        self.players: int = obs["players"]
        self.hand = _mask(obs["hand"])
        self.won = [_mask(w) for w in table["won"]]
        self.trick = [(t["seat"], parse_card(t["card"]), int(t["number"])) for t in obs["trick"]]
        self.lead = COLOURS.index(table["lead_colour"]) if table["lead_colour"] else -1
        setup = _setup(game)
        self.reverse = bool(table["b16"]) and table["options"]["b16"] == "reverse"
        self.by_role = setup.options.b16_ties == "roles"
        self.bonuses = setup.bonuses
        self.effects: dict[int, PlayEffect] = setup.effects
        self.wild = setup.wild
        self.table = table
        self.hand_sizes: list[int] = obs["hand_sizes"]

    def score(self, pile: Mask) -> int:
        return scoring.score(pile, self.bonuses)

    def gain(self, seat: int, cards: Mask) -> int:
        """How much ``cards`` added to ``seat``'s won pile change their score."""
        return self.score(self.won[seat] | cards) - self.score(self.won[seat])

    def follow_mask(self) -> Mask:
        return effects.follow_mask(self.lead, self.wild)

    def taking(self, trick: list[tuple[int, int, int]]) -> tuple[int, int]:
        """(picker seat, taker seat) if the trick ended as ``trick`` (``effects.taking``: B16 reverses)."""
        pick, take = effects.taking([n for _, _, n in trick], reverse=self.reverse, by_role=self.by_role)
        return trick[pick][0], trick[take][0]

    def best_pick(self, seat: int, cards: list[int], taker: int) -> tuple[int, float]:
        """The card ``seat`` should pick from ``cards`` and its value: own gain minus the taker's gain."""
        best, value = cards[0], -1e9
        for c in cards:
            rest = sum(1 << x for x in cards if x != c)
            v = float(self.gain(seat, 1 << c))
            if taker != seat:
                v -= self.gain(taker, rest) / max(1, self.players - 1)
            else:
                v += self.gain(seat, rest)
            if v > value:
                best, value = c, v
        return best, value

    def trick_value(self, trick: list[tuple[int, int, int]]) -> float:
        """What the trick is worth to us if it ended now."""
        cards = [c for _, c, _ in trick]
        picker, taker = self.taking(trick)
        pick, _ = self.best_pick(picker, cards, taker)
        rest = sum(1 << x for x in cards if x != pick)
        value = 0.0
        if picker == self.seat:
            value += self.gain(self.seat, 1 << pick)
        if taker == self.seat:
            value += self.gain(self.seat, rest)
        if picker != self.seat and taker != self.seat:
            value -= (self.gain(picker, 1 << pick) + self.gain(taker, rest)) / max(1, self.players - 1)
        return value


def choose(obs: Observation, legal: Sequence[Action], game: Game[Any], rng: Rng) -> Action:
    """The heuristic's action among ``legal`` (see the module doc)."""
    rule = RULES.get(obs["phase"])
    moves = [a for a in legal if isinstance(a, Move)]
    if rule is None or len(moves) != len(legal):
        return rng.choice(legal)
    return rule(_View(obs, game), moves, obs)


def _play(view: _View, moves: list[Move], obs: Observation) -> Move:
    if not view.trick:  # leading: our lowest card, which tends to be lowest and pick
        return min(moves, key=lambda m: (number(m.card), m.card))
    follow = view.follow_mask()
    following = [m for m in moves if follow >> m.card & 1]
    best, value = _best_card(view, following or moves)
    if following and len(following) < len(moves) and view.table["options"]["challenge"] == "on" \
            and challenge_risk(view) <= SAFE_BLUFF:
        # a bluff only where the others' odds say nobody should challenge it, and only for a clear gain
        bluff, bluff_value = _best_card(view, [m for m in moves if not follow >> m.card & 1])
        if bluff_value >= value + BLUFF_GAIN:
            return bluff
    return best


def _best_card(view: _View, candidates: list[Move]) -> tuple[Move, float]:
    """The card of ``candidates`` whose trick is worth most to us, and that worth."""
    last = len(view.trick) == view.players - 1
    best, value = candidates[0], -1e9
    for m in candidates:
        effect = view.effects.get(m.card)
        delta = effect.amount if effect is not None and effects.changes_number(effect) else 0
        trick = [*view.trick, (view.seat, m.card, number(m.card))]
        v = view.trick_value(trick)
        if delta:
            v += 1.0  # a +-2 card gives a choice later: a small bonus
        if not last:
            v = 0.5 * v - 0.05 * number(m.card)  # later players may change it; keep high cards for later
        if v > value:
            best, value = m, v
    return best, value


def challenge_risk(view: _View, seat: int = -1, *, before: int = 0) -> float:
    """How likely the others think an off-colour card of ``seat`` (default: ours) is a bluff, from what
    everyone has seen (won piles, the trick less its last ``before`` cards, the seat's cards known from a
    challenge): the chance, over the cards not public, that a hand of its size holds a following card,
    weighed by the play at the rate a player bluffs where it looks safe (``SAFE_BLUFF_RATE``: the rate the
    others reckon with there). Each other seat also knows its own hand, which can make it surer; these are
    the odds before that."""
    seat = view.seat if seat < 0 else seat
    follow = view.follow_mask()
    known = _mask(view.table["known_in_hand"][seat])
    if known & follow:
        return 1.0
    public = 0
    for k in view.table["known_in_hand"]:
        public |= _mask(k)
    for pile in view.won:
        public |= pile
    for _, c, _ in view.trick[:len(view.trick) - before]:
        public |= 1 << c
    hidden = ((1 << DECK) - 1) & ~public
    size = view.hand_sizes[seat] + before - known.bit_count()
    total, hits = hidden.bit_count(), (hidden & follow).bit_count()
    if size <= 0 or total < size:
        return 0.0
    return bluff_odds(1.0 - comb(total - hits, size) / comb(total, size), SAFE_BLUFF_RATE)


def _unseen(view: _View) -> Mask:
    seen = view.hand
    for pile in view.won:
        seen |= pile
    for _, c, _ in view.trick:
        seen |= 1 << c
    return ((1 << DECK) - 1) & ~seen


def follow_chance(view: _View, challenged: int) -> float:
    """The chance, before the play is taken as evidence, that ``challenged`` holds a following card: 1 if a
    card known to be in that hand (withdrawn earlier) follows, 0 if a failed challenge proved the colour
    void, else hypergeometric over the cards we have not seen and no other hand is known to hold."""
    table = view.table
    follow = view.follow_mask()
    if challenged < 0 or COLOURS[view.lead] in set(table["void"][challenged]):
        return 0.0
    known = _mask(table["known_in_hand"][challenged])
    if known & follow:
        return 1.0
    others_known = 0
    for p, k in enumerate(table["known_in_hand"]):
        if p != challenged:
            others_known |= _mask(k)
    unseen = _unseen(view) & ~others_known & ~known
    size = view.hand_sizes[challenged] - known.bit_count()
    total = unseen.bit_count()
    hits = (unseen & follow).bit_count()
    if size <= 0 or total < size:
        return 0.0
    return 1.0 - comb(total - hits, size) / comb(total, size)


def bluff_odds(prior: float, bluff_rate: float = BLUFF_RATE) -> float:
    """The chance the off-colour card was a bluff, given the play: a player void in the colour must play
    off-colour, one holding a following card does so only at ``bluff_rate`` (Bayes)."""
    if prior >= 1.0 or prior <= 0.0:
        return prior
    return bluff_rate * prior / (bluff_rate * prior + (1.0 - prior))


def bluff_chance(obs: Observation, game: Game[Any]) -> float:
    """At a challenge window: the odds, for the seat of ``obs``, that the off-colour card just played is a
    bluff (so that a challenge succeeds); see ``_bluff_chance``."""
    return _bluff_chance(_View(obs, game))


def _bluff_chance(view: _View) -> float:
    """``follow_chance`` weighed by the play (``bluff_odds``) at the rate a player bluffs in that spot: often
    where the bluff looked safe to everyone (``challenge_risk`` before the card), rarely elsewhere."""
    challenged = view.trick[-1][0] if view.trick else -1
    if challenged < 0:
        return 0.0
    safe = challenge_risk(view, challenged, before=1) <= SAFE_BLUFF
    return bluff_odds(follow_chance(view, challenged), SAFE_BLUFF_RATE if safe else RISKY_BLUFF_RATE)


def _challenge(view: _View, moves: list[Move], obs: Observation) -> Move:
    kind = Kind.CHALLENGE if _bluff_chance(view) > CHALLENGE_ODDS else Kind.PASS
    return next((m for m in moves if m.kind is kind), moves[0])


def certain_bluffs(obs: Observation, legal: Sequence[Action], game: Game[Any]) -> list[Action]:
    """Off-colour plays that every other seat knows are bluffs (a card of ours known to all follows), so
    a challenge is sure to succeed: search leaves these out (see ``bots.ismcts``)."""
    if obs.get("phase") != PHASE_WORDS[Phase.TRICK] or not obs["trick"] or obs["table"]["options"]["challenge"] != "on":
        return []
    view = _View(obs, game)
    follow = view.follow_mask()
    if not _mask(view.table["known_in_hand"][view.seat]) & follow & view.hand:
        return []
    play = Kind.PLAY
    return [a for a in legal if isinstance(a, Move) and a.kind is play and not follow >> a.card & 1]


def _parties(view: _View, letter: str, obs: Observation) -> tuple[int, int]:
    """(giver, receiver) of an option letter, from the challenge in the observation."""
    challenge: dict[str, Any] = obs["table"]["challenge"] or {}
    return effects.parties(letter, int(challenge["challenger"]), int(challenge["challenged"]))


def _move_value(view: _View, giver: int, receiver: int, cards: Mask) -> float:
    """Our gain minus the other party's gain when ``cards`` go from giver to receiver."""
    gains = {giver: view.score(view.won[giver] & ~cards) - view.score(view.won[giver]),
             receiver: view.score(view.won[receiver] | cards) - view.score(view.won[receiver])}
    mine = gains.get(view.seat, 0)
    theirs = sum(v for p, v in gains.items() if p != view.seat)
    return float(mine - theirs)


def _greedy(view: _View, giver: int, receiver: int, colour_index: int,
            limit: int = effects.MAX_MOVED) -> tuple[float, Mask]:
    """Greedily the best up-to-``limit`` cards of one colour to move, and their value."""
    pool = view.won[giver] & COLOUR_MASKS[colour_index]
    chosen, value = 0, 0.0
    for _ in range(limit):
        best, best_value = -1, value
        for c in cards_of(pool & ~chosen):
            v = _move_value(view, giver, receiver, chosen | 1 << c)
            if v > best_value:
                best, best_value = c, v
        if best < 0:
            break
        chosen |= 1 << best
        value = best_value
    return value, chosen


def _transfer_plan(view: _View, letter: str, obs: Observation) -> tuple[float, int]:
    giver, receiver = _parties(view, letter, obs)
    plans = [(_greedy(view, giver, receiver, c)[0], c) for c in range(4)]
    return max(plans)


def _colour_value(view: _View, colour_index: int, obs: Observation) -> float:
    challenge = obs["table"]["challenge"] or {}
    giver, receiver = int(challenge["giver"]), int(challenge["receiver"])
    return _greedy(view, giver, receiver, colour_index)[0]


def _pick(view: _View, moves: list[Move], obs: Observation) -> Move:
    challenge = obs["table"]["challenge"] or {}
    giver, receiver = int(challenge["giver"]), int(challenge["receiver"])
    left = effects.MAX_MOVED - int(challenge.get("moved") or 0)
    colour_index = COLOURS.index(challenge["colour"])
    _, plan = _greedy(view, giver, receiver, colour_index, max(1, left))
    pick, done = Kind.PICK, Kind.DONE
    for m in moves:
        if m.kind is pick and plan >> m.card & 1:
            return m
    return next((m for m in moves if m.kind is done), moves[0])


def _penalty(view: _View, moves: list[Move], obs: Observation) -> Move:
    return max(moves, key=lambda m: _transfer_plan(view, m.letter, obs)[0])


def _colour(view: _View, moves: list[Move], obs: Observation) -> Move:
    return max(moves, key=lambda m: _colour_value(view, COLOURS.index(m.letter), obs))


def _target(view: _View, moves: list[Move], obs: Observation) -> Move:
    own = view.trick[-1] if view.trick else None
    amount = view.effects[own[1]].amount if own and own[1] in view.effects else 0
    best, value = moves[0], -1e9
    for m in moves:
        trick = [(s, c, n + amount if c == m.card else n) for s, c, n in view.trick]
        v = view.trick_value(trick) if len(trick) == view.players else 0.5 * view.trick_value(trick)
        if v > value:
            best, value = m, v
    return best


def _take(view: _View, moves: list[Move], obs: Observation) -> Move:
    taking: dict[str, Any] = obs["table"]["taking"] or {"taker": view.seat}
    taker = int(taking["taker"])
    cards = [m.card for m in moves]
    pick, _ = view.best_pick(view.seat, cards, taker)
    return next(m for m in moves if m.card == pick)


# the rule of thumb for each phase, by the word the observation names it by
RULES: dict[str, Callable[[_View, list[Move], Observation], Move]] = {PHASE_WORDS[phase]: rule for phase, rule in (
    (Phase.TRICK, _play), (Phase.MUST_FOLLOW, _play), (Phase.CHALLENGE_WINDOW, _challenge),
    (Phase.PENALTY, _penalty), (Phase.TRANSFER_COLOUR, _colour), (Phase.TRANSFER_CARDS, _pick),
    (Phase.PLUS_MINUS, _target), (Phase.TRICK_END, _take))}


def avoid(obs: Observation, legal: Sequence[Action], game: Game[Any]) -> list[Action]:
    """The search hook (``bots.heuristic.hook``): never bluff into a certain challenge, and never challenge
    against the odds (``bluff_chance`` at most ``CHALLENGE_ODDS``): a search's worlds hold a following card in
    the challenged hand as often as a random deal would, which the play itself makes unlikely."""
    if obs.get("phase") == PHASE_WORDS[Phase.CHALLENGE_WINDOW] and obs["trick"]:
        if bluff_chance(obs, game) <= CHALLENGE_ODDS:
            return [a for a in legal if isinstance(a, Move) and a.kind is Kind.CHALLENGE]
        return []
    return certain_bluffs(obs, legal, game)


def evidence(world: State, seat: int) -> float:
    """How likely this turn's off-colour cards are in ``world`` with this heuristic as the others' model
    (the search hook ``evidence``, see ``bots.ismcts``): a player who could have followed plays off-colour
    at the rate a challenger reckons with in that spot (``SAFE_BLUFF_RATE`` where the bluff looked safe to
    everyone, ``RISKY_BLUFF_RATE`` elsewhere: ``_spot_rate``). Hands only lose cards during a turn, so a
    following card in a hand now was there when the card was played."""
    if not isinstance(world, MasqueradeRules) or world.lead < 0:
        return 1.0
    follow = world.follow_mask()
    weight = 1.0
    for i, card in enumerate(world.trick):
        if i == 0 or card < 0 or follow >> card & 1:
            continue
        q = world.seat_at(i)
        if q != seat and world.hands[q] & follow:
            weight *= _spot_rate(world, q, i, follow)
    return weight


def _spot_rate(world: MasqueradeRules, q: int, position: int, follow: Mask) -> float:
    """The bluff rate of the spot where ``q`` played the trick's card at ``position``: safe when, from what
    was public then, a bluff looked unlikely (``challenge_risk``'s reckoning, on the world's own piles)."""
    if world.known[q] & follow:
        return RISKY_BLUFF_RATE
    public = 0
    for k in world.known:
        public |= k
    for pile in world.won:
        public |= pile
    for card in world.trick[:position]:
        if card >= 0:
            public |= 1 << card
    hidden = ((1 << DECK) - 1) & ~public
    size = world.hands[q].bit_count() + 1 - world.known[q].bit_count()
    total, hits = hidden.bit_count(), (hidden & follow).bit_count()
    if size <= 0 or total < size:
        return RISKY_BLUFF_RATE
    risk = bluff_odds(1.0 - comb(total - hits, size) / comb(total, size), SAFE_BLUFF_RATE)
    return SAFE_BLUFF_RATE if risk <= SAFE_BLUFF else RISKY_BLUFF_RATE


def reason(obs: Observation, action: Action, game: Game[Any]) -> tuple[str, dict[str, Any]]:
    """Why these rules of thumb would play ``action`` (or what it risks): a key of ``text.REASONS`` and its
    values. Hints and reviews word it (``bots.hints``)."""
    rule = RULES.get(obs["phase"])
    if rule is None or not isinstance(action, Move):
        return "other", {}
    view = _View(obs, game)
    kind = action.kind
    if kind is Kind.PLAY:
        if not view.trick:
            lowest = min(number(c) for c in cards_of(view.hand)) if view.hand else number(action.card)
            return ("lead_low" if number(action.card) <= lowest else "lead_high"), {}
        colour = COLOURS[view.lead]
        follow = view.follow_mask()
        if follow >> action.card & 1:
            return ("last_best" if len(view.trick) == view.players - 1 else "follows"), {"colour": colour}
        if view.hand & follow:
            return "bluff", {"colour": colour, "risk": round(100 * challenge_risk(view))}
        return "void", {"colour": colour}
    if kind in (Kind.CHALLENGE, Kind.PASS):
        challenged = view.trick[-1][0] if view.trick else -1
        odds = _bluff_chance(view)
        likely = odds > CHALLENGE_ODDS
        key = ("challenge" if likely else "challenge_long") if kind is Kind.CHALLENGE else \
            ("no_challenge_despite" if likely else "no_challenge")
        return key, {"seat": challenged, "chance": round(100 * odds)}
    return {Kind.OPTION: "option", Kind.COLOUR: "colour_move", Kind.PICK: "pick", Kind.DONE: "done",
            Kind.TARGET: "target", Kind.TAKE: "take"}.get(kind, "other"), {}
