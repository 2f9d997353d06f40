"""A study's report: one self-contained HTML page (tables, and matplotlib plots as inline PNG).

The page opens with the command that reproduces the study, then the differences between variants (the
ones whose 95% interval excludes zero first), then per variant the seat balance, each element's effect
(missions, heroes, special cards) and the tie-breaks. Nothing is fetched: it can be mailed as one file.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tricktable.engine import load_game
from tricktable.sim.balance import Difference, ElementLine, Results, VariantBalance, describe, element_order, is_rate
from tricktable.sim.stats import Estimate

if TYPE_CHECKING:
    from tricktable.sim.study import Study

COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c")

STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1.2em 1.5em;color:#222}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;margin:1.6em 0 .4em;border-bottom:1px solid #ccc}
h3{font-size:1.05em;margin:1.1em 0 .3em}
pre.command{background:#f3f3f3;padding:.6em .8em;border-radius:4px;white-space:pre-wrap;word-break:break-all}
table{border-collapse:collapse;margin:.4em 0 1em;font-size:.92em}
th,td{padding:.22em .6em;border-bottom:1px solid #e3e3e3;text-align:right;vertical-align:top}
th{background:#f6f6f6;font-weight:600}td.l,th.l{text-align:left}
tr.flag td{background:#fff4d6}.flag-mark{color:#b35c00;font-weight:700}
img{max-width:100%;height:auto;display:block;margin:.4em 0}
.note{color:#555;font-size:.9em}.iv{white-space:nowrap}details{margin:.5em 0}summary{cursor:pointer;font-weight:600}
dl{font-size:.92em}dt{font-weight:600;margin-top:.4em}dd{margin-left:1.2em}
"""


def _png(figure: Any) -> str:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _err(estimates: Sequence[Estimate], scale: float = 1.0) -> list[list[float]]:
    return [[(e.mean - e.low) * scale if e.n > 1 and math.isfinite(e.low) else 0.0 for e in estimates],
            [(e.high - e.mean) * scale if e.n > 1 and math.isfinite(e.high) else 0.0 for e in estimates]]


def _fmt(e: Estimate | None, percent: bool = False) -> str:
    if e is None or e.n == 0 or math.isnan(e.mean):
        return ""
    scale, unit = (100.0, "%") if percent else (1.0, "")
    if e.n < 2 or not math.isfinite(e.low):
        return f"{e.mean * scale:.2f}{unit}"
    bounds = f"[{e.low * scale:.2f}, {e.high * scale:.2f}]"
    return f"<span class=iv>{e.mean * scale:.2f}{unit} <span class=note>{bounds}</span></span>"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], flags: Sequence[bool] = (), left: int = 1) -> str:
    cells = "".join(f'<th class="{"l" if i < left else ""}">{html.escape(h)}</th>' for i, h in enumerate(head))
    body = []
    for r, row in enumerate(rows):
        flag = ' class="flag"' if r < len(flags) and flags[r] else ""
        body.append(f"<tr{flag}>" + "".join(f'<td class="{"l" if i < left else ""}">{c}</td>'
                                            for i, c in enumerate(row)) + "</tr>")
    return f"<table><tr>{cells}</tr>{''.join(body)}</table>"


# --- plots -----------------------------------------------------------------------------------------

def plot_scores(variants: Sequence[VariantBalance]) -> str:
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(7, 3.2))
    low = min(min(v.scores) for v in variants)
    high = max(max(v.scores) for v in variants)
    bins = min(25, max(5, int(high - low) + 1))
    for i, v in enumerate(variants[:8]):
        axis.hist(v.scores, bins=bins, range=(low, high + 1), histtype="step", linewidth=1.6, density=True,
                  color=COLOURS[i], label=f"{v.variant}: {v.label}"[:60])
    axis.set_xlabel("final score of a seat")
    axis.set_ylabel("share of seat-games")
    axis.set_title("score distribution by variant")
    axis.legend(fontsize=7, loc="best")
    return _png(figure)


