"""A lab study on Ray gives the very results of the process pool (Ray in-process, 2 CPUs at most)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tricktable.cli.main import main
from tricktable.sim import cluster


@pytest.fixture(scope="module")
def ray() -> Iterator[Any]:
    if not cluster.available():
        pytest.skip("SKIPPED LOUDLY: Ray is not installed, so --ray is untested here "
                    "(pip install 'tricktable[lab]' to run this test)")
    import ray as module

    module.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield module
    module.shutdown()


def test_a_study_on_ray_matches_the_process_pool_bit_for_bit(ray: Any, tmp_path: Path) -> None:
    args = ["lab", "masquerade", "--players", "3", "--bots", "heuristic,random,random", "--games", "6",
            "--seed", "3", "--vary", "b16=reverse,lead", "--vary", "specials_off+=K6"]
    assert main([*args, "--workers", "2", "--out", str(tmp_path / "pool")]) == 0
    assert main([*args, "--ray", "local", "--out", str(tmp_path / "ray")]) == 0  # the Ray this process runs
    assert (tmp_path / "ray" / "results.json").read_bytes() == (tmp_path / "pool" / "results.json").read_bytes()

    def games(folder: str) -> list[str]:
        lines = (tmp_path / folder / "records.jsonl").read_text().splitlines()
        return sorted(line.split('"seconds"')[0] + line.split('"facts"')[1] for line in lines)
    assert games("ray") == games("pool")  # every record, score and winner; only the timings differ


def test_a_study_on_ray_resumes_from_its_records(ray: Any, tmp_path: Path) -> None:
    args = ["lab", "masquerade", "--players", "3", "--games", "4", "--seed", "8", "--vary", "b16=reverse,lead",
            "--out", str(tmp_path)]
    assert main([*args, "--workers", "1"]) == 0
    lines = (tmp_path / "records.jsonl").read_text().splitlines()
    first = (tmp_path / "results.json").read_bytes()
    (tmp_path / "records.jsonl").write_text("\n".join(lines[:3]) + "\n")
    assert main([*args, "--ray", "local"]) == 0
    assert len((tmp_path / "records.jsonl").read_text().splitlines()) == len(lines)
    assert (tmp_path / "results.json").read_bytes() == first


def test_without_ray_tricktable_imports_and_says_what_to_install(tmp_path: Path) -> None:
    # a child process in which `import ray` fails: the package and local studies are untouched by it
    code = ("import sys; sys.modules['ray'] = None\n"
            "import tricktable, tricktable.sim, tricktable.cli.lab\n"
            "from tricktable.cli.main import main\n"
            f"code = main(['lab', 'masquerade', '--players', '3', '--games', '1', '--ray', 'auto', "
            f"'--out', {str(tmp_path)!r}])\n"
            "assert code == 2, code\n")
    env = {**os.environ, "COLUMNS": "300"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert "pip install 'tricktable[lab]'" in done.stdout
