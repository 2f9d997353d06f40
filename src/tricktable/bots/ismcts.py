"""Information-set Monte Carlo tree search: one game-agnostic search bot for every game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 2012). The tree belongs to the bot's seat; its nodes are reached by sequences of
(seat, action) moves. Each iteration:

1. **Determinize**: draw a full world consistent with the seat's observation (``SeatView.sample``,
   the game's ``resample`` with a fresh chance seed). The bot never touches the live state.
2. **Select**: descend while every action available *in this world* already has a child, by UCB1 with
   availability counts: ``mean + c * sqrt(ln(availability) / visits)``, where a child's availability
   counts the visits to its parent in which it was legal. Each node holds the reward of the seat that
   moved into it, so opponents choose for themselves.
3. **Expand** one untried available action, then **roll out** with the policy (random or heuristic) to
   the end of the round, a few rounds, or the game (``horizon``).
4. **Back up** each node's seat's reward (see ``search.Valuer``).

Simultaneous steps (several actors): the tree branches on one actor's choice (our seat's when it is one
of them, else the first), and the other actors' choices are drawn from the rollout policy in the same
world: they are hidden from us, so they are not edges of our tree.

Three uses of the game's heuristic module (``bots.heuristic.hook``), each optional:

- **avoid**: root choices a sound player never makes (Masquerade: a bluff every other seat can prove)
  are left out of the tree;
- **inference** (``inference=True``): policy-based inference (Rebstock, Buro et al., "Policy Based
  Inference in Trick-Taking Card Games", IEEE CoG 2019), on the others' actions the seat has seen this
  round (``bots.inference``): once per decision ``CANDIDATES`` worlds are drawn and weighted by the
  likelihood of those actions with the heuristic as the model of the other seats; each iteration then
  plays a copy of one candidate, drawn in proportion to its weight (with a fresh chance stream);
- **prior** (``prior=W``, or ``:prior`` in a level's spec): progressive bias (Chaslot et al. 2008) at the
  root, ``W / (visits + 1)`` added to the heuristic's choice, so near-equal choices (preparation, Oracle,
  draft) lean toward a reason instead of the search's noise. Only where the heuristic has a reason: when
  two of its calls with different random streams disagree (a blind pick, Trickster's draft) there is no
  prior.

The final choice is the most visited root action. The inner loop uses ``apply(check=False)``, the
trusted ``_legal`` and one ``resample`` per iteration; nothing builds text or observations.

A time cap is a bound on the whole answer: it counts from when the driver began building the seat's view
(``SeatView.built``), keeps ``MARGIN`` (a tenth of a shorter cap) for the final choice and the return, and
the search stops before an iteration that would likely end past it (as long as the slowest one so far).
"""

from __future__ import annotations

import math
import time
from bisect import bisect_right
from collections.abc import Callable
from typing import Any, Literal

from tricktable.bots.base import Bot, SeatView
from tricktable.bots.heuristic import chooser, heuristic_policy, hook
from tricktable.bots.inference import weigher
from tricktable.bots.search import Budget, CyclesPaused, Policy, Rollout, Valuer, level_settings, random_policy
from tricktable.engine import Action, Game, Rng, State
from tricktable.engine.native import NativeState

Horizon = int | None | Literal["auto"]
""" Rounds a rollout plays before it is scored: 1 ends it with the round, None plays to the end of the
game, ``"auto"`` takes the game's declared ``Game.rollout_horizon`` (the horizon that played best in our
measurements, docs/strength.md; a game's "round" is its own ``State.round``: a deal in Megalomania and
Trickster, a single turn in Masquerade)."""
CANDIDATES = 64  # worlds drawn and weighed once per decision when inference is on
MARGIN = 0.05  # seconds of a time cap kept for the final choice and the return (a tenth of a shorter cap)


