"""Engine and search speed, as ratios against OpenSpiel's C++ Hearts measured in the same run.

The anchor is chosen to flatter no one:

- **Decisions from a dealt state** (the primary figure): the loop search and simulation run. Our games and
  Hearts are dealt before the clock starts; then the same Python loop (list the legal actions, pick one
  uniformly, apply it) plays each to the end. Our later rounds deal inside the engine, inside the clock.
- **Decisions from the initial state** (secondary): dealing included. Hearts deals through 53 chance nodes
  driven from Python; each outcome is drawn with ``random.choices(outcomes, weights=probabilities)``, the
  one stated method (how chance is sampled alone moves this figure about 2x).
- **Clones and resamples** per second at positions part-way through a game, and clone time early and
  late in a game (it must not grow along the game).
- **ISMCTS simulations** per second and decisions per simulation: ours with rollouts to the end of the
  game (and with each game's default horizon), against OpenSpiel's Python ISMCTS and its C++ ISMCTS on
  Hearts, from comparable positions (a few decisions into play), random rollouts, 200 simulations each.

Each pair is measured in interleaved bursts (ours, Hearts, ours, …) so that a change of machine load
falls on both sides, in CPU time. Figures are never checked by tests (a timed test on a shared machine means nothing).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.engine import Rng, State, available, game_class, load_game

Burst = Callable[[], tuple[float, int]]  # one timed burst: (seconds spent, things done)
# bursts are timed in this process's CPU time: on a shared machine, wall time counts the waits for a core
# (OpenSpiel's C++ runs in this process too, so both sides are counted alike)
cpu = time.process_time

BURSTS = 6  # bursts per side of a comparison, interleaved
DEALS_PER_BURST = 20


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the report: a measured rate and, when it has an anchor, the ratio to it."""

    label: str
    value: float
    unit: str
    ratio: float | None = None
    anchor: str = ""


def interleaved(ours: Burst, theirs: Burst | None, seconds: float) -> tuple[float, float | None]:
    """Rates (things per second) of ``ours`` and ``theirs``, run in alternating bursts for about
    ``seconds`` in total per side."""
    spent = [0.0, 0.0]
    done = [0, 0]
    sides = [ours] if theirs is None else [ours, theirs]
    deadline = time.perf_counter() + seconds * len(sides)
    bursts = 0
    while bursts < BURSTS or time.perf_counter() < deadline:
        for side, burst in enumerate(sides):
            elapsed, count = burst()
            spent[side] += elapsed
            done[side] += count
        bursts += 1
        if bursts >= 4 * BURSTS:
            break
    mine = done[0] / spent[0]
    return mine, (done[1] / spent[1] if theirs is not None else None)


# --- our games ---------------------------------------------------------------------------------

def setups() -> list[tuple[str, int]]:
    """Every installed game at its smallest and its largest player count."""
    return [(name, n) for name in available()
            for n in sorted({game_class(name).min_players, game_class(name).max_players})]


def _play_out(state: State, chooser: random.Random, check: bool = True) -> int:
    """The driver's loop: play uniformly random legal actions to the end; the number of decisions."""
    decisions = 0
    while True:
        actors = state.actors
        if not actors:
            return decisions
        player = actors[0]
        state.apply(chooser.choice(state.legal_actions(player)), player, check=check)
        decisions += 1


def playout_bursts(name: str, players: int, *, dealt: bool, check: bool = True) -> Burst:
    """Bursts of random games of ``name``: from a dealt state (the deal outside the clock) or from scratch."""
    game = load_game(name, players)
    chooser = random.Random(1)
    seeds = iter(range(10**9))

    def burst() -> tuple[float, int]:
        if dealt:
            states = [game.new_state(next(seeds)) for _ in range(DEALS_PER_BURST)]
            start = cpu()
            decisions = sum(_play_out(state, chooser, check) for state in states)
        else:
            start = cpu()
            decisions = sum(_play_out(game.new_state(next(seeds)), chooser, check) for _ in range(DEALS_PER_BURST))
        return cpu() - start, decisions

    return burst