def plot_positions(variants: Sequence[VariantBalance]) -> str:
    plt = _pyplot()
    shown = variants[:8]
    labels = [p.label for p in shown[0].positions]
    figure, axis = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / len(shown)
    for i, v in enumerate(shown):
        xs = [k + (i - (len(shown) - 1) / 2) * width for k in range(len(labels))]
        axis.bar(xs, [p.win.mean * 100 for p in v.positions], width, yerr=_err([p.win for p in v.positions], 100),
                 capsize=3, color=COLOURS[i], label=f"{v.variant}: {v.label}"[:60])
    axis.axhline(100 / len(labels), color="#888", linewidth=0.8, linestyle="--")
    axis.set_xticks(range(len(labels)))
    axis.set_xticklabels(labels, fontsize=8)
    axis.set_ylabel("win rate, % (95% interval)")
    axis.set_title("win rate by seat position (dashed: an equal share)")
    axis.legend(fontsize=7, loc="best")
    return _png(figure)


def plot_elements(v: VariantBalance, kind: str, cutoff: float) -> str:
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
    axis.set_yticklabels([e.label for e in by_lift], fontsize=8)
    axis.axvline(0, color="#444", linewidth=0.8)
    axis.set_xlabel("win-rate lift of its holder, points of % (red: flagged after correction)")
    axis.set_title(f"each {kind}: how much holding it helps")
    if with_swing:
        by_swing = sorted(with_swing, key=lambda e: e.swing or 0.0)
        axis = axes[0][1]
        axis.barh(range(len(by_swing)), [e.swing or 0.0 for e in by_swing], color=COLOURS[1])
        axis.set_yticks(range(len(by_swing)))
        axis.set_yticklabels([e.label for e in by_swing], fontsize=8)
        axis.set_xlabel("standard deviation of the points it gives a seat")
        axis.set_title(f"each {kind}: score swing")
    figure.tight_layout()
    return _png(figure)


def plot_differences(results: Results, names: Sequence[str]) -> str:
    plt = _pyplot()
    others = results.variants[1:8]
    figure, axes = plt.subplots(1, len(others), figsize=(min(11, 3.6 * len(others) + 1.5), 0.3 * len(names) + 1.4),
                                squeeze=False, sharey=True)
    for column, v in enumerate(others):
        axis = axes[0][column]
        mine = {d.measure: d.estimate for d in results.differences if d.variant == v.variant}
        cutoff = results.cutoff
        estimates = [mine.get(n, Estimate(math.nan, math.nan, math.nan, 0)) for n in names]
        for flagged, colour in ((False, COLOURS[0]), (True, COLOURS[3])):
            rows = [k for k, e in enumerate(estimates) if e.n and e.flagged(cutoff) == flagged]
            axis.errorbar([estimates[k].mean * 100 for k in rows], rows, xerr=_err([estimates[k] for k in rows], 100),
                          fmt="o", markersize=4, capsize=2, color=colour, linestyle="none")
        axis.axvline(0, color="#444", linewidth=0.8)
        axis.set_title(f"{v.variant}: {v.label}"[:48], fontsize=9)
        axis.set_yticks(range(len(names)))
        axis.set_yticklabels(names, fontsize=8)
        axis.invert_yaxis()
        axis.set_xlabel("difference, points of %")
    figure.suptitle("rates: each variant minus the reference, paired by deal (95% intervals; red: flagged)",
                    fontsize=10)
    figure.tight_layout()
    return _png(figure)


# --- the page --------------------------------------------------------------------------------------

def _rate_names(results: Results) -> list[str]:
    """The rates for the comparison plot (one scale, points of %): shared wins, seat positions, skill,
    and each element's lift that some variant moved (interval excluding 0)."""
    names = ["shared wins", *(f"win rate: {p.label}" for p in results.variants[0].positions)]
    names += [n for n in results.variants[0].measures if n.startswith("skill: win rate")]
    cutoff = results.cutoff
    moved = {d.measure for d in results.differences if d.estimate.flagged(cutoff) and d.measure.endswith(": lift")}
    names += sorted(n for n in moved if n not in names)
    return names


