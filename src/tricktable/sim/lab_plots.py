"""The lab report's plots (matplotlib, inline PNG), in the report's language.

Every interval drawn is the one the tables print (``sim.stats``), so a bar never leaves 0-100% where the
number cannot.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Callable, Sequence
from typing import Any

from tricktable.sim.balance import Results, VariantBalance
from tricktable.sim.stats import Estimate

COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c")
Say = Callable[..., str]  # a report word in its language, formatted: say("plot_lift", kind="mission")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Japanese labels fall back to a CJK font where DejaVu has no glyph
    plt.rcParams["font.family"] = ["DejaVu Sans", "Noto Sans CJK JP"]
    return plt


def _png(figure: Any) -> str:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _err(estimates: Sequence[Estimate], scale: float = 1.0) -> list[list[float]]:
    return [[max(0.0, e.mean - e.low) * scale if e.n > 1 and math.isfinite(e.low) else 0.0 for e in estimates],
            [max(0.0, e.high - e.mean) * scale if e.n > 1 and math.isfinite(e.high) else 0.0 for e in estimates]]


def scores(variants: Sequence[VariantBalance], say: Say) -> str:
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(7, 3.2))
    low = min(min(v.scores) for v in variants)
    high = max(max(v.scores) for v in variants)
    bins = min(25, max(5, int(high - low) + 1))
    for i, v in enumerate(variants[:8]):
        axis.hist(v.scores, bins=bins, range=(low, high + 1), histtype="step", linewidth=1.6, density=True,
                  color=COLOURS[i], label=f"{v.variant}: {v.label}"[:60])
    axis.set_xlabel(say("plot_score_x"))
    axis.set_ylabel(say("plot_share"))
    axis.set_title(say("plot_scores"))
    axis.legend(fontsize=7, loc="best")
    return _png(figure)


def positions(variants: Sequence[VariantBalance], labels: Sequence[str], say: Say) -> str:
    plt = _pyplot()
    shown = variants[:8]
    figure, axis = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / len(shown)
    for i, v in enumerate(shown):
        xs = [k + (i - (len(shown) - 1) / 2) * width for k in range(len(labels))]
        axis.bar(xs, [p.win.mean * 100 for p in v.positions], width, yerr=_err([p.win for p in v.positions], 100),
                 capsize=3, color=COLOURS[i], label=f"{v.variant}: {v.label}"[:60])
    axis.axhline(100 / len(labels), color="#888", linewidth=0.8, linestyle="--")
    axis.set_xticks(range(len(labels)))
    axis.set_xticklabels(labels, fontsize=8)
    axis.set_ylim(0, 100)
    axis.set_ylabel(say("plot_win_y"))
    axis.set_title(say("plot_positions"))
    axis.legend(fontsize=7, loc="best")
    return _png(figure)


def elements(v: VariantBalance, kind: str, cutoff: float, label: Callable[[str], str], say: Say) -> str:
    plt = _pyplot()
    with_swing = [e for e in v.elements if e.swing is not None]
    panels = 2 if with_swing else 1
    rows = max(4, len(v.elements))
    figure, axes = plt.subplots(1, panels, figsize=(5.2 * panels, 0.28 * rows + 1.2), squeeze=False)
    by_lift = sorted([e for e in v.elements if e.lift.n], key=lambda e: e.lift.mean)
    axis = axes[0][0]
    axis.barh(range(len(by_lift)), [e.lift.mean * 100 for e in by_lift], xerr=_err([e.lift for e in by_lift], 100),
              capsize=2, color=[COLOURS[3] if e.lift.flagged(cutoff) else COLOURS[0] for e in by_lift])
    axis.set_yticks(range(len(by_lift)))
    axis.set_yticklabels([label(e.label) for e in by_lift], fontsize=8)
    axis.axvline(0, color="#444", linewidth=0.8)
    axis.set_xlim(-100, 100)
    axis.set_xlabel(say("plot_lift_x"))
    axis.set_title(say("plot_lift", kind=kind))
    if with_swing:
        by_swing = sorted(with_swing, key=lambda e: e.swing or 0.0)
        axis = axes[0][1]
        axis.barh(range(len(by_swing)), [e.swing or 0.0 for e in by_swing], color=COLOURS[1])
        axis.set_yticks(range(len(by_swing)))
        axis.set_yticklabels([label(e.label) for e in by_swing], fontsize=8)
        axis.set_xlabel(say("plot_swing_x"))
        axis.set_title(say("plot_swing", kind=kind))
    figure.tight_layout()
    return _png(figure)


def differences(results: Results, names: Sequence[str], shown: Callable[[str], str], say: Say) -> str:
    plt = _pyplot()
    others = results.variants[1:8]
    cutoff = results.cutoff
    figure, axes = plt.subplots(1, len(others), figsize=(min(11, 3.6 * len(others) + 1.5), 0.3 * len(names) + 1.4),
                                squeeze=False, sharey=True)
    for column, v in enumerate(others):
        axis = axes[0][column]
        mine = {d.measure: d.estimate for d in results.differences if d.variant == v.variant}
        estimates = [mine.get(n, Estimate(math.nan, math.nan, math.nan, 0)) for n in names]
        for flagged, colour in ((False, COLOURS[0]), (True, COLOURS[3])):
            rows = [k for k, e in enumerate(estimates) if e.n and e.flagged(cutoff) == flagged]
            axis.errorbar([estimates[k].mean * 100 for k in rows], rows, xerr=_err([estimates[k] for k in rows], 100),
                          fmt="o", markersize=4, capsize=2, color=colour, linestyle="none")
        axis.axvline(0, color="#444", linewidth=0.8)
        axis.set_title(f"{v.variant}: {v.label}"[:48], fontsize=9)
        axis.set_yticks(range(len(names)))
        axis.set_yticklabels([shown(n) for n in names], fontsize=8)
        axis.invert_yaxis()
        axis.set_xlabel(say("plot_diff_x"))
    figure.suptitle(say("plot_diffs"), fontsize=10)
    figure.tight_layout()
    return _png(figure)


def sweep(results: Results, values: Sequence[float], option: str, names: Sequence[str],
          shown: Callable[[str], str], is_rate: Callable[[str], bool]) -> str:
    """Each measure against the swept option's value: a curve with its 95% band, one panel a measure."""
    plt = _pyplot()
    columns = min(3, len(names))
    rows = -(-len(names) // columns)
    figure, axes = plt.subplots(rows, columns, figsize=(3.6 * columns, 2.6 * rows), squeeze=False)
    for k, name in enumerate(names):
        axis = axes[k // columns][k % columns]
        scale = 100.0 if is_rate(name) else 1.0
        points = [(x, v.measures[name]) for x, v in zip(values, results.variants, strict=False) if name in v.measures]
        xs = [x for x, _e in points]
        axis.plot(xs, [e.mean * scale for _x, e in points], marker="o", color=COLOURS[0])
        axis.fill_between(xs, [e.low * scale if math.isfinite(e.low) else e.mean * scale for _x, e in points],
                          [e.high * scale if math.isfinite(e.high) else e.mean * scale for _x, e in points],
                          color=COLOURS[0], alpha=0.2, linewidth=0)
        axis.set_title(shown(name) + (" (%)" if scale != 1.0 else ""), fontsize=9)
        axis.set_xlabel(option, fontsize=8)
    for k in range(len(names), rows * columns):
        axes[k // columns][k % columns].axis("off")
    figure.tight_layout()
    return _png(figure)
