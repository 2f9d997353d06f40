"""Views without the whole log (issue #11): what a seat is sent, how long it takes, and the research step.

Four measurements, each as a ratio taken in one run (the machine is shared: absolute figures move with the
load, ratios much less):

- **bytes per seat** over a whole 4-player Megalomania game on the web table, against the message the
  server sent before the log became a stream (the whole log twice: as events in ``view`` and as text),
  built alongside from the same game;
- **server time** from an action to every seat's view serialised, at step 10 and at step 400, in-process
  (the table service over a memory store), the same against the old message;
- **PettingZoo AEC steps/s** with observation tensors against RLCard's bridge environment, measured in
  alternating slices so both see the same load;
- **observe() cost** at the start and at the end of a game.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from tricktable.engine import Rng, State, load_game
from tricktable.server.service import Settings, Subscription, TableService
from tricktable.server.store import MemoryStore
from tricktable.server.table import Seat, Table

GAME, PLAYERS = "megalomania", 4
EARLY, LATE = 10, 400  # the steps compared (a 4-player Megalomania game has about 480)
WINDOW = 20  # steps in a row timed at each place of the game: one step's action is one kind of many


def wire(message: dict[str, Any]) -> int:
    """The bytes of a message on the socket (Starlette's ``send_json``: compact, UTF-8)."""
    return len(json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode())


def _drain(listener: Subscription) -> list[dict[str, Any]]:
    out = []
    while not listener.queue.empty():
        out.append(listener.queue.get_nowait())
    return out


def legacy_message(table: Table, seat: int, lang: str = "en") -> dict[str, Any]:
    """The view message as the server built it before #11: the observation with every visible event,
    and every visible line again as text."""
    state, game = table.state, table.state.game
    legal = state.legal_actions(seat) if seat in state.actors else []
    visible = state.visible_events(seat)
    return {
        "type": "view", "seat": seat, "lang": lang, "table": table.summary(),
        "view": {**state.observe(seat), "log": [e.to_json() for e in visible]},
        "legal": [{"action": a.text, "label": game.describe_action(a, lang)} for a in legal],
        "log": [game.describe_event(e, lang) for e in visible],
    }


async def _web_game(seed: int, changes: bool) -> dict[str, Any]:
    # one program plays all four seats, so a chosen seed shows no person anything: the same deal for both runs
    service = TableService(MemoryStore(), Settings(grace=30.0, bot_delay=0.0, bot_workers=0, any_table_setups=True))
    await service.start()
    try:
        summary = await service.create_table(GAME, PLAYERS, seats=[{"kind": "human"}] * PLAYERS, seed=seed)
        table_id = summary["id"]
        tokens = [(await service.take_seat(table_id, seat, f"P{seat}"))["token"] for seat in range(PLAYERS)]
        listeners = [await service.connect(table_id, token, "en") for token in tokens]
        for listener in listeners:
            if changes:  # as the web client asks
                service.send_changes(listener)
        table = service.tables[table_id]
        store_s = 0.0
        store = service._store

        async def timed_store(row: Any) -> int:  # the store's share of an action, reported apart
            nonlocal store_s
            start = time.perf_counter()
            version = await store(row)
            store_s += time.perf_counter() - start
            return version

        service._store = timed_store  # type: ignore[method-assign]
        sent = [sum(wire(m) for m in _drain(listener)) for listener in listeners]
        old = [wire(legacy_message(table, seat)) for seat in range(PLAYERS)]
        new_ms: dict[int, float] = {}
        views_ms: dict[int, float] = {}
        old_ms: dict[int, float] = {}
        rng = Rng(seed)
        play = 0  # the first step of trick play
        while not table.state.is_over:
            state = table.state
            if not play and state.observe(None)["phase"] == "play":
                play = len(state.history)
            actor = rng.choice(state.actors)
            action = rng.choice(state.legal_actions(actor)).text
            store_s = 0.0
            start = time.perf_counter()
            await service.act_as(listeners[actor], action)
            sizes = [sum(wire(m) for m in _drain(listener)) for listener in listeners]
            new_ms[table.step] = (time.perf_counter() - start) * 1000
            views_ms[table.step] = new_ms[table.step] - store_s * 1000
            if not changes:  # the message before #11, built from the same game (once is enough)
                start = time.perf_counter()
                legacy = [wire(legacy_message(table, seat)) for seat in range(PLAYERS)]
                old_ms[table.step] = (time.perf_counter() - start) * 1000
            else:
                legacy = [0] * PLAYERS
            sent = [a + b for a, b in zip(sent, sizes, strict=True)]
            old = [a + b for a, b in zip(old, legacy, strict=True)]
        return {"steps": table.step, "play": play, "sent": sent, "old": old, "new_ms": new_ms, "views_ms": views_ms,
                "old_ms": old_ms}
    finally:
        await service.stop()


def _around(timings: dict[int, float], step: int, width: int = 5) -> float:
    """The median time over the steps ``step - width`` .. ``step + width`` (one step is noisy)."""
    return statistics.median(timings[s] for s in range(step - width, step + width + 1) if s in timings)


def web_figures(seed: int = 1, more_seeds: int = 3) -> list[tuple[str, str]]:
    full = asyncio.run(_web_game(seed, changes=False))
    run = asyncio.run(_web_game(seed, changes=True))
    others = [(asyncio.run(_web_game(s, changes=False)), asyncio.run(_web_game(s, changes=True)))
              for s in range(seed + 1, seed + 1 + more_seeds)]  # one deal's figure is one draw of many
    sent, whole, old = max(run["sent"]), max(full["sent"]), max(full["old"])
    # the same kind of steps early and late: trick play (step 10 is a preparation, whose secret moves are
    # told to one seat only), the medians of the WINDOW steps from the first trick and from step LATE; each
    # the least of the four games' (one game's windows are a second apart, and a virtual machine's speed
    # moves by half within seconds: the least is the one no other load slowed)
    games = [run, *(r for _, r in others)]

    def window(key: str, late: bool) -> float:
        return min(_around(g[key], (LATE if late else g["play"]) + WINDOW // 2, WINDOW // 2) for g in games)

    early, late = window("new_ms", False), window("new_ms", True)
    v_early, v_late = window("views_ms", False), window("views_ms", True)
    old_early, old_late = _around(full["old_ms"], EARLY), _around(full["old_ms"], LATE)
    return [
        ("game", f"{GAME} {PLAYERS}p, {run['steps']} actions, seed {seed}, every seat human"),
        ("bytes sent per seat (largest seat)", f"{sent / 1e3:,.0f} KB (positions as changes, as the web client "
                                               f"asks); before #11: {old / 1e6:,.1f} MB; ratio {sent / old:.3f}"),
        ("  with whole positions", f"{whole / 1e3:,.0f} KB; ratio {whole / old:.3f}"),
        *([(f"  the next {more_seeds} deals", ", ".join(
            f"seed {s}: {max(r['sent']) / 1e3:,.0f} KB, ratio {max(r['sent']) / max(f['old']):.3f}"
            for s, (f, r) in enumerate(others, start=seed + 1)))] if others else []),
        ("action -> all views serialised", f"{WINDOW} steps from the first trick play (step {run['play']} in seed "
                                           f"{seed}): {early:.2f} ms, steps {LATE}-{LATE + WINDOW}: {late:.2f} ms; "
                                           f"ratio late/early {late / early:.2f} (the least of {len(games)} games)"),
        ("  without the store's save", f"the same steps: {v_early:.2f} ms, {v_late:.2f} ms; "
                                       f"ratio late/early {v_late / v_early:.2f}"),
        ("  the same, message before #11", f"step {EARLY}: {old_early:.2f} ms, step {LATE}: {old_late:.2f} ms; "
                                           f"ratio late/early {old_late / old_early:.2f}"),
    ]


def notify_figures(seed: int = 1, repeats: int = 30) -> list[tuple[str, str]]:
    """An action and every seat's view of it, built and serialised: the mean over the first WINDOW steps
    of trick play against the mean over WINDOW steps from step LATE (both trick play, so the same kinds of
    action: a card played, a trick won, a round scored).

    Every position is replayed from one game and each is measured once a round (the median of ``repeats``
    each), so a load that comes and goes weighs on both alike. The store's save is not included.
    """
    game = load_game(GAME, PLAYERS)
    rng = Rng(seed)
    state = game.new_state(seed)
    bases: dict[int, tuple[State, tuple[int, str]]] = {}
    play = 0  # the first step of trick play
    while not state.is_over and len(state.history) < LATE + WINDOW:
        actor = rng.choice(state.actors)
        action = rng.choice(state.legal_actions(actor))
        step = len(state.history)
        if not play and state.observe(None)["phase"] == "play":
            play = step
        if play and (step < play + WINDOW or step >= LATE):
            bases[step] = state.clone(), (actor, action.text)
        state.apply(action, actor)
    service = TableService(MemoryStore(), Settings(bot_workers=0))
    tables: dict[int, tuple[Table, list[Subscription]]] = {}
    for step, (base, _) in bases.items():
        table = Table(id=f"t{step}", state=base.clone(), seats=[Seat("human", "random") for _ in range(PLAYERS)],
                      status="playing")
        listeners = [Subscription(table.id, seat, "en", changes=True) for seat in range(PLAYERS)]
        service.tables[table.id] = table
        service.subscribers[table.id] = set(listeners)
        for listener in listeners:
            service._queue_view(table, listener, 0)
            _drain(listener)
        tables[step] = table, listeners
    # what the table had made of the base (each event's line, each seat's log, the secret actions), as a
    # live table has it: a state put back is a new object, and the caches would start over
    kept = {step: (dict(table._described),
                   {seat: (n, last, list(seen)) for seat, (n, last, seen) in table._seen.items()},
                   (table._secrets[0], table._secrets[1], list(table._secrets[2])))
            for step, (table, _) in tables.items()}
    timings: dict[int, list[float]] = {step: [] for step in bases}
    for _ in range(repeats):
        for step, (base, (actor, action)) in bases.items():
            table, listeners = tables[step]
            shown = [(listener.shown, listener.log_next, listener.sent) for listener in listeners]
            described, seen, (done, last, own) = kept[step]
            table.state, table.before = base.clone(), base  # the service keeps the state before a move
            table._described = {key: (end, lines[:len(base.events)]) for key, (end, lines) in described.items()}
            table._seen = {seat: (n, end, list(indexes)) for seat, (n, end, indexes) in seen.items()}
            table._secrets = (done, last, list(own))
            start = time.perf_counter()
            table.state.apply(action, actor)
            service._notify(table)
            for listener in listeners:
                for message in _drain(listener):
                    wire(message)
            timings[step].append((time.perf_counter() - start) * 1000)
            for listener, (position, log_next, sent) in zip(listeners, shown, strict=True):
                listener.shown, listener.log_next, listener.sent = position, log_next, sent
    early = statistics.mean(statistics.median(timings[s]) for s in range(play, play + WINDOW))
    late_steps = [s for s in range(LATE, LATE + WINDOW) if s in timings]
    late = statistics.mean(statistics.median(timings[s]) for s in late_steps)
    return [("action -> all views built and serialised (replayed, alternating)",
             f"steps {play}-{play + WINDOW - 1} (the first trick play): {early:.2f} ms a step, steps "
             f"{late_steps[0]}-{late_steps[-1]}: {late:.2f} ms; ratio {late / early:.2f}")]


def observe_figures(seed: int = 2, repeats: int = 300) -> list[tuple[str, str]]:
    """observe() for every seat, timed at step EARLY, at the last step of the first round and at the game's
    last step (the last two are the same kind of position, the end of a round's last trick: one round
    played against twelve)."""
    game = load_game(GAME, PLAYERS)
    rng = Rng(seed)
    state = game.new_state(seed)
    at: dict[str, State] = {}
    while not state.is_over:
        if len(state.history) == EARLY:
            at["early"] = state.clone()
        actor = rng.choice(state.actors)
        last = state.clone()
        state.apply(rng.choice(state.legal_actions(actor)), actor)
        if "play" not in at and state.round > last.round:
            at["play"] = last  # the first round's last position
    at["late"] = last  # the position before the last action (the game still going)

    def cost(one: State) -> float:
        start = time.perf_counter()
        for _ in range(repeats):
            for seat in range(PLAYERS):
                one.observe(seat)
        return (time.perf_counter() - start) / (repeats * PLAYERS) * 1e6

    early, play, late = (min(cost(at[key]) for _ in range(3)) for key in ("early", "play", "late"))
    return [("observe() per seat", f"step {EARLY}: {early:.1f} us; the end of round 1 (step "
                                   f"{len(at['play'].history)}): {play:.1f} us, of the last round (step "
                                   f"{len(at['late'].history)}): {late:.1f} us; ratio {late / play:.2f}")]


# The research step: CPU time (``time.process_time``), not wall time, so that on a loaded machine a
# burst is not charged for the time another process had the core; bursts alternate (the order rotates
# every round) so both sides see the same conditions, and the ratio is taken from the totals.
CLOCK = time.process_time
BURST = 0.1  # seconds of CPU a burst


def _pettingzoo_steps(name: str, players: int) -> Callable[[float], tuple[int, float]]:
    """A random agent at every seat of ``env(name, players)``: the tensor and the mask at every step
    (``last()``), a uniform legal action read from the mask; resets (deals) count in the time."""
    import random

    from tricktable.envs.pettingzoo import env

    table = env(name, players)
    choose = random.Random(1)  # the same chooser as RLCard's loop
    seeds = iter(range(10**9))

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        start = CLOCK()
        end = start + seconds
        while CLOCK() < end:
            table.reset(seed=next(seeds))
            for _agent in table.agent_iter():
                observation, _, terminated, truncated, _ = table.last()
                if terminated or truncated:
                    table.step(None)
                    continue
                legal = observation["action_mask"].nonzero()[0]
                table.step(int(legal[choose.randrange(len(legal))]))
                steps += 1
        return steps, CLOCK() - start

    return run


def _rlcard_steps() -> Callable[[float], tuple[int, float]] | None:
    """RLCard's bridge env (4 players), a random agent: its state (``obs`` tensor and legal actions) at
    every step, as ``env.step`` returns it; resets count in the time."""
    try:
        import rlcard
    except ImportError:
        return None
    import random

    table = rlcard.make("bridge", config={"seed": 1})
    choose = random.Random(1)

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        start = CLOCK()
        end = start + seconds
        while CLOCK() < end:
            state, _ = table.reset()
            while not table.is_over():
                state, _ = table.step(choose.choice(list(state["legal_actions"])))  # obs extracted each step
                steps += 1
        return steps, CLOCK() - start

    return run


SETUPS = [("megalomania", 4), ("trickster", 4), ("masquerade", 4)]  # bridge has 4 players: 4-player tables


def pettingzoo_rates(seconds: float = 2.0) -> dict[str, Any]:
    """Steps per CPU second of each PettingZoo table and of RLCard's bridge env, in alternating bursts;
    ``ratios`` from the totals, ``spread`` the lowest and highest ratio of single rounds."""
    rlcard_run = _rlcard_steps()
    if rlcard_run is None:
        return {}
    runs = {f"{name} {players}p": _pettingzoo_steps(name, players) for name, players in SETUPS}
    runs["rlcard bridge"] = rlcard_run
    labels = list(runs)
    counts = dict.fromkeys(runs, 0)
    spent = dict.fromkeys(runs, 0.0)
    rounds: list[dict[str, float]] = []
    for r in range(max(1, round(seconds / BURST))):
        order = labels[r % len(labels):] + labels[:r % len(labels)]
        this: dict[str, float] = {}
        for label in order:
            steps, cpu = runs[label](BURST)
            counts[label] += steps
            spent[label] += cpu
            this[label] = steps / cpu
        rounds.append(this)
    rate = {label: counts[label] / spent[label] for label in runs}
    base = rate["rlcard bridge"]
    games = [label for label in labels if label != "rlcard bridge"]
    return {"rates": rate, "ratios": {label: rate[label] / base for label in games},
            "spread": {label: (min(x[label] / x["rlcard bridge"] for x in rounds),
                               max(x[label] / x["rlcard bridge"] for x in rounds)) for label in games},
            "rounds": len(rounds)}


def pettingzoo_figures(seconds: float = 2.0) -> list[tuple[str, str]]:
    """AEC steps/s (observation tensor and mask at every step) against RLCard bridge, in alternating bursts."""
    import os

    found = pettingzoo_rates(seconds)
    if not found:
        return [("PettingZoo vs RLCard", "rlcard is not installed (pip install -e '.[bench]')")]
    load = os.getloadavg()[0]
    out = [("RLCard bridge env (4 players)", f"{found['rates']['rlcard bridge']:,.0f} steps per CPU second "
                                             f"({found['rounds']} alternating bursts of {BURST:.1f} s each, "
                                             f"load average {load:.1f})")]
    out += [(f"PettingZoo AEC {label}", f"{found['rates'][label]:,.0f} steps per CPU second; ratio to RLCard "
                                        f"{ratio:.2f} (single bursts {low:.2f}-{high:.2f})")
            for label, ratio in found["ratios"].items() for low, high in [found["spread"][label]]]
    return out


def run(seconds: float = 2.0) -> list[tuple[str, str]]:
    return [*web_figures(), *notify_figures(), *observe_figures(), *pettingzoo_figures(seconds)]


if __name__ == "__main__":
    import os

    print(f"load average {os.getloadavg()[0]:.2f}")
    for name, value in run():
        print(f"{name}: {value}")