def positions(name: str, players: int, count: int = 40, *, late: bool = False) -> list[State]:
    """States a few decisions into a game (or, with ``late``, in its last tenth), after random play."""
    game = load_game(name, players)
    chooser = random.Random(2)
    found: list[State] = []
    for seed in range(count):
        state = game.new_state(seed)
        length = _play_out(state.clone(), random.Random(seed))
        stop = chooser.randrange(int(length * 0.9), length) if late else chooser.randrange(3, 15)
        for _ in range(stop):
            if state.is_over:
                break
            player = state.actors[0]
            state.apply(chooser.choice(state.legal_actions(player)), player)
        if not state.is_over:
            found.append(state)
    return found


def clone_burst(states: Sequence[Any]) -> Burst:
    """Clones of ``states`` (ours or OpenSpiel's: both have ``clone()``)."""
    def burst() -> tuple[float, int]:
        start = cpu()
        for _ in range(10):
            for state in states:
                state.clone()
        return cpu() - start, 10 * len(states)
    return burst


def clone_move_burst(states: Sequence[State]) -> Burst:
    """A clone and its first move (what a search does with every world): the first move is where a clone
    that shares its parent's log copy-on-write pays the copy."""
    def burst() -> tuple[float, int]:
        start = cpu()
        for _ in range(10):
            for state in states:
                twin = state.clone()
                seat = twin.actors[0]
                twin.apply(twin._legal(seat)[0], seat, check=False)
        return cpu() - start, 10 * len(states)
    return burst


def resample_burst(states: list[State]) -> Burst:
    rng = Rng(3)

    def burst() -> tuple[float, int]:
        start = cpu()
        for state in states:
            state.resample(state.actors[0], rng)
        return cpu() - start, len(states)
    return burst


# --- the shipped levels --------------------------------------------------------------------------

def level_rows(levels: Sequence[str] = ("medium", "hard"), decisions: int = 6) -> list[Row]:
    """Iterations per decision of each shipped search level at its own budget and time cap (wall time, as
    players wait), in every game at 4 players (Masquerade 3), from positions a few decisions into play."""
    from tricktable.bots import SeatView, make_bot
    from tricktable.bots.search import level_settings

    rows: list[Row] = []
    for name in available():
        kind = game_class(name)
        players = 4 if kind.min_players <= 4 <= kind.max_players else kind.min_players
        states = positions(name, players, decisions * 3)[:decisions]
        for level in levels:
            budget = level_settings(game_class(name).bot_levels[level])[0]
            done = spent = 0.0
            for k, state in enumerate(states):
                bot = make_bot(level, k)
                bot.choose(SeatView(state, state.actors[0]))
                done += getattr(bot, "last_iterations", 0)
                spent += getattr(bot, "last_seconds", 0.0)
            rows.append(Row(f"{name} {players}p: {level} ({budget}) iterations a decision", done / len(states), ""))
            rows.append(Row(f"{name} {players}p: {level} seconds a decision (wall)", spent / len(states), "s"))
    return rows


# --- OpenSpiel's Hearts ------------------------------------------------------------------------

def pyspiel_or_none() -> Any:
    try:
        import pyspiel
    except ImportError:  # the bench extra is not installed: figures without their anchor
        return None
    return pyspiel


