// The board: a pure drawing of one moment of a game, from the server's view message (or a replay
// frame). The legal actions list is the only source of what may be done; the board never decides a rule.
// Card actions (`<verb> <card>[suffix]`) make that card clickable wherever it is drawn; every other
// action, and any card action whose card is not drawn, becomes a labelled button.

import { backsEl, cardEl, cardTitle, colourChip, colourKey, isCard, parseCard } from "./cards.js";
import { h, humanize } from "./dom.js";
import { botName, pick, t } from "./i18n.js";
import { gameModule, roundText } from "./games/index.js";

const CARD_AT_START = /^([BYRKG]\d{1,2}|(?:red|orange|yellow|green|blue|purple|black|white) [A-Z][a-z]+)(?![0-9A-Za-z])(.*)$/;
const CARD_ANYWHERE = /(^|[^0-9A-Za-z])([BYRKG]\d{1,2}|(?:red|orange|yellow|green|blue|purple|black|white) [A-Z][a-z]+)(?![0-9A-Za-z])/;

/** Split legal actions into card actions (by card text) and the others. */
export function bindActions(legal) {
  const byCard = new Map();
  const others = [];
  for (const item of legal || []) {
    const m = /^(\S+) (.+)$/.exec(item.action);
    const rest = m ? CARD_AT_START.exec(m[2]) : null;
    if (rest && !CARD_ANYWHERE.test(rest[2])) {
      const list = byCard.get(rest[1]) || [];
      list.push(item);
      byCard.set(rest[1], list);
    } else {
      others.push(item);
    }
  }
  return { byCard, others };
}

