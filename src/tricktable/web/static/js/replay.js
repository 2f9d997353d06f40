// Replays: the list of finished games and a viewer that steps through one, move by move, showing
// every hand (the game is over, nothing is secret) or one seat's view.

import { renderVerify, verifyDeal } from "./verify.js";
import { api } from "./api.js";
import { renderBoard, renderLog, renderScoreboard, seatName, withNames } from "./board.js";
import { mergeLog } from "./connections.js";
import { roundIsTrick, roundText } from "./games/index.js";
import { h, mount, patch, toast } from "./dom.js";
import { lang, t, titleOf } from "./i18n.js";

/** The list of finished games. */
export function replaysPage(root, navigate) {
  async function draw() {
    let list = [];
    try {
      list = await api("/api/replays");
    } catch (error) {
      toast(error.message, "error");
    }
    mount(root, h("div", { class: "page narrow" }, h("h1", {}, t("replay.title")),
      list.length ? h("div", { class: "table-list", dataset: { testid: "replays" } }, list.map((table) => h("article", {
        class: "table-card", dataset: { testid: "replay-card", id: table.id },
      },
      h("div", { class: "table-card-head" }, h("strong", {}, titleOf(table)),
        h("span", { class: "muted small" }, (table.updated || "").replace("T", " ").slice(0, 16))),
      h("div", { class: "replay-winner", dataset: { testid: "replay-winner" } }, "★ ",
        t("replay.won", { who: (table.winners || []).map((w) => seatName(table, w)).join(", ") || "–" })),
      h("div", { class: "small" }, (table.seats || []).map((s) => `${seatName(table, s.seat)}: ${fmt((table.scores || [])[s.seat])}${(table.winners || []).includes(s.seat) ? " ★" : ""}`).join(" · ")),
      h("div", { class: "buttons" }, h("button", {
        type: "button", class: "btn", onclick: () => navigate(`/replays/${encodeURIComponent(table.id)}`),
      }, t("table.replay")))))) : h("p", { class: "muted" }, t("replay.none"))));
  }
  draw();
  return { dispose() {}, relang: draw };
}

function fmt(value) {
  return value === undefined ? "" : String(value);
}

