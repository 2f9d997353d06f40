"""The client's view stream (api.js ``ViewStream``, ``applyChanges``), run in the browser: changes rebuild
the position exactly as the server's ``apply_changes`` does, log increments append, and a gap asks once
for a resync from where the log stands, whose answer mends the view exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tricktable.engine import Rng, load_game
from tricktable.server.table import apply_changes, changes

pytestmark = pytest.mark.browser

STREAM = """async () => {
  const { ViewStream } = await import('/static/js/api.js');
  const line = (i) => ({ i, text: `line ${i}`, seat: null, kind: 'k', by_standin: false });
  const full = (pos, from, next, idx, step) => ({ type: 'view', seat: 0, lang: 'en', table: { step },
    view: { hand: ['a'] }, legal: [], pos, log_from: from, log_next: next, log: idx.map(line) });
  const edit = (pos, from, next, idx, step) => ({ type: 'view', pos, changes: [['/table/step', step]],
    log_from: from, log_next: next, log: idx.map(line) });
  const s = new ViewStream();
  const out = [];
  const take = (m) => {
    const r = s.take(m);
    out.push([r.resync, r.view && r.view.table.step, r.view && r.view.log.map((l) => l.i)]);
  };
  take(full(1, 0, 3, [0, 2], 0));      // the first message: the whole log (event 1 is hidden)
  take(edit(2, 3, 5, [3, 4], 1));      // changes and new lines
  take(edit(4, 7, 9, [8], 3));         // message 3 was lost: resync from 5
  take(edit(5, 9, 10, [9], 4));        // still waiting for the answer: no second request
  take(full(6, 5, 10, [5, 6, 8, 9], 4));  // the answer: a full view with the lines from 5
  take(edit(7, 10, 11, [10], 5));
  take(full(8, 0, 11, [0, 2, 3], 5));   // a language switch: everything again
  return out;
}"""

APPLY = """async (cases) => {
  const { applyChanges } = await import('/static/js/api.js');
  return cases.map(([a, e]) => applyChanges(a, e));
}"""


def test_the_view_stream_applies_changes_appends_lines_and_resyncs_once_and_exactly(blank: Any) -> None:
    out = blank.evaluate(STREAM)
    assert out[0] == [None, 0, [0, 2]]
    assert out[1] == [None, 1, [0, 2, 3, 4]]
    assert out[2] == [5, None, None], "a lost message: resync from where the log stands"
    assert out[3] == [None, None, None], "one request per gap"
    assert out[4] == [None, 4, [0, 2, 3, 4, 5, 6, 8, 9]]
    assert out[5] == [None, 5, [0, 2, 3, 4, 5, 6, 8, 9, 10]]
    assert out[6] == [None, 5, [0, 2, 3]]


def test_the_clients_changes_are_the_servers(blank: Any) -> None:
    cases = []
    for name in ("megalomania", "trickster", "masquerade"):
        state, rng = load_game(name, 4).new_state(4), Rng(4)
        before = {"view": state.observe(1)}
        for _ in range(60):
            if state.is_over:
                break
            actor = rng.choice(state.actors)
            state.apply(rng.choice(state.legal_actions(actor)), actor)
            after = {"view": state.observe(1)}
            cases.append((before, changes(before, after), after))
            before = after
    rebuilt = blank.evaluate(APPLY, [[json.loads(json.dumps(a)), e] for a, e, _ in cases])
    assert rebuilt == [apply_changes(a, e) for a, e, _ in cases] == [b for _, _, b in cases]