/** A seat's display name from the table summary. */
export function seatName(summary, seat) {
  const entry = summary && summary.seats && summary.seats[seat];
  // A bot with the server's generic name ("Bot (random)") is called by its level: "Random 2".
  if (entry && entry.kind === "bot" && /^Bot \(/.test(entry.name || "")) return shortName(summary, seat);
  if (entry && entry.name) {
    // Two seats with one name (two "Bot (random)"): tell them apart by seat number.
    const twins = summary.seats.filter((s) => s.name === entry.name).length > 1;
    return twins ? `${entry.name} #${seat + 1}` : entry.name;
  }
  return t("game.seat", { n: seat + 1 });
}

/** A seat's short, distinct name for tight places (trick captions): "Ann", "Random 2". */
export function shortName(summary, seat) {
  const seats = (summary && summary.seats) || [];
  const entry = seats[seat];
  if (!entry || !entry.name) return t("game.seat", { n: seat + 1 });
  if (entry.kind === "bot") {
    const level = botName(entry.bot || "");
    const twins = seats.filter((s) => s.kind === "bot" && s.bot === entry.bot).length > 1;
    return twins ? `${level} ${seat + 1}` : level;
  }
  const name = entry.name.length > 12 ? `${entry.name.slice(0, 11)}…` : entry.name;
  const twins = seats.filter((s) => s.name === entry.name).length > 1;
  return twins ? `${name} ${seat + 1}` : name;
}

/** One or two letters standing for a seat, on its colour ("A", "R2"). */
export function initials(summary, seat) {
  const short = shortName(summary, seat);
  const number = /\s(\d+)$/.exec(short);
  const letter = [...short.replace(/^[^\p{L}\p{N}]+/u, "")][0] || String(seat + 1);
  return `${letter.toUpperCase()}${number ? number[1] : ""}`;
}

/** A seat's colour badge with its initials. */
export function seatBadge(summary, seat) {
  return h("span", { class: `seat-badge seat-c${seat % 6}`, "aria-hidden": "true" }, initials(summary, seat));
}

/** Put seat names into a line of text that says `seat 2` / `Seat 2` / `2番席` / `席2`. */
export function withNames(line, summary) {
  if (!summary || !summary.seats) return line;
  return String(line)
    .replace(/\b[Ss]eat (\d+)\b/g, (all, n) => (summary.seats[+n] ? seatName(summary, +n) : all))
    .replace(/席\s?(\d+)/g, (all, n) => (summary.seats[+n] ? seatName(summary, +n) : all))
    .replace(/(\d+)番席/g, (all, n) => (summary.seats[+n] ? seatName(summary, +n) : all));
}

/**
 * Draw the board. `frame`: `{table, view, legal, log, hands?}`. `opts`: `onAction(actionText)`,
 * `selected` (a card whose choices are open), `onSelect(card|null)`, `pending`, `replay`.
 * Returns an element.
 */
export function renderBoard(frame, opts = {}) {
  const { table: summary, view } = frame;
  if (!view) return h("div", { class: "board-empty" }, t("table.connecting"));
  const game = view.game;
  const module = gameModule(game);
  const me = typeof view.seat === "number" ? view.seat : null;
  const { byCard, others } = bindActions(opts.pending ? [] : frame.legal);
  const drawn = new Set();
  // In a special step (anything but an ordinary card play) one click must not commit: it opens a confirm.
  const special = view.phase && !(module.plainPhases || ["play"]).includes(view.phase);
  const ctx = {
    game, view, summary, me, module, hands: frame.hands, fresh: opts.fresh, here: opts.here ?? null, replay: Boolean(opts.replay),
    takerFlash: opts.last && opts.last.fresh ? opts.last.taker : null, result: frame.result || null,
    name: (seat) => seatName(summary, seat),
    short: (seat) => shortName(summary, seat),
    badge: (seat) => seatBadge(summary, seat),
    /** Draw a card; clickable and highlighted when some legal action names it. */
    card(text, extra = {}) {
      const actions = byCard.get(text);
      const about = module.cardText ? module.cardText(text) : null;
      if (actions && !extra.inert) {
        drawn.add(text);
        const onClick = () => {
          if (actions.length === 1 && !special) opts.onAction && opts.onAction(actions[0].action);
          else opts.onSelect && opts.onSelect(opts.selected === text ? null : text);
        };
        const tip = [actions.map((a) => withNames(a.label || a.action, summary)).join(" / "), about && about.text].filter(Boolean).join(" — ");
        return cardEl(text, { look: module, legal: true, onClick, testid: "legal-card", tip, ...extra,
          badges: extra.badges || [] });
      }
      const tip = about ? `${cardTitle(text, module)} — ${about.text}` : null;
      // A card of my hand that cannot be played now says why when clicked (tapped).
      const mineNow = extra.inHand && frame.legal && frame.legal.length && !opts.pending;
      const onClick = mineNow && opts.onNote
        ? () => opts.onNote(opts.note && opts.note.card === text ? null : { card: text }) : null;
      return cardEl(text, { look: module, tip, onClick, testid: mineNow ? "dim-card" : undefined, ...extra });
    },
    value: (key, value) => renderValue(key, value, ctx),
    label: (key) => labelFor(module, key),
  };

  const handEl = renderHand(ctx);
  const centre = renderCentre(ctx);
  const seats = renderSeats(ctx);
  const decisions = renderDecisions(ctx, byCard, others, drawn, opts, frame);
  // The hand stays bright only while nothing is asked of me: a step decided by buttons (a challenge) dims it too.
  const asked = !opts.pending && (frame.legal || []).length > 0;
  return h("div", { class: ["board", `game-${game}`, !byCard.size && !asked && "is-idle"], dataset: { testid: "board", game } },
    renderStatus(ctx, frame, opts),
    h("section", { class: "seats", "aria-label": t("table.scores") }, seats),
    centre,
    renderLastTrick(ctx, opts.last),
    decisions,
    handEl,
  );
}

// --- pieces ---------------------------------------------------------------------------------------

function renderStatus(ctx, frame, opts) {
  const { view, summary, me, game } = ctx;
  const actors = view.actors || [];
  let text;
  let mine = false;
  if (view.is_over) text = t("table.over");
  else if (summary && summary.status === "waiting") text = t("table.status.waiting");
  else if (me !== null && actors.includes(me) && (frame.legal || []).length) {
    text = t("table.yourTurn");
    mine = true;
  } else if (actors.length === 1) text = t("table.turnOf", { who: ctx.name(actors[0]) });
  else text = t("table.turnOfMany", { who: actors.map(ctx.name).join(", ") });
  const chips = [];
  chips.push(h("span", { class: "chip", dataset: { testid: "round" } }, roundText(game, view.round)));
  if (view.phase) chips.push(h("span", { class: "chip", dataset: { testid: "phase" } }, phaseLabel(ctx, view.phase)));
  if (me === null && !opts.replay) chips.push(h("span", { class: "chip chip-muted" }, t("table.spectating")));
  const thinking = (summary && summary.thinking) || [];
  return h("div", { class: ["turn", mine && "turn-mine", view.is_over && "turn-over"], dataset: { testid: "turn" } },
    h("strong", { class: "turn-text" }, text),
    thinking.length && !view.is_over ? h("span", { class: "turn-thinking" }, `${thinking.map(ctx.name).join(", ")} ${t("table.thinking")}`) : null,
    h("span", { class: "turn-chips" }, chips));
}

function phaseLabel(ctx, phase) {
  const names = ctx.module.phases || {};
  return pick(names[phase]) || humanize(phase);
}

function renderSeats(ctx) {
  const { view, summary, me } = ctx;
  const players = view.players || (summary && summary.players) || 0;
  const order = [];
  // Seats clockwise starting after mine, mine last, so the table reads round from my left.
  for (let i = 1; i <= players; i++) order.push(me === null ? i - 1 : (me + i) % players);
  return order.map((seat) => renderSeat(ctx, seat));
}

function renderSeat(ctx, seat) {
  const { view, summary, me, module } = ctx;
  const info = (summary && summary.seats && summary.seats[seat]) || {};
  const actors = view.actors || [];
  const isActor = actors.includes(seat) && !view.is_over;
  const winners = view.winners || [];
  const sizes = view.hand_sizes || [];
  const flags = [];
  if (info.kind === "bot") flags.push(h("span", { class: "tag tag-bot", title: botName(info.bot || "") }, t("table.bot")));
  // Whether a player is here now says nothing in a replay; my own seat is here when my socket is open.
  const present = !ctx.replay && info.kind === "human";
  if (present && info.away) flags.push(h("span", { class: "tag tag-away" }, t("table.away")));
  else if (present && info.taken && info.connected === false && seat !== ctx.here) flags.push(h("span", { class: "tag" }, t("table.offline")));
  if (info.kind === "human" && !info.taken) flags.push(h("span", { class: "tag tag-free" }, t("table.free")));
  if (view.leader === seat) flags.push(h("span", { class: "tag tag-leader" }, t("table.leader")));
  if (seat === me) flags.push(h("span", { class: "tag tag-me" }, t("table.you")));
  // At the end the engine's breakdown is the score: the seats and the scoreboard agree.
  const result = ctx.result || view.result;
  const row = result && (result.rows || []).find((r) => r.seat === seat);
  const score = row ? row.total : (view.scores || [])[seat];
  const handSize = sizes[seat];
  const hand = ctx.hands && ctx.hands[seat];
  const extras = [];
  if (module.seat) extras.push(module.seat(ctx, seat));
  extras.push(genericPerSeat(ctx, seat));
  return h("article", {
    class: ["seat", `seat-c${seat % 6}`, isActor && "is-actor", seat === me && "is-me", winners.includes(seat) && view.is_over && "is-winner",
      ctx.takerFlash === seat && "is-taker"],
    dataset: { testid: `seat-${seat}`, seat: String(seat) },
  },
  h("header", { class: "seat-head" },
    ctx.badge(seat),
    h("span", { class: "seat-name", title: ctx.name(seat) }, info.kind === "bot" ? ctx.short(seat) : ctx.name(seat)),
    score !== undefined ? h("span", { class: "seat-score", title: t("table.score") }, formatNumber(score)) : null),
  h("div", { class: "seat-flags" }, flags),
  hand && seat !== me
    ? h("div", { class: "card-row card-row-small" }, hand.map((c) => ctx.card(c, { small: true, inert: true })))
    : handSize !== undefined && seat !== me && !(view.is_over && !handSize) ? h("div", { class: "seat-hand" }, backsEl(handSize), h("span", { class: "muted" }, t("table.cards", { n: handSize }))) : null,
  extras);
}

function formatNumber(value) {
  if (typeof value !== "number") return String(value);
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function renderCentre(ctx) {
  const { view, module } = ctx;
  const trick = view.trick || [];
  const chips = module.info ? module.info(ctx) : [];
  const rest = genericCentral(ctx);
  return h("section", { class: "centre" },
    chips.length ? h("div", { class: "info-strip", dataset: { testid: "info" } }, chips) : null,
    view.is_over && !trick.length ? null : h("div", { class: "trick", dataset: { testid: "trick" } },
      h("h3", { class: "section-title" }, t("table.trick")),
      trick.length
        ? h("div", { class: "trick-cards" }, trick.map((entry, i) => renderTrickEntry(ctx, entry, i >= (ctx.fresh ?? trick.length))))
        : h("p", { class: "muted" }, t("table.emptyTrick"))),
    module.centre ? module.centre(ctx) : null,
    rest.length ? h("div", { class: "public" }, rest) : null);
}

function renderTrickEntry(ctx, entry, fresh) {
  const badges = ctx.module.trickBadges ? ctx.module.trickBadges(entry, ctx) : genericBadges(entry);
  return h("figure", { class: ["trick-entry", `seat-c${entry.seat % 6}`, ctx.view.leader === entry.seat && "is-lead", fresh && "is-new"],
    dataset: { seat: String(entry.seat) } },
    ctx.card(entry.card),
    badges.length ? h("div", { class: "trick-badges" }, badges.map((b) => h("span", { class: "badge" }, b))) : null,
    h("figcaption", { title: ctx.name(entry.seat) }, ctx.badge(entry.seat), h("span", { class: "caption-name" }, ctx.short(entry.seat))));
}

function genericBadges(entry) {
  const badges = [];
  for (const [key, value] of Object.entries(entry)) {
    if (key === "seat" || key === "card") continue;
    if (value === true) badges.push(humanize(key));
    else if (typeof value === "number" || (typeof value === "string" && value)) badges.push(`${humanize(key)} ${value}`);
  }
  return badges;
}

function renderHand(ctx) {
  const { view, me } = ctx;
  if (me === null) return null;
  const hand = view.hand || [];
  if (view.is_over && !hand.length) return null;
  return h("section", { class: "hand", dataset: { testid: "hand" } },
    h("h3", { class: "section-title" }, `${t("table.hand")} · ${t("table.cards", { n: hand.length })}`),
    h("div", { class: "card-row hand-cards" }, hand.map((c) => ctx.card(c, { inHand: true, badges: handBadges(ctx, c) }))),
    ctx.module.handExtras ? ctx.module.handExtras(ctx) : null);
}

function handBadges(ctx, card) {
  return ctx.module.handBadges ? ctx.module.handBadges(ctx, card) : [];
}

/** What this step asks, in words: the game module's prompt for the phase, else the generic hint. */
export function promptFor(ctx, frame = {}) {
  if (frame.prompt) return frame.prompt; // the game's own words for the step, when the server sends them
  const text = ctx.module.prompt ? ctx.module.prompt(ctx) : null;
  return pick(text) || (ctx.module.hint ? pick(ctx.module.hint) : t("table.decide"));
}

/** Why no card of the hand can be played in a step decided by buttons: the game's words for the step
 * (Masquerade's challenge), else the step's prompt. Null when some card action is open. */
function waitReason(ctx, frame) {
  const legal = frame.legal || [];
  if (!legal.length || bindActions(legal).byCard.size) return null;
  const own = ctx.module.waitReason ? pick(ctx.module.waitReason(ctx)) : "";
  return own || t("table.firstDecide", { step: promptFor(ctx, frame) });
}

function renderNote(ctx, opts, frame) {
  const note = opts.note;
  if (!note) return null;
  const reasons = frame.whyNot || {};
  const about = ctx.module.cardText ? ctx.module.cardText(note.card) : null;
  const reason = reasons[note.card] || waitReason(ctx, frame) || t("table.notNow");
  return h("div", { class: "why-not", dataset: { testid: "why-not" }, role: "status" },
    h("div", { class: "choice-head" }, ctx.card(note.card, { small: true, inert: true }),
      h("div", {}, h("strong", {}, cardTitle(note.card, ctx.module)), h("p", { class: "plain why-reason" }, `✗ ${reason}`),
        about ? h("p", { class: "plain muted small" }, about.text) : null)),
    h("button", { type: "button", class: "btn btn-ghost", onclick: () => opts.onNote && opts.onNote(null) }, t("table.gotIt")));
}

function renderDecisions(ctx, byCard, others, drawn, opts, frame) {
  const items = [];
  const asked = (frame.legal || []).length && !opts.pending
    ? h("p", { class: "prompt", dataset: { testid: "prompt" } }, promptFor(ctx, frame)) : null;
  // The action bar (Undo, "Suggest a move") sits beside the prompt, where the eye already is.
  const bar = (opts.bar || []).filter(Boolean);
  const prompt = asked || bar.length ? h("div", { class: "prompt-row" }, asked,
    bar.length ? h("div", { class: "action-bar", dataset: { testid: "action-bar" } }, bar) : null) : null;
  const note = renderNote(ctx, opts, frame);
  // Card actions whose card is on the board are taken by clicking the card; the rest become buttons.
  const loose = [...others];
  for (const [card, actions] of byCard) if (!drawn.has(card)) loose.push(...actions);
  const selected = opts.selected && byCard.get(opts.selected);
  if (selected && drawn.has(opts.selected)) {
    items.push(h("div", { class: "choice-card", dataset: { testid: "card-choices" } },
      h("div", { class: "choice-head" }, ctx.card(opts.selected, { small: true, inert: true }),
        h("span", {}, t("table.choose", { card: cardTitle(opts.selected, ctx.module) }))),
      h("div", { class: "buttons" },
        selected.map((item) => actionButton(item, opts, ctx.summary)),
        h("button", { type: "button", class: "btn btn-ghost", onclick: () => opts.onSelect && opts.onSelect(null) }, t("table.cancel")))));
  }
  if (loose.length) items.push(renderButtons(loose, opts, ctx.summary));
  const below = opts.below || null;
  if (!items.length) {
    if (!byCard.size && !note && !bar.length && !opts.guide) return null;
    return h("section", { class: "decisions decisions-hint", dataset: { testid: "decisions" } }, opts.guide || null, prompt, note, below);
  }
  return h("section", { class: "decisions", dataset: { testid: "decisions" } }, opts.guide || null, prompt, note, below, items);
}

/** Buttons for actions, grouped by their first word; a filter box when there are many. */
function renderButtons(actions, opts, summary) {
  const groups = new Map();
  for (const item of actions) {
    const verb = item.action.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(item);
  }
  const box = h("div", { class: "button-groups" },
    [...groups.values()].map((list) => h("div", { class: "buttons" }, list.map((item) => actionButton(item, opts, summary)))));
  if (actions.length <= 16) return box;
  const filter = h("input", {
    type: "search", class: "filter", placeholder: t("table.filter"), "aria-label": t("table.filter"),
    oninput: (event) => {
      const needle = event.target.value.toLowerCase();
      const shown = event.target.parentElement.querySelector(".button-groups"); // on the page (dom.js `patch`)
      for (const button of shown.querySelectorAll("button")) {
        button.hidden = needle !== "" && !button.textContent.toLowerCase().includes(needle) &&
          !button.dataset.action.toLowerCase().includes(needle);
      }
    },
  });
  return h("div", {}, filter, box);
}

function actionButton(item, opts, summary) {
  return h("button", {
    type: "button", class: "btn btn-action", title: item.action,
    dataset: { action: item.action, testid: "action" },
    disabled: opts.pending || null,
    onclick: () => opts.onAction && opts.onAction(item.action),
  }, actionText(item, summary));
}

// Actions that name a seat by number (the Farmer's "lead 2", a hero's "choose seat 1") show its name.
const SEAT_ACTIONS = [[/^lead (\d+)$/, "table.leadNext"], [/^choose seat (\d+)$/, "table.chooseSeat"]];

function actionText(item, summary) {
  for (const [pattern, key] of SEAT_ACTIONS) {
    const m = pattern.exec(item.action);
    if (m && summary && summary.seats && summary.seats[+m[1]]) return t(key, { who: seatName(summary, +m[1]) });
  }
  return withNames(item.label || item.action, summary);
}

// --- the game-specific `table` dict, drawn generically where the game module does not -------------

function labelFor(module, key) {
  const labels = module.labels || {};
  return pick(labels[key]) || humanize(key);
}

function isPerSeat(ctx, key, value) {
  const { module, view } = ctx;
  if ((module.perSeat || []).includes(key)) return true;
  if ((module.central || []).includes(key)) return false;
  return Array.isArray(value) && value.length === view.players && !value.every((v) => isCard(v));
}

function hidden(ctx, key) {
  return (ctx.module.hide || []).includes(key);
}

function genericPerSeat(ctx, seat) {
  const table = ctx.view.table || {};
  const rows = [];
  for (const [key, value] of Object.entries(table)) {
    if (hidden(ctx, key) || !isPerSeat(ctx, key, value)) continue;
    const item = value[seat];
    if (item === null || item === undefined) continue;
    rows.push(h("div", { class: "kv", dataset: { key } }, h("span", { class: "kv-key" }, ctx.label(key)), ctx.value(key, item)));
  }
  return rows.length ? h("div", { class: "seat-info" }, rows) : null;
}

function genericCentral(ctx) {
  const table = ctx.view.table || {};
  const chips = [];
  const blocks = [];
  for (const [key, value] of Object.entries(table)) {
    if (hidden(ctx, key) || isPerSeat(ctx, key, value) || value === null || value === undefined) continue;
    if (typeof value === "object") {
      blocks.push(h("div", { class: "public-block", dataset: { key } },
        h("h4", { class: "section-title" }, ctx.label(key)), ctx.value(key, value)));
    } else {
      chips.push(h("span", { class: "kv chip", dataset: { key } }, h("span", { class: "kv-key" }, ctx.label(key)), ctx.value(key, value)));
    }
  }
  return [chips.length ? h("div", { class: "info-strip" }, chips) : null, ...blocks].filter(Boolean);
}

/** Draw any JSON value: cards as cards, colours as chips, lists and dicts recursively. */
export function renderValue(key, value, ctx) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "–");
  if (typeof value === "boolean") return h("span", { class: value ? "yes" : "no" }, value ? "✓" : "–");
  if (typeof value === "number") return h("span", { class: "num" }, formatNumber(value));
  if (typeof value === "string") {
    if (isCard(value)) return ctx.card(value, { small: true });
    if (colourKey(value) && /colou?r|suit|dominant|lead|trump/i.test(key)) return colourChip(value);
    return h("span", {}, value);
  }
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "–");
    if (value.every((v) => isCard(v))) return h("div", { class: "card-row card-row-small" }, value.map((c) => ctx.card(c, { small: true })));
    if (value.every((v) => typeof v !== "object" || v === null)) return h("span", {}, value.map((v) => (isCard(v) ? parseCard(v).text : String(v))).join(", "));
    return h("div", { class: "list" }, value.map((v, i) => h("div", { class: "list-item" }, ctx.value(`${key}.${i}`, v))));
  }
  return h("div", { class: "dict" }, Object.entries(value).map(([k, v]) =>
    h("div", { class: "kv" }, h("span", { class: "kv-key" }, ctx.label(k)), ctx.value(k, v))));
}