class Node:
    """A tree node: the move (by ``seat``) that reaches it, and that seat's statistics."""

    __slots__ = ("availability", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.reward = 0.0
        self.availability = 1
        self.children: dict[int, Node] = {}


class ISMCTSBot(Bot):
    """Single-observer ISMCTS over the game's resampler.

    ``budget`` bounds each decision; ``rollout`` plays the playouts: ``"random"``, ``"heuristic"`` (the
    game's heuristic, see ``bots.heuristic.heuristic_policy``) or any ``Policy`` function;
    ``level`` (``"hard"``) takes budget and rollout from the game's declared ``Game.bot_levels`` instead;
    ``exploration`` is UCB1's constant c; ``horizon`` is how many rounds a rollout plays before it is
    scored by ``valuer`` (``search.Valuer``: the relative score gain; or to the end of the game).
    After each decision ``last_iterations`` and ``last_seconds`` say how much was spent.
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, *, budget: Budget | None = None, rollout: Rollout | Policy = "random",
                 exploration: float = 0.7, horizon: Horizon = "auto", name: str | None = None,
                 level: str | None = None, inference: bool = False,
                 prior: float = 0.0, valuer: Callable[[State], Callable[[State], list[float]]] = Valuer) -> None:
        super().__init__(seed)
        self.valuer = valuer  # a playout's end -> each seat's reward (hints: ``odds.WinValuer``)
        self.inference = inference
        self.prior = prior
        self.budget = budget or Budget(iterations=200)
        self.rollout = rollout
        self.level = level
        # a level's settings per game: budget, rollout, inference, prior
        self._levels: dict[type[Game[Any]], tuple[Budget, Rollout | Policy, bool, float]] = {}
        self.policy: Policy = random_policy
        self.exploration = exploration
        self.horizon = horizon
        if name is not None:
            self.name = name
        self._banned: frozenset[int] = frozenset()
        self._favoured = -1
        self._bias = 0.0  # this search's prior weight (the level's, or ``prior``)
        self.last_iterations = 0
        self.last_seconds = 0.0

    def __repr__(self) -> str:
        return (f"ISMCTSBot(budget={self.budget}, horizon={self.horizon!r}, inference={self.inference}, "
                f"prior={self.prior})")

    def choose(self, view: SeatView) -> Action:
        if len(view.legal) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return view.legal[0]
        visits = self.search(view)
        legal = [a for a in view.legal if a.index not in self._banned] or view.legal
        base = view.seat * view.game.num_actions
        best, best_key = legal[0], (-1, -1.0)
        for action in legal:
            child = visits.get(base + action.index)
            key = (child.visits, child.reward / child.visits) if child and child.visits else (0, 0.0)
            if key > best_key:
                best, best_key = action, key
        return best

    def _settings(self, game: Game[Any]) -> tuple[Budget, Rollout | Policy, bool, float]:
        """Budget, rollout, inference and prior weight for ``game``: the level's, as the game declares it, else
        this bot's own (``:infer`` in the bot's name turns inference on, ``:prior<W>`` sets the prior's weight,
        whatever the level says)."""
        if self.level is None:
            return self.budget, self.rollout, self.inference, self.prior
        kind = type(game)
        found = self._levels.get(kind)
        if found is None:
            spec = kind.bot_levels.get(self.level)
            budget, rollout, infers, prior = level_settings(spec) if spec else (self.budget, self.rollout, False, 0.0)
            found = self._levels[kind] = budget, rollout, infers or self.inference, self.prior or prior
        return found

    def search(self, view: SeatView) -> dict[int, Node]:
        """Run the search from ``view``; the root's children, keyed ``seat * num_actions + action.index``."""
        with CyclesPaused():  # a search leaves no cycles: the collector would only walk its live objects
            return self._search(view)

    def _search(self, view: SeatView) -> dict[int, Node]:
        start = time.perf_counter()
        budget, rollout, inference, self._bias = self._settings(view.game)
        # the cap counts from the start of building the view, and keeps a margin for the answer
        deadline = math.inf if budget.seconds is None else \
            view.built + budget.seconds - min(MARGIN, budget.seconds / 10)
        limit = budget.iterations if budget.iterations is not None else math.inf
        if rollout == "heuristic":
            self.policy = heuristic_policy(view.game)
        elif callable(rollout):
            self.policy = rollout
        else:
            self.policy = random_policy
        root = Node(-1)
        avoid = hook(view.game, "avoid")
        self._banned = frozenset(a.index for a in avoid(view.observation, view.legal, view.game)) if avoid \
            else frozenset()
        self._favoured = -1
        if self._bias:
            choose = chooser(view.game)
            if choose is not None:
                picked = choose(view.observation, view.legal, view.game, Rng(1))
                again = choose(view.observation, view.legal, view.game, Rng(2))
                if picked == again:  # a reason, not a coin: bias toward it
                    self._favoured = picked.index
        worlds: list[State] = []
        cumulative: list[float] = []
        weigh = weigher(view.game) if inference else None
        if weigh is not None:
            worlds, cumulative = self._candidates(view, weigh)
        world = self._draw(view, worlds, cumulative)
        valuer = self.valuer(world)
        horizon = view.game.rollout_horizon if self.horizon == "auto" else self.horizon
        stop_round = None if horizon is None else world.round + horizon
        done = 0
        slowest = 0.0
        before = time.perf_counter()
        while True:
            self._iterate(world, root, view.seat, valuer, stop_round)
            done += 1
            # stop when the next iteration would likely end past the deadline (it may take as long as the
            # slowest one so far): a time cap is then a bound on the answer, not where the last one starts
            now = time.perf_counter()
            slowest = max(slowest, now - before)
            if done >= limit or now + slowest >= deadline:
                break
            before = now  # an iteration's time includes drawing its world
            world = self._draw(view, worlds, cumulative)
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        return root.children

    def _candidates(self, view: SeatView, weigh: Any) -> tuple[list[State], list[float]]:
        """``CANDIDATES`` worlds and their cumulative weights (the likelihood of the others' observed
        choices in each, ``bots.inference``); none when every world weighs the same (no evidence)."""
        rng = self.rng
        model_rng = rng.fork()
        worlds = [view.sample(rng) for _ in range(CANDIDATES)]
        weights = [weigh(w, view.seat, model_rng) for w in worlds]
        if max(weights) == min(weights):
            return [], []
        cumulative: list[float] = []
        total = 0.0
        for weight in weights:
            total += weight
            cumulative.append(total)
        return worlds, cumulative

    def _draw(self, view: SeatView, worlds: list[State], cumulative: list[float]) -> State:
        """A world for the next iteration: a fresh sample, or with inference a copy of a candidate drawn in
        proportion to its weight, with a chance stream of its own."""
        rng = self.rng
        if not worlds:
            return view.sample(rng)
        pick = bisect_right(cumulative, rng.next64() / 2.0**64 * cumulative[-1])
        world = worlds[min(pick, len(worlds) - 1)].clone()
        world.rng = Rng(rng.next64())
        return world

    def _iterate(self, state: State, root: Node, observer: int, valuer: Callable[[State], list[float]],
                 stop_round: int | None) -> None:
        """One determinized iteration: select, expand, roll out, back up."""
        rng, policy, c = self.rng, self.policy, self.exploration
        banned, favoured, prior = self._banned, self._favoured, self._bias
        width = state.game.num_actions
        node = root
        path: list[Node] = []
        expanded = False
        # --- selection and expansion
        while not expanded:
            actors = state.actors
            if not actors or (stop_round is not None and state.round >= stop_round):
                break
            seat = observer if observer in actors else actors[0]
            legal = state._legal(seat)
            at_root = node is root and seat == observer
            if at_root and banned:
                legal = [a for a in legal if a.index not in banned] or legal
            others = [(q, policy(state, q, rng)) for q in actors if q != seat] if len(actors) > 1 else []
            children = node.children
            base = seat * width
            untried = [a for a in legal if base + a.index not in children]
            if untried:
                action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(seat)
                children[base + action.index] = child
                expanded = True
            else:
                child, action, best = node, legal[0], -math.inf
                for a in legal:
                    candidate = children[base + a.index]
                    candidate.availability += 1
                    value = (candidate.reward / candidate.visits
                             + c * math.sqrt(math.log(candidate.availability) / candidate.visits))
                    if at_root and a.index == favoured:  # progressive bias toward the heuristic's choice
                        value += prior / (candidate.visits + 1)
                    if value > best:
                        child, action, best = candidate, a, value
            state.apply(action, seat, check=False)
            for q, other in others:
                state.apply(other, q, check=False)
            path.append(child)
            node = child
        # --- rollout
        rollout(state, policy, rng, stop_round)
        # --- backup
        rewards = valuer(state)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]


