"""The client's log stream (api.js ``LogStream``), run in the browser: increments append, a gap asks once
for a resync from where the log stands, and the answer mends the log exactly."""

from __future__ import annotations

from typing import Any

import pytest
from browser_server import Server

pytestmark = pytest.mark.browser

STREAM = """async () => {
  const { LogStream } = await import('/static/js/api.js');
  const line = (i) => ({ i, text: `line ${i}`, seat: null, kind: 'k', by_standin: false });
  const view = (from, next, idx) => ({ type: 'view', log_from: from, log_next: next, log: idx.map(line) });
  const log = new LogStream();
  const out = [];
  out.push(log.take(view(0, 3, [0, 2])));        // the first message: the whole log (event 1 is hidden)
  out.push(log.take(view(3, 5, [3, 4])));        // an increment
  out.push(log.take(view(7, 9, [8])));           // 5..7 were missed: resync from 5
  out.push(log.take(view(9, 10, [9])));          // still waiting for the answer: no second request
  out.push(log.lines.map((l) => l.i));
  out.push(log.take(view(5, 10, [5, 6, 8, 9])));  // the resync's answer
  out.push(log.lines.map((l) => l.i));
  out.push(log.take(view(0, 10, [0, 2, 3])));     // a language switch: everything again
  out.push(log.lines.map((l) => l.i), log.next);
  return out;
}"""


@pytest.fixture
def client(server: Server, page: Any) -> Any:
    page.goto(f"{server.url}/rules")
    page.wait_for_selector(".tabs")
    return page


def test_the_log_stream_appends_and_a_gap_resyncs_once_and_exactly(client: Any) -> None:
    out = client.evaluate(STREAM)
    assert out[:4] == [None, None, 5, None]
    assert out[4] == [0, 2, 3, 4], "a message past a gap changes nothing until the resync answer"
    assert out[5] is None and out[6] == [0, 2, 3, 4, 5, 6, 8, 9]
    assert out[7] is None and out[8] == [0, 2, 3] and out[9] == 10
