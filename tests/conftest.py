"""Shared fixtures and helpers for every test."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# CI gets more examples than a quick local run; both are deterministic per seed.
settings.register_profile("ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")