/**
 * The trick that has just ended, from two views in a row: `{cards: [{seat, card}], taker, title}` or null.
 * The game module knows where its game shows the taken cards (its `lastTrick(before, after)`).
 */
export function lastTrickOf(before, after) {
  const module = gameModule(after.game);
  if (!module.lastTrick || !before || before.game !== after.game) return null;
  return module.lastTrick(before, after);
}

function renderLastTrick(ctx, last) {
  if (!last || !last.cards || !last.cards.length || ctx.view.is_over) return null;
  const title = pick(last.title) || t("table.lastTrick");
  const taker = typeof last.taker === "number" ? last.taker : null;
  return h("details", { class: ["last-trick", last.fresh && "is-fresh"], open: last.fresh || null, dataset: { testid: "last-trick" } },
    h("summary", { class: "section-title" }, title, taker !== null ? [" → ", ctx.badge(taker), " ", ctx.short(taker)] : null),
    h("div", { class: ["trick-cards", last.fresh && "gathering", taker !== null && `to-c${taker % 6}`] },
      last.cards.map((entry) => h("figure", { class: ["trick-entry", typeof entry.seat === "number" && `seat-c${entry.seat % 6}`] },
        ctx.card(entry.card, { small: true, inert: true }),
        typeof entry.seat === "number" ? h("figcaption", {}, ctx.badge(entry.seat), h("span", { class: "caption-name" }, ctx.short(entry.seat))) : null))));
}

