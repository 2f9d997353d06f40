// The live table page: the board redrawn from every view message, and the seat's actions sent back.
// The connection itself belongs to connections.js, so leaving this page (lobby, replays, rules) keeps
// a held seat connected; the rules and the game's reference open in a panel beside the board.

import { contribution, rememberCommitment } from "./verify.js";
import { accountError, me } from "./account.js";
import { api, heldSeat, holdSeat, releaseSeat, savedName, saveName } from "./api.js";
import { lastTrickOf, renderBoard, renderLog, renderScoreboard, seatName } from "./board.js";
import { listen, markSeen, seenIndex, standinMoves } from "./connections.js";
import { h, mount, patch, toast } from "./dom.js";
import { lang, t, titleOf } from "./i18n.js";
import { renderPanel } from "./panel.js";
import { reference, useTable } from "./reference.js";
import { renderClocks, renderLeaving, stopClocks, syncClock, tickClocks } from "./clock.js";
import { MAX_CHARS, mergeChat, renderChat, setMuted } from "./chat.js";
import { askNotify, flyTrick, notifyState, notifyTurn, playTrick, playTurn, setSound, soundOn } from "./sound.js";

/** Show table `id` in `root`. Returns `{dispose, relang}`. */
export function tablePage(root, id) {
  const page = {
    id, root, summary: null, msg: null, lines: [], handle: null, selected: null, pending: false,
    status: "connecting", held: heldSeat(id), missing: false, panel: null, note: null, away: [], greeted: false,
    last: null, prevView: null, chat: [], wasMine: false, flyTo: null, learn: learnState(id),
  };
  const panelBox = h("div", { class: "side-panel-host" });
  useTable(id);
  document.body.appendChild(panelBox);

  function connect() {
    if (page.handle) page.handle.release();
    page.greeted = false;
    page.handle = listen(id, page.held && page.held.token, lang(), {
      onMessage: (msg, conn) => receive(page, msg, conn, draw),
      onStatus: (status, conn) => {
        if (status === "open" && page.status !== "open") conn.send({ type: "chat_open" }); // the chat so far, then news
        page.status = status;
        if (status === "closed" && page.held) {
          // The token was refused (the table forgot us): watch instead.
          releaseSeat(id);
          page.held = null;
          queueMicrotask(connect);
          return;
        }
        if (status === "closed") page.missing = true;
        draw();
      },
    });
  }

  async function join(seat, name) {
    try {
      if (!me.account) saveName(name);
      const result = await api(`/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { method: "POST", body: { name, contribution: contribution() } });
      holdSeat(id, result.seat, result.token, name);
      page.held = heldSeat(id);
      page.summary = result.table;
      connect();
    } catch (error) {
      toast(accountError(error), "error");
    }
  }

  async function start() {
    try {
      page.summary = await api(`/api/tables/${encodeURIComponent(id)}/start`, { method: "POST", body: { token: page.held.token } });
      draw();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  function act(action, { anyway = false } = {}) {
    if (page.pending) return;
    // The guided game: a choice other than the guide's is explained first, and can be retried or kept.
    const guide = page.learn && page.learn.lesson;
    if (guide && guide.advice && action !== guide.advice && !anyway) {
      page.learn.wrong = action;
      page.selected = null;
      draw();
      return;
    }
    if (page.learn) {
      page.learn.wrong = null;
      if (page.learn.lesson && !page.learn.lesson.done) page.learn.lesson = null; // told: the next step has its own
    }
    page.selected = null;
    page.note = null;
    if (page.handle && page.handle.conn.send({ type: "action", action })) {
      page.pending = true;
      draw();
    } else {
      toast(t("table.reconnecting"), "error");
    }
  }

  async function suggest() {
    try {
      const query = { token: page.held.token, lang: lang() };
      page.hints = { step: page.msg.table && page.msg.table.step, list: (await api(`/api/tables/${encodeURIComponent(id)}/hint`, { query })).hints };
      draw();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  function togglePanel(which) {
    page.panel = page.panel === which ? null : which;
    drawPanel();
  }

  function drawPanel() {
    const game = page.summary && page.summary.game;
    document.body.classList.toggle("has-panel", Boolean(page.panel && game));
    mount(panelBox, page.panel && game ? renderPanel(game, { onClose: () => togglePanel(page.panel), view: page.msg && page.msg.view }) : null);
  }

  function say(text) {
    if (text.length > MAX_CHARS || !page.handle) return false;
    return page.handle.conn.send({ type: "chat", text });
  }

  const handlers = {
    join, start, act, suggest, panel: togglePanel, say,
    anyway: (action) => act(action, { anyway: true }),
    retry: () => { page.learn.wrong = null; draw(); },
    undo: () => {
      if (!page.pending && page.handle && page.handle.conn.send({ type: "undo" })) page.pending = true;
      draw();
    },
    mute: (key, on) => { setMuted(id, key, on); draw(); },
    sound: () => { setSound(!soundOn()); draw(); },
    notify: async () => { await askNotify(); draw(); },
    select: (card) => { page.selected = card; page.note = null; draw(); },
    note: (note) => { page.note = note; page.selected = null; draw(); },
    dismissAway: () => { page.away = []; draw(); },
  };

  function draw() {
    // Keep the focus in a text box across a redraw (someone typing their name as a view arrives): `patch`
    // keeps the box itself, unless the drawing changed around it.
    const active = document.activeElement;
    const typing = active && active.tagName === "INPUT" && root.contains(active) ? active.dataset.testid : null;
    // The log and the chat follow new lines while their reader is at the end, and stay put while they read back.
    const following = [".log-lines", ".chat-lines"].filter((selector) => atEnd(root.querySelector(selector)));
    patch(root, renderPage(page, handlers));
    const again = typing && !root.contains(active) && root.querySelector(`input[data-testid="${typing}"]`);
    if (again) {
      again.focus();
      again.setSelectionRange?.(again.value.length, again.value.length);
    }
    for (const selector of following) {
      const box = root.querySelector(selector);
      if (box) box.scrollTop = box.scrollHeight;
    }
    tickClocks(page.summary);
    if (page.flyTo !== null) {
      flyTrick(root, page.flyTo); // the taken trick goes to its taker (not under reduced motion)
      page.flyTo = null;
    }
    if (page.panel && !panelBox.firstChild) drawPanel();
  }

  api(`/api/tables/${encodeURIComponent(id)}`).then((summary) => {
    page.summary = page.summary || summary;
    draw();
  }).catch((error) => {
    if (error.code === "table/unknown" || error.status === 404) {
      page.missing = true;
      draw();
    }
  });
  connect();
  draw();
  return {
    dispose: () => {
      if (page.handle) page.handle.release();
      stopClocks();
      panelBox.remove();
      useTable("");
      document.body.classList.remove("has-panel");
    },
    relang: () => {
      if (page.handle) page.handle.conn.setLang(lang());
      draw();
      drawPanel();
    },
  };
}

// --- the guided first game (lobby "Learn to play"; server/tutorial.py, tricktable/tutorial.py) -----------

const LEARN = "tricktable.learn.";

/** The guide's state for table `id`, when it was opened to learn (`?learn=1`, kept for reloads). */
function learnState(id) {
  if (new URLSearchParams(location.search).get("learn") === "1") sessionStorage.setItem(LEARN + id, "1");
  if (sessionStorage.getItem(LEARN + id) !== "1") return null;
  const seen = JSON.parse(sessionStorage.getItem(`${LEARN}${id}.seen`) || "[]");
  return { seen: new Set(seen), lesson: null, fresh: [], wrong: null, mark: -1 };
}

/** Ask the guide what it says now (after each view); lessons not yet told become this step's `fresh`. */
async function askGuide(page, draw) {
  const step = page.msg && page.msg.table ? page.msg.table.step : null;
  if (!page.held || !page.held.token || step === page.learn.step) return;
  page.learn.step = step;
  page.learn.lesson = page.learn.lesson && page.learn.lesson.done ? page.learn.lesson : null; // never a stale suggestion
  try {
    const said = await api(`/api/tables/${encodeURIComponent(page.id)}/lesson`, { query: { token: page.held.token, lang: lang() } });
    if (said.step !== (page.msg.table && page.msg.table.step)) return; // a newer view came meanwhile
    const fresh = (said.lessons || []).filter((item) => !page.learn.seen.has(item.key));
    for (const item of fresh) page.learn.seen.add(item.key);
    sessionStorage.setItem(`${LEARN}${page.id}.seen`, JSON.stringify([...page.learn.seen]));
    if (said.advice || fresh.length || said.done) page.learn.fresh = fresh;
    page.learn.lesson = said;
    page.learn.wrong = null;
    draw();
  } catch {
    // no guide (a finished table): the board still plays
  }
}

/** The guide above the prompt: the rules that matter now, the suggested move, a wrong choice explained,
 * what the bots did since my last move (one line each, the log's own words). */
function renderGuide(page, handlers) {
  const guide = page.learn;
  const said = guide.lesson;
  if (!said) return null;
  if (said.done) {
    return h("div", { class: "guide guide-done", dataset: { testid: "guide-done" } },
      h("strong", {}, t("learn.done")), " ",
      h("a", { class: "btn btn-ghost", href: "/", "data-link": true }, t("table.back")));
  }
  if (!said.advice) return null;
  const me = page.held ? page.held.seat : null;
  const since = [];
  for (let k = page.lines.length - 1; k >= 0 && since.length < 4; k -= 1) {
    const line = page.lines[k];
    if (line.seat === me) break;
    if (typeof line.seat === "number") since.unshift(line.text); // the others' moves, not the dealer's words
  }
  const wrong = guide.wrong;
  return h("div", { class: "guide", dataset: { testid: "guide" }, role: "status" },
    h("div", { class: "guide-head" }, h("strong", {}, t("learn.guide"))),
    since.length ? h("p", { class: "guide-since small muted", dataset: { testid: "guide-since" } }, `${t("learn.since")} ${since.join(" · ")}`) : null,
    guide.fresh.map((item) => h("p", { class: "guide-lesson", dataset: { testid: "guide-lesson", key: item.key } }, item.text)),
    wrong ? h("p", { class: "guide-wrong", dataset: { testid: "guide-wrong" } },
      `✗ ${t("learn.wrong", { move: said.advice_text })}`) : null,
    h("div", { class: "buttons" },
      h("span", { class: "guide-advice" }, t("learn.suggest", { move: said.advice_text })),
      h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "guide-play", action: said.advice }, onclick: () => handlers.act(said.advice) },
        t("learn.play")),
      wrong ? h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "guide-anyway" }, onclick: () => handlers.anyway(wrong) },
        t("learn.anyway")) : null,
      wrong ? h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "guide-retry" }, onclick: handlers.retry },
        t("learn.retry")) : null));
}

/** Whether a scrolling box shows its last line (or is not there yet, or does not scroll). */
function atEnd(box) {
  return !box || box.scrollHeight - box.scrollTop - box.clientHeight < 8;
}

function receive(page, msg, conn, draw) {
  if (msg.type === "view") {
    // Cards new to the trick since the last view slide in (same trick: it grew; a new trick: all of it).
    const before = page.msg && page.msg.view ? page.msg.view.trick || [] : [];
    const after = (msg.view && msg.view.trick) || [];
    const same = before.length <= after.length && before.every((e, i) => after[i] && after[i].card === e.card);
    page.fresh = page.msg ? (same ? before.length : 0) : after.length;
    const last = page.msg && msg.view ? lastTrickOf(page.msg.view, msg.view) : null;
    if (last) page.last = { ...last, fresh: true };
    else if (page.last) page.last.fresh = false;
    if (last) {
      playTrick();
      page.flyTo = last.taker;
    }
    syncClock(msg.table);
    rememberCommitment(msg.table); // the deal's commitment, to check against the published secret at the end
    page.msg = msg;
    page.lines = conn.lines;
    page.summary = msg.table || page.summary;
    if (page.summary) reference(page.summary.game, () => draw()); // tooltips once the reference is here
    page.pending = false;
    if (page.selected && !(msg.legal || []).some((item) => item.action.includes(page.selected))) page.selected = null;
    // A seat held by this browser's account or guest (another device took it): ours without a token.
    if (!page.held && typeof msg.seat === "number") page.held = { seat: msg.seat };
    if (msg.view && msg.view.is_over && page.summary && page.summary.rated && !page.ratings) loadRatings(page, draw);
    const me = typeof msg.seat === "number" ? msg.seat : null;
    if (me !== null && page.lines.length) {
      // The first view after coming back tells what the stand-in played meanwhile.
      if (!page.greeted) page.away = standinMoves(page.lines, me, seenIndex(page.id));
      markSeen(page.id, page.lines[page.lines.length - 1].i);
    }
    page.greeted = true;
    const mine = (msg.legal || []).length > 0 && msg.table && msg.table.status === "playing";
    if (mine && !page.wasMine) {
      playTurn();
      const game = titleOf(page.summary);
      notifyTurn(t("notify.title", { game }), t("notify.body", { game }), `tricktable-${page.id}`);
    }
    page.wasMine = mine;
    if (page.learn) askGuide(page, draw);
    draw();
  } else if (msg.type === "chat") {
    page.chat = mergeChat(page.chat, msg);
    draw();
  } else if (msg.type === "error") {
    page.pending = false;
    if (msg.code === "table/unknown") page.missing = true;
    toast(msg.message || msg.code, "error");
    draw();
  }
}

function renderPage(page, handlers) {
  if (page.missing && !page.msg) {
    return h("div", { class: "page narrow" }, h("h1", {}, t("table.notFound")),
      h("a", { href: "/", "data-link": true, class: "btn" }, t("table.back")));
  }
  const summary = page.summary;
  const msg = page.msg;
  const head = renderHead(page, summary, handlers);
  const banners = [];
  if (page.status === "lost") banners.push(h("div", { class: "banner banner-warn", dataset: { testid: "reconnecting" } }, t("table.reconnecting")));
  if (page.away.length) banners.push(renderAway(page, summary, handlers));
  banners.push(...renderLeaving(summary, page.msg && typeof page.msg.seat === "number" ? page.msg.seat : null));
  if (summary && summary.status === "waiting") banners.push(renderWaiting(page, summary, handlers));
  else if (summary && !page.held && freeSeats(summary).length) banners.push(renderJoin(page, summary, handlers));
  if (!msg) {
    return h("div", { class: "page table-page" }, head, banners, h("p", { class: "muted" }, t("table.connecting")));
  }
  const me = typeof msg.seat === "number" ? msg.seat : null;
  const frame = { table: summary, view: msg.view, legal: msg.legal, log: page.lines, whyNot: msg.why_not || null,
    prompt: msg.prompt || null, result: msg.result || null };
  const clocks = renderClocks(summary, me);
  const mine = !page.pending && (msg.legal || []).length > 0;
  const bar = [
    msg.undo && page.held ? h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "undo" },
      disabled: page.pending, onclick: handlers.undo }, t("undo.button")) : null,
    mine && page.held && !summary.rated ? h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "suggest" },
      onclick: handlers.suggest }, t("table.suggest")) : null, // no engine help in a rated game
  ];
  const board = renderBoard(frame, {
    onAction: handlers.act, onSelect: handlers.select, onNote: handlers.note, note: page.note,
    selected: page.selected, pending: page.pending, fresh: page.fresh, last: page.last,
    here: me !== null && page.status === "open" ? me : null, bar, below: mine && page.held && !summary.rated ? renderHints(page, handlers) : null,
    guide: page.learn ? renderGuide(page, handlers) : null,
  });
  document.title = `${mine ? `● ${t("table.yourTurn")} · ` : ""}${titleOf(summary)} · tricktable`;
  const over = msg.view && msg.view.is_over
    ? renderScoreboard(frame, [summary.rated ? renderRatings(page, summary) : null, h("div", { class: "buttons" },
      h("a", { class: "btn", href: `/replays/${encodeURIComponent(page.id)}`, "data-link": true, dataset: { testid: "to-replay" } }, t("table.replay")),
      h("a", { class: "btn btn-ghost", href: "/", "data-link": true }, t("table.back")))])
    : null;
  return h("div", { class: "page table-page" }, head, banners,
    h("div", { class: "table-layout" },
      h("div", { class: "table-main" }, over, clocks, board),
      h("aside", { class: "table-side" }, renderLog(withNotes(page.lines, msg.notes), summary),
        renderChat(page.chat, summary, { id: page.id, me, onSend: handlers.say, onMute: handlers.mute }))));
}

/** The log with the table's own notes (an undo, a clock run out) placed among its lines (`after` lines). */
function withNotes(lines, notes) {
  if (!notes || !notes.length) return lines;
  const out = [];
  let k = 0;
  for (const line of lines) {
    while (k < notes.length && notes[k].after <= line.i) out.push(noteLine(notes[k++], line.i));
    out.push(line);
  }
  while (k < notes.length) out.push(noteLine(notes[k++], lines.length ? lines[lines.length - 1].i + 1 : 0));
  return out;
}

function noteLine(note, i) {
  return { i: i - 0.5, text: note.text, seat: note.seat, kind: `note-${note.kind}`, by_standin: false };
}

/** The answer to "Suggest a move" (the button is in the action bar): the search's ranked choices for our seat
 * (GET /api/tables/{id}/hint), each playable. */
function renderHints(page, handlers) {
  const ja = lang() === "ja";
  const step = page.msg.table && page.msg.table.step;
  const hints = page.hints && page.hints.step === step ? page.hints.list : null;
  return hints ? h("div", { class: "hints", dataset: { testid: "hints" } },
    h("ol", {}, hints.map((hint) => h("li", { dataset: { testid: "hint" }, class: hint.about_equal ? "about-equal" : "" },
      h("button", { type: "button", class: "btn", onclick: () => handlers.act(hint.action) }, hint.text), " ",
      h("span", {}, ja ? hint.why_ja : hint.why), " ",
      h("span", { class: "muted", dataset: { testid: "hint-sure" } }, ja ? hint.sure_ja : hint.sure))))) : null;
}

const AWAY_SHOWN = 8; // the latest moves; the rest are marked in the game log

function renderAway(page, summary, handlers) {
  const more = Math.max(0, page.away.length - AWAY_SHOWN);
  return h("div", { class: "banner banner-away", dataset: { testid: "while-away" } },
    h("p", {}, h("strong", {}, t("table.whileAway"))),
    more ? h("p", { class: "muted small" }, t("table.awayMore", { n: more })) : null,
    h("ul", { class: "away-lines" }, page.away.slice(-AWAY_SHOWN).map((line) => h("li", {}, line.text))),
    h("button", { type: "button", class: "btn btn-ghost", onclick: handlers.dismissAway }, t("table.gotIt")));
}

function renderHead(page, summary, handlers) {
  const title = titleOf(summary);
  const status = summary ? t(`table.status.${summary.status}`) : "";
  const link = `${location.origin}/tables/${encodeURIComponent(page.id)}`;
  return h("div", { class: "table-head" },
    h("h1", {}, title, " ", h("span", { class: `status status-${summary ? summary.status : ""}`, dataset: { testid: "table-status" } }, status),
      summary && summary.practice ? h("span", { class: "status status-practice", dataset: { testid: "practice" } }, t("table.practice")) : null,
      summary && summary.rated ? h("span", { class: "status status-rated", dataset: { testid: "rated" } }, t("table.rated")) : null),
    h("div", { class: "buttons" },
      h("button", { type: "button", class: ["btn btn-ghost", soundOn() && "is-on"], dataset: { testid: "sound" },
        "aria-pressed": String(soundOn()), onclick: handlers.sound }, soundOn() ? t("sound.on") : t("sound.off")),
      page.held && notifyState() === "default" && !(summary && summary.status === "over") ? h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "notify" },
        onclick: handlers.notify }, t("notify.ask")) : null,
      summary ? h("button", { type: "button", class: ["btn btn-ghost", page.panel === "rules" && "is-on"], dataset: { testid: "open-rules" },
        "aria-expanded": String(page.panel === "rules"), onclick: () => handlers.panel("rules") }, t("table.rules")) : null,
      h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "share" },
        onclick: () => copyLink(link) }, t("table.share"))));
}

async function copyLink(link) {
  try {
    await navigator.clipboard.writeText(link);
    toast(t("table.copied"));
  } catch {
    toast(link);
  }
}

function freeSeats(summary) {
  return (summary.seats || []).filter((s) => s.kind === "human" && !s.taken);
}

// The name being typed survives redraws (a view message may arrive while someone types).
let draftName = null;

function nameInput() {
  // An account sits under its own name (the server uses it whatever is typed).
  return h("input", { type: "text", class: "name-input", value: me.account ? me.account.name : draftName ?? (savedName() || ""),
    maxlength: 24, disabled: Boolean(me.account),
    placeholder: t("table.seatName"), "aria-label": t("table.seatName"), dataset: { testid: "join-name" },
    oninput: (event) => { draftName = event.target.value; } });
}

function joinButtons(summary, handlers) {
  return freeSeats(summary).map((s) => h("button", {
    type: "button", class: "btn", dataset: { testid: `join-${s.seat}` },
    onclick: (event) => { // the name box on the page, beside the button (dom.js `patch`)
      const input = event.currentTarget.closest(".join-row").querySelector(".name-input");
      handlers.join(s.seat, input.value.trim() || t("game.seat", { n: s.seat + 1 }));
    },
  }, `${t("table.join")}: ${t("game.seat", { n: s.seat + 1 })}`));
}

function renderWaiting(page, summary, handlers) {
  const link = `${location.origin}/tables/${encodeURIComponent(page.id)}`;
  return h("div", { class: "banner", dataset: { testid: "waiting" } },
    h("p", {}, t("table.waiting")),
    h("p", {}, h("code", { class: "share-link", dataset: { testid: "share-link" } }, link)),
    h("ul", { class: "seat-list" }, (summary.seats || []).map((s) => h("li", {},
      `${t("game.seat", { n: s.seat + 1 })}: `, s.taken ? seatName(summary, s.seat) : h("em", {}, t("table.free")),
      page.held && page.held.seat === s.seat ? h("span", { class: "tag tag-me" }, t("table.you")) : null))),
    page.held ? null : h("div", { class: "join-row" }, nameInput(), joinButtons(summary, handlers)),
    page.held ? h("button", { type: "button", class: "btn", dataset: { testid: "start" }, onclick: handlers.start }, t("table.start")) : null);
}

function renderJoin(page, summary, handlers) {
  return h("div", { class: "banner" }, h("p", {}, t("table.joinAs")),
    h("div", { class: "join-row" }, nameInput(), joinButtons(summary, handlers)));
}

// --- ratings of a finished rated table -------------------------------------------------------------

async function loadRatings(page, draw) {
  page.ratings = { changes: null };
  for (let tries = 0; tries < 20 && page.ratings.changes === null; tries += 1) {
    try {
      page.ratings = await api(`/api/tables/${encodeURIComponent(page.id)}/ratings`);
    } catch {
      return;
    }
    if (page.ratings.changes === null) await new Promise((done) => setTimeout(done, 500));
  }
  draw();
}

function renderRatings(page, summary) {
  const changes = page.ratings && page.ratings.changes;
  if (!changes) return h("p", { class: "muted small" }, t("table.ratingPending"));
  return h("div", { class: "rating-changes", dataset: { testid: "rating-changes" } },
    h("strong", {}, t("table.ratingChange")), " ",
    // people's changes; a bot level's rating (one for all its seats) is on the leaderboard
    changes.filter((c) => summary.seats[c.seat] && summary.seats[c.seat].kind === "human").map((c) => {
      const delta = c.after - c.before;
      return h("span", { class: ["rating-change", delta >= 0 ? "is-up" : "is-down"], dataset: { testid: `rating-${c.seat}` } },
        `${seatName(summary, c.seat)} ${c.before} → ${c.after} (${delta >= 0 ? "+" : ""}${delta})`);
    }));
}