/** The viewer of replay `id`. The step and the seat live in the URL (`?step=k&seat=s`). */
export function replayPage(root, id) {
  const params = new URLSearchParams(location.search);
  const page = {
    step: params.has("step") ? Number(params.get("step")) : 0, // a replay opens at the deal, like a game
    seat: params.has("seat") ? Number(params.get("seat")) : null,
    frame: null, timer: 0, error: null, verify: { busy: false, result: null },
    review: null, reviewTimer: 0, // the Review view: one seat's decisions against the search's best
  };

  async function onVerify() {
    page.verify = { busy: true, result: null };
    draw();
    try {
      page.verify = { busy: false, result: await verifyDeal(id) };
    } catch (error) {
      page.verify = { busy: false, result: { holds: false, checks: [{ key: "verify.error", ok: false }] } };
    }
    draw();
  }

  async function load(step) {
    try {
      const query = { lang: lang(), step: step ?? undefined, seat: page.seat ?? undefined };
      page.frame = await api(`/api/replays/${encodeURIComponent(id)}`, { query });
      page.step = page.frame.step;
      const url = new URL(location.href);
      url.searchParams.set("step", String(page.step));
      if (page.seat === null) url.searchParams.delete("seat");
      else url.searchParams.set("seat", String(page.seat));
      history.replaceState(history.state, "", url);
    } catch (error) {
      page.error = error.message;
      stop();
    }
    draw();
  }

  function stop() {
    clearInterval(page.timer);
    page.timer = 0;
  }

  function play() {
    if (page.timer) {
      stop();
      draw();
      return;
    }
    page.timer = setInterval(() => {
      if (!page.frame || page.step >= page.frame.steps) {
        stop();
        draw();
        return;
      }
      load(page.step + 1);
    }, 700);
    draw();
  }

  /** Start (or poll) the review of the chosen seat (seat 0 when viewing every hand); it runs on the server. */
  async function review() {
    const seat = page.seat ?? 0;
    try {
      page.review = await api(`/api/replays/${encodeURIComponent(id)}/review`, { query: { seat, lang: lang() } });
    } catch (error) {
      toast(error.message, "error");
      return;
    }
    clearTimeout(page.reviewTimer);
    if (!page.review.ready && !page.review.error) page.reviewTimer = setTimeout(review, 1500);
    draw();
  }

  function onKey(event) {
    if (!page.frame || event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") load(Math.min(page.step + 1, page.frame.steps));
    else if (event.key === "ArrowLeft") load(Math.max(page.step - 1, 0));
  }

  function draw() {
    if (page.error && !page.frame) {
      mount(root, h("div", { class: "page narrow" }, h("p", { class: "error" }, page.error)));
      return;
    }
    const frame = page.frame;
    if (!frame) {
      mount(root, h("div", { class: "page" }, h("p", { class: "muted" }, t("table.connecting"))));
      return;
    }
    const summary = frame.table;
    const n = frame.steps;
    const controls = h("div", { class: "replay-controls", dataset: { testid: "replay-controls" } },
      h("button", { type: "button", class: "btn btn-ghost", onclick: () => load(0), disabled: page.step === 0 || null }, "« ", t("replay.first")),
      h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "replay-prev" }, onclick: () => load(Math.max(page.step - 1, 0)), disabled: page.step === 0 || null }, "◀ ", t("replay.prev")),
      h("button", { type: "button", class: "btn", dataset: { testid: "replay-play" }, onclick: play }, page.timer ? `⏸ ${t("replay.pause")}` : `▶ ${t("replay.play")}`),
      h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "replay-next" }, onclick: () => load(Math.min(page.step + 1, n)), disabled: page.step >= n || null }, t("replay.next"), " ▶"),
      h("button", { type: "button", class: "btn btn-ghost", onclick: () => load(n), disabled: page.step >= n || null }, t("replay.last"), " »"),
      h("input", { type: "range", min: 0, max: n, value: page.step, class: "replay-slider", "aria-label": t("replay.step", { k: page.step, n }),
        onchange: (event) => load(Number(event.target.value)) }),
      h("span", { class: "replay-step", dataset: { testid: "replay-step" } }, t("replay.step", { k: page.step, n })),
      h("label", { class: "replay-seat" }, `${t("replay.seat")}: `, h("select", {
        onchange: (event) => {
          page.seat = event.target.value === "" ? null : Number(event.target.value);
          load(page.step);
        },
      }, h("option", { value: "", selected: page.seat === null }, t("replay.everyone")),
      (summary.seats || []).map((s) => h("option", { value: s.seat, selected: page.seat === s.seat }, seatName(summary, s.seat))))),
      jumpSelect(frame, page.step, load),
      h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "review" }, onclick: review },
        lang() === "ja" ? "振り返り" : "Review"));
    // Numbered by hand (not by the list's markers) so that move 1234 is never cut off.
    const moves = h("ol", { class: "moves", dataset: { testid: "moves" } }, (frame.actions || []).map((move, i) => h("li", {
      class: [i === page.step - 1 && "is-current", move.hidden && "is-hidden"],
    }, h("button", { type: "button", class: "link", onclick: () => load(i + 1) },
      h("span", { class: "move-no" }, String(i + 1)),
      h("span", {}, moveText(move, summary))))));
    // One seat's view hides the other hands: only "all hands" shows every hand.
    const hands = page.seat === null ? frame.hands : null;
    const lines = mergeLog([], { log: frame.log });
    const board = renderBoard({ table: summary, view: frame.view, legal: [], log: lines, hands, result: frame.result }, { replay: true });
    patch(root, h("div", { class: "page table-page replay-page" }, // stepping changes only what the step changed
      h("div", { class: "table-head" }, h("h1", {}, `${t("replay.title")}: ${titleOf(summary)}`)),
      controls,
      renderVerify(page.verify, onVerify),
      h("div", { class: "table-layout" },
        h("div", { class: "table-main" }, frame.view && frame.view.is_over ? renderScoreboard({ table: summary, view: frame.view, result: frame.result }) : null, board),
        h("aside", { class: "table-side" },
          page.review ? renderReview(page.review, summary, page.step, load) : null,
          h("section", { class: "log" }, h("h3", { class: "section-title" }, t("replay.moves")), moves),
          renderLog(lines, summary, { current: lines.length ? lines[lines.length - 1].i : null })))));
    // The move list and the log both follow the current move.
    const current = root.querySelector(".moves .is-current");
    if (current) current.scrollIntoView({ block: "nearest" });
    const log = root.querySelector(".log-lines");
    if (log) log.scrollTop = log.scrollHeight;
  }

  document.addEventListener("keydown", onKey);
  load(page.step);
  return {
    dispose: () => {
      stop();
      clearTimeout(page.reviewTimer);
      document.removeEventListener("keydown", onKey);
    },
    relang: () => load(page.step),
  };
}