/** The end-of-game panel: the engine's `result` (winners first, each seat's parts, the tie-break) when
 * the final observation has one, else the scores, most first, winners marked. */
export function renderScoreboard(frame, extra = []) {
  const { view } = frame;
  const result = frame.result || view.result; // the message's (in words, with names) or the observation's
  if (result && Array.isArray(result.rows)) return renderResult({ ...frame, result }, extra);
  const summary = frame.table;
  const scores = view.scores || [];
  const winners = view.winners || [];
  const lowWins = Boolean(summary && summary.higher_score_wins === false); // the game's declared fact
  const order = scores.map((s, seat) => seat).sort((a, b) => (lowWins ? scores[a] - scores[b] : scores[b] - scores[a]));
  const module = gameModule(view.game);
  return h("section", { class: "scoreboard", dataset: { testid: "scoreboard" } },
    h("h2", {}, t("table.over")),
    h("p", { class: "winners" }, `★ ${t(winners.length > 1 ? "table.winners" : "table.winner")}: `,
      h("strong", {}, winners.map((w) => seatName(summary, w)).join(", ") || "–")),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("table.score")))),
      h("tbody", {}, order.map((seat) => h("tr", { class: winners.includes(seat) ? "is-winner" : "" },
        h("td", { dataset: { testid: winners.includes(seat) ? "winner" : "loser" } }, `${winners.includes(seat) ? "★ " : ""}${seatName(summary, seat)}`),
        h("td", { class: "num" }, formatNumber(scores[seat])))))),
    module.scoreNote ? h("p", { class: "muted" }, pick(module.scoreNote)) : null,
    extra);
}

