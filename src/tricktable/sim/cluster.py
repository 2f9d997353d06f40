"""Playing matches on a Ray cluster (the optional extra ``lab``: ``pip install 'tricktable[lab]'``).

Ray schedules; we only hand it tasks. A task plays a few matches with ``tournament.play``, the very
function the process pool runs, and a match carries its seeds, so a game comes out the same bit for bit
wherever it is played. Ray is imported only here, when a cluster is asked for: without it installed,
``import tricktable`` and every local run work as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from tricktable.engine import TricktableError
from tricktable.sim.outcome import Outcome
from tricktable.sim.tournament import Match, play

LOCAL = "local"  # --ray local: start a Ray on this machine for the run (ray.init in-process)


class RayMissing(TricktableError):
    """Ray is not installed (it is the optional extra ``lab``)."""


def _ray() -> Any:
    try:
        import ray
    except ImportError as error:
        raise RayMissing("--ray needs Ray, the optional extra lab: pip install 'tricktable[lab]' "
                         f"(import ray failed: {error})") from error
    return ray


def available() -> bool:
    """Whether Ray can be imported here."""
    try:
        _ray()
    except RayMissing:
        return False
    return True


def _play_all(matches: list[Match]) -> list[Outcome]:
    return [play(m) for m in matches]


def connect(address: str, cpus: int | None = None) -> Any:
    """Join the cluster at ``address`` (``auto``: the one this machine belongs to; ``local``: start one
    here with ``cpus`` CPUs), unless this process already did; the ``ray`` module."""
    ray = _ray()
    if not ray.is_initialized():
        import tricktable

        package = str(Path(tricktable.__file__).parent)
        if address == LOCAL:  # its workers are this machine's processes, with this environment
            ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        else:
            # the workers run this very package (shipped by Ray), so remote games are these rules
            ray.init(address=address, log_to_driver=False, runtime_env={"py_modules": [package]})
    return ray


def run(matches: Sequence[Match], address: str = LOCAL, progress: Callable[[Outcome], None] | None = None,
        *, batch: int = 0, cpus: int | None = None) -> list[Outcome]:
    """Play every match on Ray, ``batch`` matches a task (default: one deal's rotations); like
    ``tournament.run``: ``progress`` sees each outcome as it arrives, the result is in match order."""
    outcomes = []
    for outcome in outcomes_of(matches, address, batch=batch, cpus=cpus):
        outcomes.append(outcome)
        if progress is not None:
            progress(outcome)
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def outcomes_of(matches: Sequence[Match], address: str = LOCAL, *, batch: int = 0,
                cpus: int | None = None) -> Iterator[Outcome]:
    if not matches:
        return
    ray = connect(address, cpus)
    size = batch or max(1, matches[0].players)
    task = ray.remote(num_cpus=1)(_play_all)
    pending = [task.remote(list(matches[i:i + size])) for i in range(0, len(matches), size)]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield from ray.get(done[0])
