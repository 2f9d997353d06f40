"""One observation encoder per game (see ``tricktable.envs.encoding`` for the common pieces)."""
