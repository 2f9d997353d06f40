"""Load test of the web table: N tables of scripted humans and bots against a real server on 127.0.0.1.

    python benchmarks/load.py --tables 100 --seconds 20 --db sqlite --workers 1
    python benchmarks/load.py --tables 200 --db postgres --workers 2

Starts ``tricktable serve`` (bots without delay, rate and table limits off, ``--workers W``), creates
``--tables`` tables of ``--humans`` scripted humans and ``--bots`` bots, connects one WebSocket per human,
and plays for ``--seconds`` (a finished game is replaced by a new table, at most ``--max-games`` in all).
A scripted human acts ``--think`` seconds after its view offers it a move. Measured: action -> update
latency (from sending an action to the first view on the same socket that shows a later step), moves a
second (steps of all tables), and the server's resident memory (all its processes) at the end. Everything
is bounded in count and time and talks to 127.0.0.1 only. Prints one JSON line of figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
PG = os.environ.get("TRICKTABLE_TEST_POSTGRES_URL", "postgresql+psycopg://tricktable:tricktable@127.0.0.1:5432/tricktable")
PG_DATABASE = "tricktable_scale_load"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def database(kind: str, folder: Path) -> str:
    if kind == "sqlite":
        path = folder / "load.db"
        path.unlink(missing_ok=True)
        return f"sqlite:///{path}"
    import psycopg

    with psycopg.connect(PG.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {PG_DATABASE} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {PG_DATABASE}")
    return PG.rsplit("/", 1)[0] + "/" + PG_DATABASE


def tree(pid: int) -> list[tuple[int, int]]:
    """A process and all its descendants with their depth below it (from /proc)."""
    found, todo = [], [(pid, 0)]
    while todo:
        current, depth = todo.pop()
        try:
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        found.append((current, depth))
        todo.extend((int(c), depth + 1) for c in children)
    return found


def rss_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MB (from /proc)."""
    total = 0
    for current, _ in tree(pid):
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            continue
    return total / 1024


