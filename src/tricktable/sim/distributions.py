"""Exact quantiles and tail probabilities of Student's t, chi-square and the normal, in pure Python.

The lab needs them for every interval and test; they are computed here (regularized incomplete beta and
gamma functions by their continued fractions, quantiles by bisection) rather than read from a table, so
an interval on 17 deals uses t with 16 degrees of freedom, not the next row down. Accuracy is about
1e-10, far below what a report prints; ``tests/sim/test_statistics.py`` checks them against SciPy.
"""

from __future__ import annotations

import math

_EPSILON = 1e-14
_TINY = 1e-300


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta (modified Lentz's method)."""
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    result = d
    for m in range(1, 500):
        step = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        for k in (step, -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + k * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + k / c
            c = c if abs(c) > _TINY else _TINY
            result *= d * c
        if abs(d * c - 1.0) < _EPSILON:
            break
    return result


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_sf(t: float, freedom: float) -> float:
    """P(T > t) for Student's t with ``freedom`` degrees of freedom."""
    tail = 0.5 * incomplete_beta(freedom / 2.0, 0.5, freedom / (freedom + t * t))
    return tail if t >= 0 else 1.0 - tail


def t_quantile(p: float, freedom: float) -> float:
    """The ``p`` quantile of Student's t (``t_quantile(0.975, 16)`` = 2.1199...)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p}")
    if p < 0.5:
        return -t_quantile(1.0 - p, freedom)
    low, high = 0.0, 1.0
    while t_sf(high, freedom) > 1.0 - p:
        high *= 2.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if t_sf(middle, freedom) > 1.0 - p:
            low = middle
        else:
            high = middle
        if high - low < 1e-12 * max(1.0, high):
            break
    return (low + high) / 2.0


def normal_quantile(p: float) -> float:
    """The ``p`` quantile of the standard normal (by bisection on ``erfc``)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p}")
    low, high = -40.0, 40.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if 0.5 * math.erfc(-middle / math.sqrt(2.0)) < p:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def _gamma_series(a: float, x: float) -> float:
    total = term = 1.0 / a
    for n in range(1, 1000):
        term *= x / (a + n)
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_fraction(a: float, x: float) -> float:
    b = x + 1.0 - a
    c, d = 1.0 / _TINY, 1.0 / b
    result = d
    for n in range(1, 1000):
        k = -n * (n - a)
        b += 2.0
        d = k * d + b
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = b + k / c
        c = c if abs(c) > _TINY else _TINY
        result *= d * c
        if abs(d * c - 1.0) < _EPSILON:
            break
    return result * math.exp(-x + a * math.log(x) - math.lgamma(a))


def chi2_sf(x: float, freedom: int) -> float:
    """P(X > x) for chi-square with ``freedom`` degrees of freedom (the regularized upper gamma)."""
    if x <= 0.0:
        return 1.0
    a, half = freedom / 2.0, x / 2.0
    if half < a + 1.0:
        return 1.0 - _gamma_series(a, half)
    return _gamma_fraction(a, half)
