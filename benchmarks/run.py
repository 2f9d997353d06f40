"""``make bench``: engine speed and bot speed, each as a ratio against OpenSpiel measured in the same run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from rich.console import Console

from tricktable.cli.bench import engine_table, rows_table

sys.path.insert(0, str(Path(__file__).parent))


def main() -> None:
    console = Console(width=max(Console().width, 140))
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    console.print(engine_table(seconds))
    import ismcts  # benchmarks/ismcts.py: search speed against OpenSpiel's Python and C++ ISMCTS

    console.print(rows_table("ISMCTS: simulations per second and their length, against OpenSpiel on Hearts",
                             ismcts.run()))
    import views  # benchmarks/views.py: views without the whole log (#11)

    console.print(f"views and research steps (load average {os.getloadavg()[0]:.2f}):")
    for name, text in views.run(seconds):
        console.print(f"  {name}: {text}")


if __name__ == "__main__":
    main()
