"""Research environments: the games through OpenSpiel, PettingZoo and Gymnasium (see docs/research.md).

Nothing here is imported by the core package. Each driver module imports its library when it is
imported itself, so install the extra first: ``pip install tricktable[research]``.

- ``tricktable.envs.encoding``: fixed-size numpy tensors, from observation dicts (the reference) or straight
  from the state (the drivers' path, equal to the reference by test); one encoder per game.
- ``tricktable.envs.openspiel``: every game as a pyspiel Python game (``tricktable_<name>``).
- ``tricktable.envs.pettingzoo``: an AEC environment per game, with an action mask in every observation.
- ``tricktable.envs.gymnasium``: one seat learns; tricktable bots play the others.
- ``tricktable.envs.vector``: many games of one table stepped with one call (stacked numpy arrays).
"""