function renderResult(frame, extra) {
  const { view, table: summary, result } = frame;
  const winners = result.winners || view.winners || [];
  const rows = new Map(result.rows.map((r) => [r.seat, r]));
  const order = (result.order && result.order.length ? result.order : result.rows.map((r) => r.seat));
  const labels = [];
  for (const r of result.rows) for (const part of r.parts || []) if (!labels.includes(part.label)) labels.push(part.label);
  const cell = (row, label) => {
    const parts = (row.parts || []).filter((p) => p.label === label);
    return parts.length ? formatNumber(parts.reduce((sum, p) => sum + p.points, 0)) : "–";
  };
  const module = gameModule(view.game);
  // Parts every seat shares (rounds, colours) make columns; parts of one seat's own (its exempt suits)
  // are listed in the seat's row instead.
  const shared = result.rows.length > 1 && labels.every((l) => result.rows.filter((r) => (r.parts || []).some((p) => p.label === l)).length > 1);
  const columns = shared ? labels : [];
  // Many parts (Megalomania's 12 rounds) are rows, the seats columns: every number and its total in sight,
  // on a laptop and a phone, with no sideways scroll that would leave totals beside numbers unseen.
  const table = columns.length > WIDE_PARTS ? transposedResult(order, rows, columns, cell, winners, summary, view)
    : h("table", { class: "score-table result-table", dataset: { testid: "result" } },
      // the total next to the name: on a phone the parts scroll sideways, and the total must not go with them
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { class: "num" }, t("table.total")),
        columns.map((l) => h("th", { class: "num" }, l)), shared ? null : h("th", {}, ""))),
      h("tbody", {}, order.map((seat) => {
        const row = rows.get(seat) || { parts: [], total: (view.scores || [])[seat] };
        const won = winners.includes(seat);
        return h("tr", { class: won ? "is-winner" : "", dataset: { seat: String(seat) } },
          h("td", { dataset: { testid: won ? "winner" : "loser" } }, won ? "★ " : "", seatBadge(summary, seat), " ", seatName(summary, seat)),
          h("td", { class: "num", dataset: { testid: "total" } }, formatNumber(row.total)),
          columns.map((l) => h("td", { class: "num part" }, cell(row, l))),
          shared ? null : h("td", { class: "parts" }, (row.parts || []).map((p) => h("div", { class: "part-line" },
            h("span", {}, p.label), h("b", {}, formatNumber(p.points))))));
      })));
  return h("section", { class: "scoreboard", dataset: { testid: "scoreboard" } },
    h("h2", {}, t("table.over")),
    h("p", { class: "winners" }, `★ ${t(winners.length > 1 ? "table.winners" : "table.winner")}: `,
      h("strong", { dataset: { testid: "winners" } }, winners.map((w) => seatName(summary, w)).join(", ") || "–")),
    h("div", { class: "table-scroll" }, table),
    result.tiebreak ? h("p", { class: "tiebreak", dataset: { testid: "tiebreak" } }, `⚖ ${result.tiebreak}`) : null,
    module.scoreNote ? h("p", { class: "muted" }, pick(module.scoreNote)) : null,
    extra);
}