def _differences(results: Results) -> str:
    labels = {v.variant: v.label for v in results.variants}
    cutoff, tests = results.cutoff, len(results.p_values)
    ordered: list[Difference] = sorted(results.differences, key=lambda d: (
        not d.estimate.flagged(cutoff), d.estimate.p if d.estimate.p == d.estimate.p else 2.0, d.variant))
    flagged = [d for d in ordered if d.estimate.flagged(cutoff)]
    mark = ' <span class="flag-mark">*</span>'

    def needed(e: Estimate) -> str:
        deals = e.deals_needed(tests)
        return "" if deals is None or e.flagged(cutoff) else f"{deals:,}"

    rows = [[html.escape(f"{d.variant}: {labels[d.variant]}"), html.escape(d.measure),
             _fmt(d.estimate, is_rate(d.measure)) + (mark if d.estimate.flagged(cutoff) else ""),
             _p(d.estimate.p), needed(d.estimate)] for d in ordered]
    shown = len(flagged)
    head = ["variant", "measure", "difference [95% interval]", "p", "deals to confirm a difference this size"]
    top = _table(head, rows[:max(shown, 1)] if shown else [["", "nothing flagged after the correction", "", "", ""]],
                 [True] * shown, left=2)
    rest = _table(head, rows[shown:], left=2) if len(rows) > shown else ""
    more = f"<details><summary>all {len(rows) - shown} other differences</summary>{rest}</details>" if rest else ""
    return top + more


def _p(p: float) -> str:
    return "" if p != p else "<0.0001" if p < 0.0001 else f"{p:.4f}"


def correction(results: Results) -> str:
    """The paragraph every report carries: how many tests, what chance alone would flag, the correction."""
    tests = len(results.p_values)
    plain = sum(p <= 0.05 for p in results.p_values)
    flagged = sum(p <= results.cutoff for p in results.p_values)
    return (f"<p class=correction>This study makes {tests} tests (differences from the reference, seat fairness, "
            f"each element's lift, skill margins). At a plain 95% level chance alone would flag about "
            f"{0.05 * tests:.1f} of them even if nothing differed; {plain} pass that plain level. Flags (*) use "
            f"Holm's correction over all {tests}: the chance of even one false flag in the study is at most 5%. "
            f"{flagged} flagged.</p>")


def _element_rows(game: str, elements: Sequence[ElementLine], points: bool,
                  cutoff: float) -> tuple[list[list[str]], list[bool]]:
    rows, flags = [], []
    for e in sorted(elements, key=element_order):
        row = [html.escape(e.label), f"<span class=note>{html.escape(describe(game, e.label))}</span>", str(e.games),
               f"{e.decides:.0%}"]
        if points:
            row += ["" if e.swing is None else f"{e.swing:.2f}", _fmt(e.points)]
        rows.append([*row, _fmt(e.lift, percent=True)])
        flags.append(e.lift.flagged(cutoff))
    return rows, flags


def _variant_section(game: str, v: VariantBalance, kind: str, higher: bool, cutoff: float) -> str:
    parts = [f"<p class=note>{v.games} games, {v.deals} deals</p>"]
    if v.identical is not None:
        same = f"{v.identical:.0%} of its games were played move for move as in the reference"
        parts.append(f"<p class=identical>{same}" + (": <b>re-scored only: the bots did not react</b>"
                                                       if v.identical == 1.0 else "") + ".</p>")
    parts.append("<h3>seat positions</h3>")
    parts.append(_table(["position", "win rate", "mean score"],
                        [[html.escape(p.label), _fmt(p.win, True), _fmt(p.score)] for p in v.positions]))
    fair = v.fairness
    verdict = ("<b>unequal</b> (flagged)" if fair.p <= cutoff else "no seat stands out after the correction")
    parts.append(f"<p>seat fairness: chi-square {fair.chi2:.2f} on {fair.freedom} degrees of freedom, "
                 f"p = {_p(fair.p)}: {verdict}</p>")
    parts.append(f"<h3>each {kind}</h3>")
    points = any(e.swing is not None for e in v.elements)
    rows, flags = _element_rows(game, v.elements, points, cutoff)
    head = [kind, "what it is", "games", "decides", *(("swing (sd)", "mean points to a seat") if points else ()),
            "win-rate lift of holder"]
    parts.append(_table(head, rows, flags, left=2))
    if v.elements:
        parts.append(plot_elements(v, kind, cutoff))
    parts.append("<h3>tie-breaks: what settled the winner</h3>")
    parts.append(_table(["settled by", "games", "share"],
                        [[html.escape(k), str(c), f"{c / v.games:.1%}"]
                         for k, c in sorted(v.tiebreaks.items(), key=lambda kv: -kv[1])]))
    parts.append("<h3>bots</h3>")
    better = "higher" if higher else "lower"
    parts.append(_table(["bot", "seat-games", f"mean score ({better} is better)", "win rate"],
                        [[html.escape(b.bot), str(b.games), _fmt(b.score), _fmt(b.win, True)] for b in v.summary.bots]))
    if v.summary.comparisons:
        parts.append("<p>skill: the first bot minus each other one, paired by deal</p>")
        parts.append(_table(["comparison", "score difference", "win-rate difference"],
                            [[html.escape(f"{c.first} - {c.other}"), _fmt(c.score), _fmt(c.win, True)]
                             for c in v.summary.comparisons]))
    return "".join(parts)


