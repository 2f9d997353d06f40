"""The terminal: the ``tricktable`` command and its rich views (rich is imported only here)."""