/** One line of the move list: "Ann: plays Blue 7", or the seen event as it is when it names its player already
 * ("Random 3 plays red 8"), never "Random 3: Random 3 plays red 8". */
export function moveText(move, summary) {
  const who = seatName(summary, move.seat);
  if (move.hidden) return `${who}: ${t("replay.hidden")}`;
  const text = withNames(move.label || move.action, summary);
  return text.startsWith(who) ? text : `${who}: ${text}`;
}

/** "Jump to": the step at which each round and each trick began (the server's `marks`). */
function jumpSelect(frame, step, load) {
  const marks = frame.marks || [];
  if (!marks.length) return null;
  let at = 0;
  marks.forEach((m, k) => {
    if (m.step <= step) at = k;
  });
  return h("label", { class: "replay-jump" }, `${t("replay.jump")}: `, h("select", {
    dataset: { testid: "replay-jump" },
    onchange: (event) => load(Number(event.target.value)),
  }, marks.map((m, k) => h("option", { value: m.step, selected: k === at || null },
    roundIsTrick(frame.view.game) ? roundText(frame.view.game, m.round) : `${roundText(frame.view.game, m.round)} · ${t("table.trick")} ${m.trick}`))));
}

/** The Review view: each decision of one seat, the move played against the search's best with that seat's
 * information then, what it cost in chance of winning, marks (??, ?, ?!) and the all-cards-shown move. */
function renderReview(review, summary, step, load) {
  const ja = lang() === "ja";
  const pct = (x) => (x === null || x === undefined ? "–" : `${Math.round(100 * x)}%`);
  const title = h("h3", { class: "section-title" }, `${ja ? "振り返り" : "Review"}: ${seatName(summary, review.seat)}`);
  if (review.error) return h("section", { class: "review", dataset: { testid: "review-panel" } }, title, h("p", { class: "error" }, review.error));
  if (!review.ready) {
    return h("section", { class: "review", dataset: { testid: "review-panel" } }, title,
      h("progress", { max: review.total || 1, value: review.done }),
      h("p", { class: "muted small", dataset: { testid: "review-progress" } },
        ja ? `分析中… ${review.done}/${review.total || "?"}` : `Analysing… ${review.done} of ${review.total || "?"} decisions`));
  }
  const worst = new Set(review.worst || []);
  return h("section", { class: "review", dataset: { testid: "review-panel" } }, title,
    h("p", { class: "muted small" }, ja
      ? "各判断: 指した手 / その時の情報での最善手（勝つ見込み）/ 損失 / 全員の手札が見える場合の最善手"
      : "Each decision: played / best with your information then (chance of winning) / cost / best with all cards shown"),
    h("ol", { class: "moves review-list" }, review.decisions.map((d) => h("li", {
      class: [d.step === step && "is-current", worst.has(d.step) && "is-worst"], dataset: { testid: "review-decision", mark: d.mark },
    }, h("button", { type: "button", class: "link", onclick: () => load(d.step) },
      h("span", { class: "move-no" }, String(d.step + 1)),
      d.mark ? h("strong", { class: "review-mark", title: d.mark_text }, `${d.mark} `) : null,
      `${d.played_text} (${pct(d.played_chance)})`,
      d.best !== d.played ? ` → ${d.best_text} (${pct(d.best_chance)})` : " ✓",
      d.separated ? ` −${d.cost}` : (d.best !== d.played ? (ja ? " ほぼ互角" : " about equal") : ""),
      d.all_cards ? h("span", { class: "muted small" }, ` · ${ja ? "全手札" : "all cards"}: ${d.all_cards_text}`) : null),
    worst.has(d.step) ? h("div", { class: "small" }, d.why) : null))));
}
