"""A study's report: self-contained HTML pages (tables, and plots as inline PNG), in English and Japanese.

The page opens with the command that reproduces the study, then the variants, the correction paragraph
(how many tests, how many flags chance alone would give, Holm's correction), the differences from the
reference (flagged ones first, each with example games), a sweep's curves, then per variant whether the
bots reacted, the seat balance and its fairness test, each element's effect (missions, heroes, special
cards) and the tie-breaks. ``report.html`` is English, ``report.ja.html`` Japanese; each links the other.
Example games behind flagged numbers are written to ``examples/`` for ``tricktable replay``.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tricktable.engine import load_game
from tricktable.sim import lab_plots as plots
from tricktable.sim.balance import Difference, Results, VariantBalance, describe, element_order, is_rate
from tricktable.sim.declared import declarations
from tricktable.sim.lab_words import DEFINITIONS, LANGUAGES, WORDS, measure_name, position_ja
from tricktable.sim.outcome import Outcome
from tricktable.sim.stats import Estimate

if TYPE_CHECKING:
    from tricktable.sim.study import Study

STYLE = """
body{font:15px/1.45 system-ui,"Noto Sans CJK JP",sans-serif;margin:0 auto;max-width:1100px;padding:1.2em 1.5em}
body{color:#222}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;margin:1.6em 0 .4em;border-bottom:1px solid #ccc}
h3{font-size:1.05em;margin:1.1em 0 .3em}
pre.command{background:#f3f3f3;padding:.6em .8em;border-radius:4px;white-space:pre-wrap;word-break:break-all}
table{border-collapse:collapse;margin:.4em 0 1em;font-size:.92em}
th,td{padding:.22em .6em;border-bottom:1px solid #e3e3e3;text-align:right;vertical-align:top}
th{background:#f6f6f6;font-weight:600}td.l,th.l{text-align:left}
tr.flag td{background:#fff4d6}.flag-mark{color:#b35c00;font-weight:700}
img{max-width:100%;height:auto;display:block;margin:.4em 0}
.note{color:#555;font-size:.9em}.iv{white-space:nowrap}details{margin:.5em 0}summary{cursor:pointer;font-weight:600}
p.correction{background:#eef3fb;padding:.5em .8em;border-radius:4px}.lang{float:right}
dl{font-size:.92em}dt{font-weight:600;margin-top:.4em}dd{margin-left:1.2em}
"""
FILES = {"en": "report.html", "ja": "report.ja.html"}


class Page:
    """One report page's language: its words, and the game's names for measures, elements and seats."""

    def __init__(self, study: Study, results: Results, lang: str) -> None:
        self.study, self.results, self.lang = study, results, lang
        self.words = WORDS[lang]
        self.lab = declarations(study.game)
        self.positions = position_ja(study.game, study.players) if lang == "ja" else {}
        self.cutoff = results.cutoff

    def say(self, key: str, **values: Any) -> str:
        return self.words[key].format(**values) if values else self.words[key]

    def measure(self, name: str) -> str:
        return measure_name(self.study.game, self.study.players, name, self.lang)

    def element(self, label: str) -> str:
        return self.lab.label(label, self.lang) if self.lab else label

    def position(self, label: str) -> str:
        return self.positions.get(label, label)

    @property
    def kind(self) -> str:
        return self.lab.ELEMENT[self.lang] if self.lab else self.results.element_kind


def _fmt(e: Estimate | None, percent: bool = False) -> str:
    if e is None or e.n == 0 or math.isnan(e.mean):
        return ""
    scale, unit = (100.0, "%") if percent else (1.0, "")
    if e.n < 2 or not math.isfinite(e.low):
        return f"{e.mean * scale:.2f}{unit}"
    bounds = f"[{e.low * scale:.2f}, {e.high * scale:.2f}]"
    return f"<span class=iv>{e.mean * scale:.2f}{unit} <span class=note>{bounds}</span></span>"


def _p(p: float) -> str:
    return "" if p != p else "<0.0001" if p < 0.0001 else f"{p:.4f}"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], flags: Sequence[bool] = (), left: int = 1) -> str:
    cells = "".join(f'<th class="{"l" if i < left else ""}">{html.escape(h)}</th>' for i, h in enumerate(head))
    body = []
    for r, row in enumerate(rows):
        flag = ' class="flag"' if r < len(flags) and flags[r] else ""
        body.append(f"<tr{flag}>" + "".join(f'<td class="{"l" if i < left else ""}">{c}</td>'
                                            for i, c in enumerate(row)) + "</tr>")
    return f"<table><tr>{cells}</tr>{''.join(body)}</table>"


def _examples(games: Sequence[int]) -> str:
    return " ".join(f'<a href="examples/game-{g}.json">{g}</a>' for g in games)


def _pairs(pairs: Sequence[tuple[int, int]], say: Any) -> str:
    """A variant's game and the reference's on the same deal: "12 vs 0"."""
    return ", ".join(f"{_examples([mine])} {say('versus')} {_examples([theirs])}" for mine, theirs in pairs)


def correction(page: Page) -> str:
    """The paragraph every report carries: how many tests, what chance alone would flag, the correction."""
    p_values = page.results.p_values
    tests = len(p_values)
    return "<p class=correction>" + page.say(
        "correction", tests=tests, chance=0.05 * tests, plain=sum(p <= 0.05 for p in p_values),
        flagged=sum(p <= page.cutoff for p in p_values)) + "</p>"


def _differences(page: Page) -> str:
    results, cutoff = page.results, page.cutoff
    labels = {v.variant: v.label for v in results.variants}
    tests = len(results.p_values)
    ordered: list[Difference] = sorted(results.differences, key=lambda d: (
        not d.estimate.flagged(cutoff), d.estimate.p if d.estimate.p == d.estimate.p else 2.0, d.variant))
    flagged = [d for d in ordered if d.estimate.flagged(cutoff)]
    mark = ' <span class="flag-mark">*</span>'

    def needed(e: Estimate) -> str:
        deals = e.deals_needed(tests)
        return "" if deals is None or e.flagged(cutoff) else f"{deals:,}"

    rows = [[html.escape(f"{d.variant}: {labels[d.variant]}"), html.escape(page.measure(d.measure)),
             _fmt(d.estimate, is_rate(d.measure)) + (mark if d.estimate.flagged(cutoff) else ""),
             _p(d.estimate.p), needed(d.estimate),
             _pairs(d.examples[:2], page.say) if d.estimate.flagged(cutoff) else ""]
            for d in ordered]
    shown = len(flagged)
    head = [page.say(k) for k in ("variant", "measure", "difference", "p", "to_confirm", "examples")]
    top = _table(head, rows[:shown] if shown else [["", page.say("nothing_flagged"), "", "", "", ""]],
                 [True] * shown, left=2)
    rest = _table(head, rows[shown:], left=2) if len(rows) > shown else ""
    more = (f"<details><summary>{page.say('all_others', n=len(rows) - shown)}</summary>{rest}</details>"
            if rest else "")
    return top + more


def _rate_names(results: Results) -> list[str]:
    """The rates for the comparison plot: shared wins, comebacks, seat positions, skill, and each element's
    lift that some variant moved (flagged)."""
    names = ["shared wins", "comebacks", *(f"win rate: {p.label}" for p in results.variants[0].positions)]
    names += [n for n in results.variants[0].measures if n.startswith("skill: win rate")]
    moved = {d.measure for d in results.differences if d.estimate.flagged(results.cutoff) and is_rate(d.measure)}
    return [n for n in names if n in results.variants[0].measures] + sorted(moved - set(names))


def _variant_section(page: Page, v: VariantBalance, dealt: float | None) -> str:
    say, cutoff = page.say, page.cutoff
    parts = [f"<p class=note>{say('games_deals', games=v.games, deals=v.deals)}</p>"]
    if v.identical is not None:
        verdict = say("rescored") if v.identical == 1.0 else say("reacted")
        parts.append(f"<p class=identical>{say('identical', share=v.identical)}: <b>{verdict}</b>.</p>")
    if dealt is not None:
        parts.append(f"<p class=note>{say('dealt_same', share=dealt)}</p>")
    parts.append(f"<h3>{say('seat_positions')}</h3>")
    parts.append(_table([say("position"), say("win_rate"), say("mean_score")],
                        [[html.escape(page.position(p.label)), _fmt(p.win, True), _fmt(p.score)]
                         for p in v.positions]))
    fair = v.fairness
    verdict = say("unequal") if fair.p <= cutoff else say("equal")
    parts.append(f"<p>{say('fairness', chi2=fair.chi2, freedom=fair.freedom, p=_p(fair.p), verdict=verdict)}</p>")
    parts.append(f"<h3>{say('each', kind=page.kind)}</h3>")
    points = any(e.swing is not None for e in v.elements)
    options = page.study.variants[v.variant].options if v.variant < len(page.study.variants) else {}
    rows, flags = [], []
    for e in sorted(v.elements, key=element_order):
        what = describe(page.study.game, e.label, options, page.study.players, page.lang)
        row = [html.escape(page.element(e.label)), f"<span class=note>{html.escape(what)}</span>", str(e.games),
               f"{e.decides:.0%}", _fmt(e.achieved, True)]
        if points:
            row += ["" if e.swing is None else f"{e.swing:.2f}", _fmt(e.points)]
        flagged = e.lift.flagged(cutoff)
        rows.append([*row, _fmt(e.lift, percent=True) + (" *" if flagged else ""),
                     _examples(e.examples) if flagged else ""])
        flags.append(flagged)
    head = [page.kind, say("what_it_is"), say("games"), say("decides"), say("achieved"),
            *((say("swing"), say("points_to_seat")) if points else ()), say("lift"), say("examples")]
    parts.append(_table(head, rows, flags, left=2))
    if v.elements:
        parts.append(plots.elements(v, page.kind, cutoff, page.element, say))
    parts.append(f"<h3>{say('tiebreaks')}</h3>")
    parts.append(_table([say("settled_by"), say("games"), say("share")],
                        [[html.escape(k), str(c), f"{c / v.games:.1%}"]
                         for k, c in sorted(v.tiebreaks.items(), key=lambda kv: -kv[1])]))
    parts.append(f"<h3>{say('bots')}</h3>")
    better = say("higher" if page.results.higher_score_wins else "lower")
    parts.append(_table([say("bot"), say("seat_games"), say("score_better", better=better), say("win_rate")],
                        [[html.escape(b.bot), str(b.games), _fmt(b.score), _fmt(b.win, True)] for b in v.summary.bots]))
    if v.summary.comparisons:
        parts.append(f"<p>{say('skill')}</p>")
        parts.append(_table([say("comparison"), say("score_difference"), say("win_difference")],
                            [[html.escape(f"{c.first} - {c.other}"), _fmt(c.score), _fmt(c.win, True)]
                             for c in v.summary.comparisons]))
    return "".join(parts)


def sweep_values(study: Study) -> tuple[str, list[float]] | None:
    """The swept option and its numeric levels, for a study of one axis whose levels are all numbers."""
    from tricktable.sim.variants import parse_axis

    if len(study.vary) != 1:
        return None
    axis = parse_axis(study.game, study.players, study.vary[0], study.base)
    if len(axis.values) < 3 or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in axis.values):
        return None
    name = axis.option if axis.position is None else f"{axis.option}.{axis.position}"
    return name, [float(x) for x in axis.values]


def dealt_alike(study: Study) -> dict[int, float]:
    """Per variant, the share of deals whose hands at the start are the reference's, seat by seat."""
    seeds = sorted({m.seed for m in study.matches() if m.variant == 0})

    def hands(options: dict[str, Any], seed: int) -> list[Any]:
        state = load_game(study.game, study.players, **options).new_state(seed)
        return [state.observe(s).get("hand") for s in range(study.players)]

    reference = {seed: hands(study.variants[0].options, seed) for seed in seeds}
    return {v.index: sum(hands(v.options, seed) == reference[seed] for seed in seeds) / len(seeds)
            for v in study.variants[1:]}


def render(study: Study, results: Results, lang: str = "en", dealt: dict[int, float] | None = None) -> str:
    page = Page(study, results, lang)
    say = page.say
    game = load_game(study.game, study.players)
    title = say("title", game=game.title_in(lang))
    other = "ja" if lang == "en" else "en"
    parts = [f"<!doctype html><html lang={lang}><head><meta charset=utf-8><title>{html.escape(title)}</title>",
             f"<style>{STYLE}</style></head><body>",
             f'<a class=lang href="{FILES[other]}">{say("other_lang")}</a><h1>{html.escape(title)}</h1>',
             f'<pre class="command">{html.escape(study.command())}</pre>',
             "<p>" + html.escape(say("intro", players=study.players, bots=", ".join(study.lineup),
                                     variants=len(study.variants), games=study.games, deals=study.deals,
                                     seed=study.seed)) + f" {say('same_deals')}</p>"]
    parts.append(f"<h2>{say('variants')}</h2>")
    def alike(v: VariantBalance) -> str:
        if v.identical is None:
            return ""
        return f"{v.identical:.0%}" + (f": <b>{say('rescored')}</b>" if v.identical == 1.0 else "")

    parts.append(_table([say(k) for k in ("variant", "options_varied", "games", "mean_score", "actions", "margin",
                                          "shared", "same_moves")],
                        [[str(v.variant), html.escape(v.label), str(v.games), _fmt(v.measures.get("mean score")),
                          _fmt(v.measures.get("actions per game")), _fmt(v.measures.get("margin of victory")),
                          _fmt(v.measures.get("shared wins"), True), alike(v)] for v in results.variants], left=2))
    parts.append(correction(page))
    if len(results.variants) > 1:
        parts.append(f"<h2>{say('differences')}</h2>")
        parts.append(_differences(page))
        parts.append(f"<p class=note>{say('replay_how')}</p>")
        parts.append(plots.differences(results, _rate_names(results), page.measure, say))
        swept = sweep_values(study)
        if swept is not None:
            names = ["mean score", "margin of victory", "lead changes", "comebacks", "shared wins"]
            names += sorted({d.measure for d in results.differences
                             if d.estimate.flagged(page.cutoff) and d.measure not in names})[:4]
            parts.append(f"<h2>{say('sweep')}</h2>")
            names = [n for n in names if n in results.variants[0].measures]
            parts.append(plots.sweep(results, swept[1], swept[0], names, page.measure, is_rate))
    parts.append(f"<h2>{say('scores_seats')}</h2>")
    parts.append(plots.scores(results.variants, say))
    parts.append(plots.positions(results.variants, [page.position(p.label) for p in results.variants[0].positions],
                                 say))
    for v in results.variants:
        body = _variant_section(page, v, (dealt or {}).get(v.variant))
        heading = f"{say('variant')} {v.variant}: {html.escape(v.label)}"
        if v.variant == 0:
            parts.append(f"<h2>{heading} ({say('reference')})</h2>{body}")
        else:
            parts.append(f"<details open><summary>{heading}</summary>{body}</details>")
    parts.append(f"<h2>{say('meaning')}</h2>{DEFINITIONS[lang]}</body></html>")
    return "".join(parts)


def examples(results: Results) -> set[int]:
    """The games behind the flagged numbers (differences and element lifts), by index."""
    cutoff = results.cutoff
    games = {g for d in results.differences if d.estimate.flagged(cutoff) for pair in d.examples[:2] for g in pair}
    games |= {g for v in results.variants for e in v.elements if e.lift.flagged(cutoff) for g in e.examples}
    return games


def write_report(folder: Path, study: Study, results: Results, outcomes: Sequence[Outcome] = ()) -> Path:
    """``report.html`` and ``report.ja.html``, and the example games they link to; the English page's path."""
    dealt = dealt_alike(study)
    for lang in LANGUAGES:
        (folder / FILES[lang]).write_text(render(study, results, lang, dealt))
    wanted = examples(results)
    if outcomes and wanted:
        (folder / "examples").mkdir(exist_ok=True)
        for o in outcomes:
            if o.index in wanted:
                (folder / "examples" / f"game-{o.index}.json").write_text(json.dumps(o.record.to_json()) + "\n")
    return folder / FILES["en"]
