"""A random player against tricktable bots, through each research API (docs/research.md).

    python examples/rollout.py masquerade --players 4 --bot heuristic --games 3

Seat 0 plays uniformly at random; the other seats are ``tricktable.bots.make_bot(bot)``. The same
table is played three ways: OpenSpiel (the bots read ``state.engine`` through a ``SeatView``),
PettingZoo (AEC loop) and Gymnasium (the bots live inside the environment).
"""

from __future__ import annotations

import argparse
import random

import pyspiel  # noqa: F401  (load pyspiel before numpy-heavy modules)

from tricktable.bots import SeatView, make_bot
from tricktable.envs import openspiel
from tricktable.envs.gymnasium import TricktableEnv
from tricktable.envs.pettingzoo import env as pettingzoo_env


def openspiel_game(name: str, players: int, bot: str, seed: int) -> list[float]:
    game = openspiel.load(name, players, rng_seed=seed)  # the deal is drawn inside the state, from rng_seed
    state = game.new_initial_state()
    chooser = random.Random(seed)
    bots = {seat: make_bot(bot, seed + seat) for seat in range(1, players)}
    while not state.is_terminal():
        seat = state.current_player()
        if state.is_chance_node():  # none under the default chance=sampled; chance=draws: every random draw
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            action = chooser.choices(outcomes, weights)[0]
        elif seat == 0:
            action = chooser.choice(state.legal_actions())
        else:
            action = bots[seat].choose(SeatView(state.engine, seat)).index
        state.apply_action(action)
    returns: list[float] = state.returns()
    return returns


def pettingzoo_game(name: str, players: int, bot: str, seed: int) -> dict[str, float]:
    table = pettingzoo_env(name, players)
    table.reset(seed=seed)
    raw = table.unwrapped
    bots = {f"player_{seat}": make_bot(bot, seed + seat) for seat in range(1, players)}
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
        elif agent in bots:
            table.step(bots[agent].choose(SeatView(raw.state, raw.seats[agent])).index)
        else:
            table.step(table.action_space(agent).sample(observation["action_mask"]))
    return totals


def gymnasium_game(name: str, players: int, bot: str, seed: int) -> float:
    env = TricktableEnv(name, players, seat=0, opponents=bot)
    _, info = env.reset(seed=seed)
    total = 0.0
    while True:
        action = env.action_space.sample(info["action_mask"])
        _, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        if terminated or truncated:
            return total


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="a random player against tricktable bots")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args(argv)
    for seed in range(args.games):
        print("openspiel ", openspiel_game(args.game, args.players, args.bot, seed))
        print("pettingzoo", pettingzoo_game(args.game, args.players, args.bot, seed))
        print("gymnasium ", gymnasium_game(args.game, args.players, args.bot, seed))


if __name__ == "__main__":
    main()