DEFINITIONS = """
<dl>
<dt>paired by deal</dt><dd>every variant plays the same deals (seeds) with the same bots; a difference is
taken deal by deal, so the luck of the cards cancels. Intervals are 95% over deals: Student's t (exact
quantile) for scores; Wilson's score interval for rates and Newcombe's for a difference of two rates, so
they stay within 0-100%.</dd>
<dt>position</dt><dd>where a seat sits, counted to the left from the first dealer (Megalomania), the first
leader (Trickster) or the first player (Masquerade).</dd>
<dt>holder</dt><dd>the seat that used an element most in a game: scored most on the mission, fired the hero's
effect most often, played or ended holding the special card. Nobody holds it when all seats used it equally.</dd>
<dt>win-rate lift</dt><dd>the holders' win share minus the other seats', per game, averaged.</dd>
<dt>decides</dt><dd>with points of its own (a mission, a bonus card): the winners change when its points are
taken away. Without (a hero, a play effect): the sole winner used it more than the runner-up.</dd>
<dt>swing</dt><dd>the standard deviation of the points it gave a seat: how much it spreads the table.</dd>
<dt>tie-breaks</dt><dd>the level of the game's order of finish at which the winner was set apart from every
other seat; "shared" when tied after all of them.</dd>
<dt>flagged (*)</dt><dd>the 95% interval excludes zero and the test passes Holm's correction over every test
of the study (the chance of even one false flag is at most 5%).</dd>
<dt>deals to confirm</dt><dd>from this run as a pilot: the deals a difference of the size seen needs to be
flagged 80% of the time at this study's corrected level.</dd>
</dl>
"""


def render(study: Study, results: Results) -> str:
    title = f"{load_game(study.game, study.players).title}: variant study"
    kind = results.element_kind
    parts = [f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{html.escape(title)}</title>",
             f"<style>{STYLE}</style></head><body>", f"<h1>{html.escape(title)}</h1>",
             f'<pre class="command">{html.escape(study.command())}</pre>',
             f"<p>{study.players} players, bots {html.escape(', '.join(study.lineup))}; "
             f"{len(study.variants)} variants x {study.games} games on the same {study.deals} deals "
             f"from seed {study.seed}. Reference: variant 0.</p>"]
    parts.append("<h2>variants</h2>")
    parts.append(_table(["variant", "options varied", "games", "mean score", "actions per game", "shared wins"],
                        [[str(v.variant), html.escape(v.label), str(v.games), _fmt(v.measures.get("mean score")),
                          _fmt(v.measures.get("actions per game")), _fmt(v.measures.get("shared wins"), True)]
                         for v in results.variants], left=2))
    if len(results.variants) > 1:
        parts.append("<h2>differences from the reference</h2>")
        parts.append(correction(results))
        parts.append(_differences(results))
        parts.append(plot_differences(results, _rate_names(results)))
    else:
        parts.append(correction(results))
    parts.append("<h2>scores and seats</h2>")
    parts.append(plot_scores(results.variants))
    parts.append(plot_positions(results.variants))
    for v in results.variants:
        body = _variant_section(results.game, v, kind, results.higher_score_wins, results.cutoff)
        heading = f"variant {v.variant}: {html.escape(v.label)}"
        if v.variant == 0:
            parts.append(f"<h2>{heading} (reference)</h2>{body}")
        else:
            parts.append(f"<details><summary>{heading}</summary>{body}</details>")
    parts.append(f"<h2>what the measures mean</h2>{DEFINITIONS}</body></html>")
    return "".join(parts)


def write_report(folder: Path, study: Study, results: Results) -> Path:
    path = folder / "report.html"
    path.write_text(render(study, results))
    return path
