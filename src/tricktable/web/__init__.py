"""The browser client: static files (HTML, CSS, plain ES modules), served by ``tricktable.server``.

No build step and no Node.js: ``STATIC`` is the folder the server mounts at ``/static`` and whose
``index.html`` it serves for every client path (see docs/protocol.md).
"""

from __future__ import annotations

from pathlib import Path

STATIC: Path = Path(__file__).parent / "static"
"""The folder holding ``index.html``, ``css/`` and ``js/``."""