const WIDE_PARTS = 4; // more part columns than this and the breakdown turns: parts down, seats across

function transposedResult(order, rows, labels, cell, winners, summary, view) {
  const rowOf = (seat) => rows.get(seat) || { parts: [], total: (view.scores || [])[seat] };
  return h("table", { class: "score-table result-table is-turned", dataset: { testid: "result" } },
    h("thead", {}, h("tr", {}, h("th", {}, ""), order.map((seat) => {
      const won = winners.includes(seat);
      return h("th", { class: ["num seat-col", won && "is-winner"], dataset: { seat: String(seat), testid: won ? "winner" : "loser" },
        title: seatName(summary, seat) }, won ? "★ " : "", seatBadge(summary, seat), " ", h("span", { class: "col-name" }, shortName(summary, seat)));
    }))),
    h("tbody", {},
      h("tr", { class: "total-row" }, h("th", {}, t("table.total")),
        order.map((seat) => h("td", { class: "num", dataset: { testid: "total", seat: String(seat) } }, formatNumber(rowOf(seat).total)))),
      labels.map((label) => h("tr", {}, h("th", { class: "part-label" }, label),
        order.map((seat) => h("td", { class: "num part" }, cell(rowOf(seat), label)))))));
}

/**
 * The game log, newest last: line objects `{i, text, seat, kind, by_standin}` (connections.js
 * `mergeLog`). The text already names the players; `seat` gives the line its seat's colour and a
 * stand-in bot's move is marked. (Lines of a server that still writes seat numbers get names put in.)
 */
export function renderLog(lines, summary, { current = null } = {}) {
  const list = h("ol", { class: "log-lines", dataset: { testid: "log" } },
    (lines || []).map((line) => {
      const item = typeof line === "string" ? { text: line, seat: null, legacy: true } : line;
      const seat = typeof item.seat === "number" ? item.seat : null;
      return h("li", { class: [seat !== null && `seat-c${seat % 6} has-seat`, item.by_standin && "is-standin", current !== null && item.i === current && "is-current"],
        dataset: { kind: item.kind || "" } },
        item.by_standin ? h("span", { class: "tag tag-standin", dataset: { testid: "standin" } }, t("table.standin")) : null,
        item.legacy ? withNames(item.text, summary) : item.text);
    }));
  return h("section", { class: "log" }, h("h3", { class: "section-title" }, t("table.log")), list);
}
