"""``tricktable serve``: the web table on uvicorn (SQLite in the user data folder unless ``--db`` says otherwise)."""

from __future__ import annotations

import argparse

from tricktable.server.service import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", default=None, metavar="URL",
                        help="database URL: sqlite:///path.db or postgresql+psycopg://user:pass@host/name "
                             "(default: SQLite in the user data folder; memory:// keeps nothing)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--grace", type=float, default=Settings.grace, metavar="SECONDS",
                        help="how long a player may be gone before a bot plays their seat (default 30)")
    parser.add_argument("--bot-delay", type=float, default=Settings.bot_delay, metavar="SECONDS",
                        help="least time a bot move takes, so people can follow (default 0.5)")
    parser.add_argument("--bot-workers", type=int, default=Settings.bot_workers, metavar="N",
                        help="bot worker processes (default 2; 0 thinks in a thread)")
    parser.add_argument("--origin", action="append", default=[], metavar="ORIGIN",
                        help="another web origin (e.g. https://cards.example) whose pages may open table "
                             "sockets; repeat for more, * for any (default: this host only)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from tricktable.server.app import create_app
    from tricktable.server.store import SqlStore, default_url, open_store

    url = args.db or default_url()
    store = open_store(url)
    settings = Settings(grace=args.grace, bot_delay=args.bot_delay, bot_workers=args.bot_workers)
    app = create_app(store=store, settings=settings, origins=tuple(args.origin))
    where = "memory (nothing is kept)" if not isinstance(store, SqlStore) else store.engine.url.render_as_string()
    print(f"tricktable: the web table is at http://{args.host}:{args.port}/  (games stored in {where})", flush=True)
    try:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    finally:
        store.close()
    return 0