def cpu_seconds(pid: int, workers: int) -> dict[str, float]:
    """CPU seconds (user + system) so far of the server processes and of their bot workers, from /proc.
    With one worker the server is the process started and the bot workers its children; with ``--workers N``
    the servers are the supervisor's children (its own share is negligible) and the bot workers theirs."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {"server": 0.0, "bots": 0.0}
    for current, depth in tree(pid):
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        kind = "bots" if depth > (1 if workers > 1 else 0) else "server"
        out[kind] += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return out


class Load:
    def __init__(self, args: argparse.Namespace, base: str) -> None:
        self.args, self.base = args, base
        self.latencies: list[float] = []
        self.moves = 0
        self.games = 0
        self.errors: dict[str, int] = {}
        self.deadline = self.started = 0.0
        self.cpu_start: tuple[dict[str, float], float] = ({}, 0.0)
        self.lags: list[float] = []
        self.rng = random.Random(args.seed)

    async def run(self, server_pid: int) -> None:
        """Set every table up first (bounded: 120 s), then play for ``seconds``: the window measures play."""
        async with httpx.AsyncClient(base_url=self.base, timeout=60,
                                     limits=httpx.Limits(max_connections=20)) as http:
            first = await asyncio.wait_for(asyncio.gather(*(self.new_table(http) for _ in range(self.args.tables))),
                                           120)
            self.started = time.monotonic()
            self.cpu_start = cpu_seconds(server_pid, self.args.workers), time.process_time()
            self.deadline = self.started + self.args.seconds
            watch = asyncio.get_running_loop().create_task(self.watch_lag())
            await asyncio.gather(*(self.table_loop(http, tokens) for tokens in first))
            watch.cancel()

    async def watch_lag(self) -> None:
        """How late this client's own event loop wakes (a 10 ms sleep, every 10 ms): what it adds to the
        latencies it measures (a loaded machine descheduling the client shows here)."""
        while time.monotonic() < self.deadline:
            moment = time.monotonic()
            await asyncio.sleep(0.01)
            self.lags.append(time.monotonic() - moment - 0.01)

    async def table_loop(self, http: httpx.AsyncClient, first: tuple[str, list[str]]) -> None:
        table_id, tokens = first
        while time.monotonic() < self.deadline and self.games < self.args.max_games:
            self.games += 1
            await asyncio.gather(*(self.human(table_id, seat, token, seat == 0) for seat, token in enumerate(tokens)))
            if time.monotonic() < self.deadline:
                table_id, tokens = await self.new_table(http)

    async def new_table(self, http: httpx.AsyncClient) -> tuple[str, list[str]]:
        args = self.args
        seats = [{"kind": "human", "bot": "random"}] * args.humans + [{"kind": "bot", "bot": args.bot}] * args.bots
        created = await http.post("/api/tables", json={"game": args.game, "players": len(seats), "seats": seats,
                                                       "options": json.loads(args.options)})
        created.raise_for_status()
        table_id = created.json()["id"]
        tokens = []
        for seat in range(args.humans):
            taken = await http.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": f"H{seat}"})
            taken.raise_for_status()
            tokens.append(taken.json()["token"])
        return table_id, tokens

    async def human(self, table_id: str, seat: int, token: str, counts_moves: bool) -> None:
        host = self.base.removeprefix("http://")
        async with connect(f"ws://{host}/ws/tables/{table_id}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent_at: float | None = None
            sent_step = -1
            last_step = 0
            while time.monotonic() < self.deadline:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, self.deadline - time.monotonic()))
                except TimeoutError:
                    return
                message = json.loads(raw)
                if message["type"] == "error":
                    self.errors[message["code"]] = self.errors.get(message["code"], 0) + 1
                    sent_at = None
                    continue
                if message["type"] != "view":
                    continue
                step = message["table"]["step"]
                if counts_moves and step > last_step:
                    self.moves += step - last_step
                last_step = max(last_step, step)
                if sent_at is not None and step > sent_step:
                    self.latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                if message["table"]["status"] == "over":
                    return
                if message["legal"] and sent_at is None and step != sent_step:
                    if self.args.think:
                        await asyncio.sleep(self.rng.uniform(0, 2 * self.args.think))
                    action = self.rng.choice(message["legal"])["action"]
                    sent_at, sent_step = time.monotonic(), step
                    await ws.send(json.dumps({"type": "action", "action": action}))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play (bounded: at most 120)")
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--game", default="trickster")
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument("--humans", type=int, default=2)
    parser.add_argument("--bots", type=int, default=2)
    parser.add_argument("--bot", default="random", help="the bots' level")
    parser.add_argument("--think", type=float, default=0.2, help="mean seconds a scripted human waits to act")
    parser.add_argument("--max-games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--folder", type=Path, default=Path("/tmp/tricktable-load"))
    parser.add_argument("--profile", action="store_true", help="run the server under cProfile (FOLDER/server.prof)")
    args = parser.parse_args()
    args.seconds = min(args.seconds, 120.0)
    args.folder.mkdir(parents=True, exist_ok=True)
    url, port = database(args.db, args.folder), free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "TRICKTABLE_PROFILE": str(args.folder / "server.prof")}
    server = subprocess.Popen(
        [sys.executable, *([str(ROOT / "benchmarks" / "profile_serve.py")] if args.profile
                            else ["-m", "tricktable.cli.main"]), "serve", "--db", url, "--port", str(port),
         "--workers", str(args.workers), "--bot-workers", str(args.bot_workers), "--bot-delay", "0",
         "--rate", "0", "--tables-per-client", "0", "--tables-total", "0"],
        env=env, stdout=subprocess.DEVNULL, stderr=open(args.folder / "server.log", "w"))  # noqa: SIM115
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(f"{base}/api/tables", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        load = Load(args, base)
        asyncio.run(load.run(server.pid))
        elapsed = time.monotonic() - load.started
        memory = rss_mb(server.pid)
        cpu, client_cpu = cpu_seconds(server.pid, args.workers), time.process_time() - load.cpu_start[1]
        cpu = {kind: cpu[kind] - load.cpu_start[0].get(kind, 0.0) for kind in cpu}
    finally:
        server.terminate()
        server.wait(timeout=20)
    figures = {
        "tables": args.tables, "db": args.db, "workers": args.workers, "bot_workers": args.bot_workers,
        "game": args.game, "humans": args.humans, "bots": args.bots, "bot": args.bot, "think": args.think,
        "seconds": round(elapsed, 1), "games": load.games, "actions_timed": len(load.latencies),
        "p50_ms": round(1000 * percentile(load.latencies, 0.50), 1),
        "p95_ms": round(1000 * percentile(load.latencies, 0.95), 1),
        "p99_ms": round(1000 * percentile(load.latencies, 0.99), 1),
        "mean_ms": round(1000 * statistics.fmean(load.latencies), 1) if load.latencies else None,
        "client_lag_p99_ms": round(1000 * percentile(load.lags, 0.99), 1),
        "moves_per_s": round(load.moves / elapsed, 1), "server_rss_mb": round(memory, 1),
        # CPU per move (user + system, all processes of a kind): less dependent on the machine's load
        "server_cpu_ms_per_move": round(1000 * cpu["server"] / max(1, load.moves), 2),
        "bots_cpu_ms_per_move": round(1000 * cpu["bots"] / max(1, load.moves), 2),
        "client_cpu_ms_per_move": round(1000 * client_cpu / max(1, load.moves), 2),
        "server_cpu_share": round(cpu["server"] / elapsed, 2),
        "errors": load.errors, "loadavg": os.getloadavg()[0],
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
