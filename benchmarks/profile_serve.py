"""``tricktable serve`` under cProfile, for benchmarks/load.py --profile: the profile is written to the path
in ``TRICKTABLE_PROFILE`` when the server is stopped (uvicorn re-raises SIGTERM after its shutdown, so the
profile is dumped from a SIGTERM handler installed before uvicorn starts)."""

from __future__ import annotations

import cProfile
import os
import signal
import sys
from typing import Any

from tricktable.cli.main import main

profile = cProfile.Profile()


def dump(signum: int, frame: Any) -> None:
    profile.disable()
    profile.dump_stats(os.environ["TRICKTABLE_PROFILE"])
    sys.exit(0)


if __name__ == "__main__":  # bot workers are spawned: they import this module and must not serve again
    signal.signal(signal.SIGTERM, dump)
    profile.enable()
    main(sys.argv[1:])
    dump(0, None)
