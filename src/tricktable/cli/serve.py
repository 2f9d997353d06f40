"""``tricktable serve``: the web table on uvicorn (SQLite in the user data folder unless ``--db`` says otherwise).

Every limit of ``server/limits.py`` is an option here (``--body-bytes``, ``--rate``, ...). ``--workers N``
runs N server processes on one port (uvicorn's supervisor), sharing the tables through PostgreSQL
(``server/bus.py``); with SQLite or ``memory://`` only one worker is allowed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from typing import Any

from tricktable.server.limits import HELP, Limits
from tricktable.server.service import Settings

CONFIG_ENV = "TRICKTABLE_SERVE_CONFIG"  # how the supervisor hands the settings to each worker process


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", default=None, metavar="URL",
                        help="database URL: sqlite:///path.db or postgresql+psycopg://user:pass@host/name "
                             "(default: SQLite in the user data folder; memory:// keeps nothing)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="server processes on this port, sharing the tables through PostgreSQL (default 1; "
                             "more than 1 needs a postgresql URL)")
    parser.add_argument("--grace", type=float, default=Settings.grace, metavar="SECONDS",
                        help="how long a seat may be gone, or idle at its turn, before its stand-in bot plays it "
                             "(default 30)")
    parser.add_argument("--bot-delay", type=float, default=Settings.bot_delay, metavar="SECONDS",
                        help="least time a bot move takes, so people can follow (default 0.5)")
    parser.add_argument("--undo-window", type=float, default=Settings.undo_window, metavar="SECONDS",
                        help="after a person's move that can still be taken back, the next bot waits this long "
                             "(default 1.5; 0: only --bot-delay)")
    parser.add_argument("--bot-workers", type=int, default=Settings.bot_workers, metavar="N",
                        help="bot worker processes (default 2; 0 thinks in a thread)")
    parser.add_argument("--origin", action="append", default=[], metavar="ORIGIN",
                        help="another web origin (e.g. https://cards.example) whose pages may open table "
                             "sockets; repeat for more, * for any (default: this host only)")
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help="a reverse proxy (an address, or a network such as 10.0.0.0/8) whose X-Forwarded-For "
                             "header names the client, for the per-client limits; repeat for more (default: "
                             "none: the client is the connecting address, and X-Forwarded-For is ignored)")
    parser.add_argument("--secure-cookies", action=argparse.BooleanOptionalAction, default=None,
                        help="mark cookies Secure (sent over https only): say so when the site is served over "
                             "https behind a TLS proxy (default: on when a --trusted-proxy says the request was "
                             "https, or the request itself was)")
    parser.add_argument("--undos-per-turn", type=int, default=Settings.undos_per_turn, metavar="N",
                        help="moves a player may take back before another player acts (default 3; a rated "
                             "table allows 1; 0: no undo)")
    parser.add_argument("--ws-max-size", type=int, default=1 << 20, metavar="BYTES",
                        help="uvicorn's hard cap on a WebSocket frame: larger ones close the socket (1009); "
                             "below it, messages over --message-bytes get an error (default 1 MiB)")
    parser.add_argument("--ws-deflate", action=argparse.BooleanOptionalAction, default=False,
                        help="per-message deflate on WebSockets: less traffic, but compressed per connection "
                             "(default off: a view is encoded once and sent as is)")
    defaults = Limits()
    for f in dataclasses.fields(Limits):
        kind = type(getattr(defaults, f.name))
        parser.add_argument("--" + f.name.replace("_", "-"), dest=f.name, type=kind, default=getattr(defaults, f.name),
                            metavar="N" if kind is int else "X",
                            help=f"{HELP[f.name]} (default {getattr(defaults, f.name):g})")


def settings_of(args: argparse.Namespace) -> Settings:
    limits = Limits(**{f.name: getattr(args, f.name) for f in dataclasses.fields(Limits)})
    return Settings(grace=args.grace, bot_delay=args.bot_delay, bot_workers=args.bot_workers, limits=limits,
                    undo_window=args.undo_window, trusted_proxies=tuple(args.trusted_proxy), gc_freeze=True,
                    secure_cookies=bool(args.secure_cookies), undos_per_turn=args.undos_per_turn)


def _config(args: argparse.Namespace) -> dict[str, Any]:
    settings = settings_of(args)
    return {"db": args.db, "settings": {k: v for k, v in dataclasses.asdict(settings).items() if k != "limits"},
            "limits": dataclasses.asdict(settings.limits), "origins": list(args.origin)}


def worker_app() -> Any:
    """The app of one worker process under ``--workers N`` (uvicorn calls this factory in each process)."""
    from tricktable.server.app import create_app

    config = json.loads(os.environ[CONFIG_ENV])
    settings = Settings(**{**config["settings"], "trusted_proxies": tuple(config["settings"]["trusted_proxies"])},
                        limits=Limits(**config["limits"]))
    return create_app(settings=settings, db=config["db"], origins=tuple(config["origins"]))


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from tricktable.server.app import create_app
    from tricktable.server.database import default_url
    from tricktable.server.store import SqlStore, open_store

    url = args.db or default_url()
    # X-Forwarded-For is read by the app, from --trusted-proxy only (uvicorn's own default trusts 127.0.0.1)
    ws = {"ws_max_size": args.ws_max_size, "ws_per_message_deflate": args.ws_deflate, "proxy_headers": False}
    if args.workers > 1:
        if not url.startswith("postgresql"):
            print("tricktable: --workers above 1 needs PostgreSQL (--db postgresql+psycopg://...): the workers "
                  "share the tables through it; SQLite and memory:// serve from one process", file=sys.stderr)
            return 2
        os.environ[CONFIG_ENV] = json.dumps({**_config(args), "db": url})
        print(f"tricktable: the web table is at http://{args.host}:{args.port}/  ({args.workers} workers over "
              f"{url.split('@')[-1]})", flush=True)
        uvicorn.run("tricktable.cli.serve:worker_app", factory=True, host=args.host, port=args.port,
                    workers=args.workers, log_level="warning", **ws)
        return 0
    store = open_store(url)
    app = create_app(store=store, settings=settings_of(args), origins=tuple(args.origin))
    where = "memory (nothing is kept)" if not isinstance(store, SqlStore) else store.engine.url.render_as_string()
    print(f"tricktable: the web table is at http://{args.host}:{args.port}/  (games stored in {where})", flush=True)
    try:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning", **ws)
    finally:
        store.close()
    return 0
