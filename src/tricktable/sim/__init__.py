"""Simulations: tournaments between bot line-ups, their statistics, files and balance plots; and the
designers' lab (``tricktable lab``): ``variants`` (the --vary grammar), ``study`` (variants on paired
deals, resumable), ``balance`` (measures read from replayed records), ``lab_report`` (the HTML page) and
``cluster`` (Ray, imported only when asked for)."""

from tricktable.sim.facts import Breakdown, breakdown
from tricktable.sim.outcome import Outcome
from tricktable.sim.report import save
from tricktable.sim.stats import BotLine, Comparison, Estimate, Summary, summarize
from tricktable.sim.tournament import Match, play, run, schedule

__all__ = ["BotLine", "Breakdown", "Comparison", "Estimate", "Match", "Outcome", "Summary", "breakdown", "play",
           "run", "save", "schedule", "summarize"]