def deal_hearts(game: Any, chooser: random.Random) -> Any:
    """A Hearts state through its chance nodes (pass direction and deal), outcomes drawn by weight."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(chooser.choices(outcomes, weights)[0])
    return state


def _hearts_play_out(state: Any, chooser: random.Random) -> int:
    """``_play_out``'s loop on Hearts: one question a decision (is it over?), then the legal actions, one pick
    and one apply, as ours asks ``actors`` once. Hearts has no chance node after the deal."""
    decisions = 0
    while not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
        decisions += 1
    return decisions


def hearts_bursts(*, dealt: bool) -> Burst | None:
    pyspiel = pyspiel_or_none()
    if pyspiel is None:
        return None
    game = pyspiel.load_game("hearts")
    chooser = random.Random(1)

    def burst() -> tuple[float, int]:
        if dealt:
            states = [deal_hearts(game, chooser) for _ in range(DEALS_PER_BURST)]
            start = cpu()
            decisions = sum(_hearts_play_out(state, chooser) for state in states)
        else:
            start = cpu()
            decisions = sum(_hearts_play_out(deal_hearts(game, chooser), chooser) for _ in range(DEALS_PER_BURST))
        return cpu() - start, decisions

    return burst


def hearts_positions(count: int = 40, *, late: bool = False) -> list[Any]:
    pyspiel = pyspiel_or_none()
    game = pyspiel.load_game("hearts")
    chooser = random.Random(2)
    found = []
    for _ in range(count):
        state = deal_hearts(game, chooser)
        length = _hearts_play_out(state.clone(), random.Random(0))
        stop = chooser.randrange(int(length * 0.9), length) if late else chooser.randrange(3, 15)
        for _ in range(stop):
            state.apply_action(chooser.choice(state.legal_actions()))
        found.append(state)
    return found


def hearts_resample_burst(states: list[Any]) -> Burst:
    pyspiel = pyspiel_or_none()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)

    def burst() -> tuple[float, int]:
        start = cpu()
        for state in states:
            state.resample_from_infostate(state.current_player(), sampler)
        return cpu() - start, len(states)
    return burst


# --- the engine report -------------------------------------------------------------------------

def engine_rows(seconds: float, games: list[str] | None = None) -> list[Row]:
    """Decisions (dealt and from scratch), clones and resamples per second for every setup, with ratios."""
    has_hearts = pyspiel_or_none() is not None
    hearts = "OpenSpiel C++ Hearts"
    rows: list[Row] = []
    early_h = hearts_positions() if has_hearts else []
    late_h = hearts_positions(late=True) if has_hearts else []
    for name, players in setups():
        if games and name not in games:
            continue
        setup = f"{name} {players}p"
        for dealt, what in ((True, "decisions/s from a dealt state"), (False, "decisions/s from the initial state")):
            mine, theirs = interleaved(playout_bursts(name, players, dealt=dealt), hearts_bursts(dealt=dealt), seconds)
            rows.append(Row(f"{setup}: {what}", mine, "/s", mine / theirs if theirs else None, hearts))
        trusted, _ = interleaved(playout_bursts(name, players, dealt=True, check=False), None, seconds / 2)
        rows.append(Row(f"{setup}: trusted decisions/s from a dealt state (apply(check=False))", trusted, "/s"))
        early, late = positions(name, players), positions(name, players, late=True)
        mine, theirs = interleaved(clone_burst(early), clone_burst(early_h) if has_hearts else None, seconds)
        rows.append(Row(f"{setup}: clones/s", mine, "/s", mine / theirs if theirs else None, hearts))
        late_rate, _ = interleaved(clone_burst(late), None, seconds / 2)
        rows.append(Row(f"{setup}: clone time late / early in a game (flat is 1.00)", mine / late_rate, "x"))
        early_move, late_move = interleaved(clone_move_burst(early), clone_move_burst(late), seconds / 2)
        rows.append(Row(f"{setup}: clone + first move, time late / early (flat is 1.00)",
                        early_move / (late_move or early_move), "x"))
        mine, theirs = interleaved(resample_burst(early), hearts_resample_burst(early_h) if has_hearts else None,
                                   seconds)
        rows.append(Row(f"{setup}: resamples/s", mine, "/s", mine / theirs if theirs else None,
                        f"{hearts} resample_from_infostate"))
    if has_hearts:
        early_rate, _ = interleaved(clone_burst(early_h), None, seconds / 2)
        late_rate, _ = interleaved(clone_burst(late_h), None, seconds / 2)
        rows.append(Row("hearts 4p: clone time late / early in a game", early_rate / late_rate, "x"))
    return rows
