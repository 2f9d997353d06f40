"""The toy game as the server tests register it (``toytrick``): see ``tests/toy.py``."""

from toy import ToyTrick

GAME = ToyTrick