def rollout(state: State, policy: Policy, rng: Rng, stop_round: int | None = None) -> None:
    """Play ``state`` with ``policy`` to the end of the game, or of round ``stop_round - 1``: a search's rollout.

    With the uniform policy on a compiled game, every call is a native one (``_random_rollout``); otherwise the
    actors' choices come from the policy, a step's simultaneous choices all made before any is applied."""
    if policy is random_policy and isinstance(state, NativeState):
        _random_rollout(state, rng, -1 if stop_round is None else stop_round)
        return
    while True:
        actors = state.actors
        if not actors or (stop_round is not None and state.round >= stop_round):
            return
        if len(actors) == 1:
            seat = actors[0]
            state.apply(policy(state, seat, rng), seat, check=False)
        else:
            picks = [(q, policy(state, q, rng)) for q in actors]
            for q, a in picks:
                state.apply(a, q, check=False)


def playouts(state: State, n: int, rng: Rng, policy: Policy = random_policy,
             horizon: int | None = None) -> list[list[float]]:
    """``n`` playouts of copies of ``state`` (each with a chance stream drawn from ``rng``) by ``policy``, to the
    end of the game or ``horizon`` rounds on: each one's final scores. Compiled, the whole loop runs natively;
    for simulations and for measuring the rollout policy alone."""
    stop_round = None if horizon is None else state.round + horizon
    out: list[list[float]] = []
    for _ in range(n):
        world = state.clone()
        world.rng = Rng(rng.next64())
        rollout(world, policy, rng, stop_round)
        out.append(world.scores())
    return out


def _random_rollout(state: NativeState, rng: Rng, stop_round: int) -> None:
    """``_iterate``'s rollout with ``random_policy``, on a compiled game's state (``stop_round`` -1: to the
    end): the same draws in the same order, so the same playout, but every call a native one, where the
    general loop calls the policy, ``_legal`` and ``apply`` through Python (a tenth of a decision's cost)."""
    while True:
        actors = state.actors
        if not actors or (stop_round >= 0 and state.round_no >= stop_round):
            return
        if len(actors) == 1:
            seat = actors[0]
            legal = state._legal(seat)
            state.apply(legal[rng.below(len(legal))] if len(legal) > 1 else legal[0], seat, check=False)
        else:
            picks = []
            for q in actors:
                legal = state._legal(q)
                picks.append(legal[rng.below(len(legal))] if len(legal) > 1 else legal[0])
            for i in range(len(actors)):  # not ``zip(…, strict=True)``: compiled, a keyword call goes through Python
                state.apply(picks[i], actors[i], check=False)
