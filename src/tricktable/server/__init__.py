"""The web table: an ASGI app (FastAPI) over a table service over a store. See docs/protocol.md."""

from tricktable.server.app import create_app
from tricktable.server.errors import ServiceError
from tricktable.server.service import Settings, Subscription, TableService
from tricktable.server.store import MemoryStore, SqlStore, Store, TableRow, open_store

__all__ = ["MemoryStore", "ServiceError", "Settings", "SqlStore", "Store", "Subscription", "TableRow",
           "TableService", "create_app", "open_store"]
