// The lobby: open tables (join, watch, open my seat) and the form that creates a table.

import { contribution } from "./verify.js";
import { clockChoices, controlWords } from "./clock.js";
import { seatName } from "./board.js";
import { accountError, me } from "./account.js";
import { api, heldSeat, holdSeat, loadGames, savedName, saveName } from "./api.js";
import { h, humanize, mount, mountChanged, shownKey, toast } from "./dom.js";
import { gameModule } from "./games/index.js";
import { botName, lang, pick, t, titleOf } from "./i18n.js";

/** Show the lobby in `root`; `navigate(path)` moves to another page. Returns `{dispose, relang}`. */
export function lobbyPage(root, navigate) {
  const page = { games: [], tables: [], form: null, timer: 0, error: null };

  async function refresh() {
    try {
      page.tables = await api("/api/tables");
      page.error = null;
    } catch (error) {
      page.error = error.message;
    }
    drawTables();
  }

  const tablesBox = h("div", { class: "table-list", dataset: { testid: "open-tables" } });
  const formBox = h("div", { class: "create" });

  function drawTables() {  // polled every 5 s: rebuilt only when a table changed (a click is not lost to it)
    const held = page.tables.map((table) => Boolean(heldSeat(table.id)));
    mountChanged(tablesBox, shownKey(lang(), page.error, page.tables, held), () => renderTables(page, navigate));
  }

  function drawForm() {
    if (!page.form) return;
    mount(formBox, renderForm(page, { navigate, redraw: drawForm }));
  }

  function draw() {
    mount(root, h("div", { class: "page lobby" },
      h("section", { class: "hero" }, h("h1", {}, t("lobby.title")), h("p", { class: "muted" }, t("lobby.intro"))),
      h("div", { class: "lobby-grid" },
        h("section", { class: "panel" }, h("h2", {}, t("lobby.create")), formBox),
        h("section", { class: "panel" },
          h("div", { class: "panel-head" }, h("h2", {}, t("lobby.open")),
            h("button", { type: "button", class: "btn btn-ghost", onclick: refresh }, t("lobby.refresh"))),
          tablesBox))));
    drawForm();
    drawTables();
  }

  loadGames().then((games) => {
    page.games = games;
    page.form = page.form || newForm(games[0]);
    drawForm();
  }).catch((error) => toast(error.message, "error"));
  refresh();
  page.timer = setInterval(refresh, 5000);
  draw();
  return { dispose: () => clearInterval(page.timer), relang: draw };
}

// --- creating a table -----------------------------------------------------------------------------

function newForm(game) {
  if (!game) return null;
  const players = Math.min(Math.max(game.min_players, 3), game.max_players);
  return { game: game.name, players, options: {}, seats: defaultSeats(game, players), name: savedName(), seed: "" };
}

function defaultSeats(game, players, old = []) {
  const level = game.default_bot || (game.bots || ["random"])[0];
  return Array.from({ length: players }, (_, i) => old[i] || (i === 0 ? { kind: "human", bot: level } : { kind: "bot", bot: level }));
}

function renderForm(page, { navigate, redraw }) {
  const form = page.form;
  const game = page.games.find((g) => g.name === form.game) || page.games[0];
  const bots = game.bots && game.bots.length ? game.bots : ["random"];
  const gameSelect = h("div", { class: "game-picker", role: "radiogroup" }, page.games.map((g) => h("button", {
    type: "button", role: "radio", "aria-checked": String(g.name === form.game),
    class: ["game-choice", g.name === form.game && "is-on"], dataset: { testid: `game-${g.name}` },
    onclick: () => {
      const fresh = newForm(g);
      fresh.name = form.name;
      page.form = fresh;
      redraw();
    },
  }, h("strong", {}, titleOf(g)), h("span", { class: "muted" }, `${g.min_players}–${g.max_players}`))));
  const playerSelect = h("select", {
    dataset: { testid: "players" }, "aria-label": t("create.players"),
    onchange: (event) => {
      form.players = Number(event.target.value);
      form.seats = defaultSeats(game, form.players, form.seats);
      redraw();
    },
  }, range(game.min_players, game.max_players).map((n) => h("option", { value: n, selected: n === form.players }, String(n))));
  const seatRows = form.seats.map((seat, i) => h("div", { class: "seat-row", dataset: { testid: `seat-row-${i}` } },
    h("span", { class: "seat-label" }, t("game.seat", { n: i + 1 })),
    h("select", {
      dataset: { testid: `seat-kind-${i}` }, "aria-label": t("create.seats"),
      onchange: (event) => {
        seat.kind = event.target.value;
        redraw();
      },
    }, h("option", { value: "human", selected: seat.kind === "human" }, t("create.human")),
    h("option", { value: "bot", selected: seat.kind === "bot" }, t("create.bot"))),
    // A person's seat needs no bot level, except for a stand-in: that one waits under "Advanced".
    seat.kind === "bot" ? botSelect(seat, i, bots) : null,
    seat.kind === "human" && firstHuman(form) === i ? h("span", { class: "tag tag-me" }, t("create.you")) : null));
  const humans = form.seats.map((seat, i) => [seat, i]).filter(([seat]) => seat.kind === "human");
  const advanced = humans.length ? h("details", { class: "advanced", dataset: { testid: "advanced" } },
    h("summary", {}, t("create.advanced")),
    h("p", { class: "muted small" }, t("create.standinLevel")),
    humans.map(([seat, i]) => h("div", { class: "seat-row" }, h("span", { class: "seat-label" }, t("game.seat", { n: i + 1 })),
      botSelect(seat, i, bots, `standin-${i}`)))) : null;
  // An account plays under its own name; a guest types one.
  const nameInput = h("input", { type: "text", value: me.account ? me.account.name : form.name, maxlength: 24,
    dataset: { testid: "create-name" }, disabled: Boolean(me.account),
    placeholder: t("create.name"), "aria-label": t("create.name"), oninput: (event) => { form.name = event.target.value; } });
  const rated = me.account
    ? h("label", { class: "field rated-field" }, h("span", { class: "option-head" },
      h("input", { type: "checkbox", checked: form.rated || null, dataset: { testid: "create-rated" },
        onchange: (event) => { form.rated = event.target.checked; } }), t("create.rated")),
      h("span", { class: "muted small rated-note" }, t("create.ratedNote")))
    : h("p", { class: "muted small", dataset: { testid: "rated-login" } },
      h("a", { href: "/account", "data-link": true }, t("create.ratedLogin")));
  const seedInput = h("input", { type: "number", value: form.seed, min: 0, dataset: { testid: "create-seed" },
    "aria-label": t("create.seed"), oninput: (event) => { form.seed = event.target.value; } });
  const options = game.options || [];
  const clockSelect = h("select", { dataset: { testid: "create-clock" }, "aria-label": t("create.clock"),
    onchange: (event) => { form.clock = event.target.value; } },
  clockChoices().map(([value, words]) => h("option", { value, selected: value === (form.clock || "none") }, words)));
  return h("form", {
    class: "create-form", dataset: { testid: "create-form" },
    onsubmit: (event) => {
      event.preventDefault();
      create(page, game, navigate);
    },
  },
  h("label", { class: "field" }, h("span", {}, t("create.game")), gameSelect),
  gameModule(game.name).blurb ? h("p", { class: "muted small blurb" }, pick(gameModule(game.name).blurb)) : null,
  h("div", { class: "learn-row" },
    h("button", { type: "button", class: "btn", dataset: { testid: `learn-${game.name}` }, onclick: () => learn(page, game, navigate) },
      `${t("learn.button")}: ${titleOf(game)}`),
    h("span", { class: "muted small" }, t("learn.about"))),
  h("div", { class: "field-row" },
    h("label", { class: "field" }, h("span", {}, t("create.players")), playerSelect),
    h("label", { class: "field grow" }, h("span", {}, t("create.name")), nameInput)),
  h("fieldset", { class: "field" }, h("legend", {}, t("create.seats")), seatRows, advanced),
  h("label", { class: "field" }, h("span", {}, t("create.clock")), clockSelect),
  rated,
  h("details", { class: "options", open: options.length <= 4 ? true : null },
    h("summary", {}, `${t("create.options")} (${options.length})`),
    options.length ? options.filter((o) => o.default !== null).map((opt) => optionField(form, opt)) : h("p", { class: "muted" }, t("create.noOptions")),
    // Options that fix the deal or the first leader make a practice table: kept apart, closed.
    options.some((o) => o.default === null) ? h("details", { class: "setup-options", dataset: { testid: "setup-options" } },
      h("summary", {}, t("create.setup")),
      options.filter((o) => o.default === null).map((opt) => optionField(form, opt))) : null,
    h("label", { class: "field" }, h("span", {}, t("create.seed")), seedInput)),
  h("div", { class: "buttons" },
    h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: "create" } }, t("create.submit")),
    h("a", { class: "btn btn-ghost", href: `/rules/${game.name}`, "data-link": true }, t("create.rules", { game: titleOf(game) }))));
}

function botSelect(seat, i, bots, testid = `seat-bot-${i}`) {
  return h("select", {
    dataset: { testid }, "aria-label": t("create.bot"),
    onchange: (event) => {
      seat.bot = event.target.value;
    },
  }, bots.map((b) => h("option", { value: b, selected: b === seat.bot }, botName(b))));
}

function firstHuman(form) {
  return form.seats.findIndex((s) => s.kind === "human");
}

function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** One option's control, with its [P]/[D] tag and its description. */
function optionField(form, opt) {
  const current = opt.name in form.options ? form.options[opt.name] : opt.default;
  const set = (value) => {
    if (JSON.stringify(value) === JSON.stringify(opt.default)) delete form.options[opt.name];
    else form.options[opt.name] = value;
  };
  let control;
  const testid = `option-${opt.name}`;
  // a game may draw an option of its own (Trickster's deck: a named deck or seven heroes ticked)
  const own = gameModule(form.game).optionControl?.(opt, { form, current, set, displayValue });
  if (own) {
    control = own;
  } else if (opt.choices && opt.choices.length) {
    control = h("select", { dataset: { testid }, onchange: (event) => set(opt.choices[Number(event.target.value)]) },
      opt.choices.map((c, i) => h("option", { value: i, dataset: { value: JSON.stringify(c) }, selected: JSON.stringify(c) === JSON.stringify(current) },
        `${displayValue(c, opt)}${JSON.stringify(c) === JSON.stringify(opt.default) ? ` (${t("create.default")})` : ""}`)));
  } else if (typeof opt.default === "boolean") {
    control = h("input", { type: "checkbox", checked: current ? true : null, dataset: { testid },
      onchange: (event) => set(event.target.checked) });
  } else if (typeof opt.default === "number") {
    control = h("input", { type: "number", value: current, dataset: { testid },
      oninput: (event) => set(event.target.value === "" ? opt.default : Number(event.target.value)) });
  } else if (typeof opt.default === "string") {
    control = h("input", { type: "text", value: current, dataset: { testid }, oninput: (event) => set(event.target.value) });
  } else if (Array.isArray(opt.default) && opt.default.every((v) => typeof v !== "object")) {
    // A flat list reads as words with commas ("extra-crystal, insight" or "3, -2, 1"), not as JSON.
    // the server says the item type ("int"): an empty default ("First missions") must still send numbers
    const numbers = opt.items === "int" || (opt.default.length > 0 && opt.default.every((v) => typeof v === "number"));
    control = h("input", { type: "text", value: (current || []).join(", "), dataset: { testid },
      placeholder: t("create.none"), class: "list-input",
      onchange: (event) => {
        const { values, bad } = listValues(event.target.value, numbers, opt.bounds);
        event.target.classList.toggle("is-bad", bad !== null);
        const said = event.target.closest(".option").querySelector(".option-error");
        said.textContent = bad === null ? "" : t("create.badNumber", { item: bad, low: opt.bounds[0], high: opt.bounds[1] });
        said.hidden = bad === null;
        if (bad === null) set(values);
      } });
  } else {
    control = h("input", { type: "text", value: current === null ? "" : JSON.stringify(current), dataset: { testid }, class: "mono",
      placeholder: current === null ? t("create.none") : null,
      onchange: (event) => {
        try {
          set(event.target.value.trim() === "" ? null : JSON.parse(event.target.value));
          event.target.classList.remove("is-bad");
        } catch {
          event.target.classList.add("is-bad");
        }
      } });
  }
  const tag = opt.tag === "P" ? "P" : "D";
  const words = opt.words || {};
  const title = pick(words.label) || humanize(opt.name);
  const doc = pick(words.doc) || opt.doc;
  return h("div", { class: "option", dataset: { option: opt.name } },
    h(own ? "div" : "label", { class: "option-head" },
      h("span", { class: "option-name" }, title),
      h("span", { class: `tag tag-${tag}`, title: t(`create.tag${tag}`), dataset: { testid: "option-tag" } }, t(`create.tagShort${tag}`)),
      control),
    h("p", { class: "option-error error small", role: "alert", hidden: true, dataset: { testid: `option-error-${opt.name}` } }),
    doc ? h("p", { class: "option-doc muted" }, doc) : null);
}

/** A typed list ("13, 15 24、25") as values: `{values, bad}`, `bad` the first item that is not a whole number
 * within `bounds` (when `numbers`), else null. */
export function listValues(text, numbers, bounds = [-1000, 1000]) {
  const items = String(text).split(/[,、，\s]+/).filter(Boolean);
  if (!numbers) return { values: items, bad: null };
  const bad = items.find((item) => !/^[-+]?\d+$/.test(item) || Number(item) < bounds[0] || Number(item) > bounds[1]);
  return { values: items.map(Number), bad: bad === undefined ? null : bad };
}

/** A value as players read it: the game's words for it when the server sends them (`opt.words.values`). */
function displayValue(value, opt = {}) {
  const words = opt.words && opt.words.values ? opt.words.values[String(value)] : null;
  if (words) return pick(words);
  if (value === null) return t("create.none");
  if (value === true) return t("create.yes");
  if (value === false) return t("create.no");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value).replace(/_/g, " ");
}

async function create(page, game, navigate) {
  const form = page.form;
  const name = me.account ? me.account.name : (form.name || "").trim() || t("create.guest");
  if (!me.account) saveName(name);
  const body = {
    game: game.name, players: form.players, options: form.options,
    seats: form.seats.map((s) => ({ kind: s.kind, bot: s.bot })),
  };
  if (me.account && form.rated) body.rated = true;
  if (form.seed !== "" && form.seed !== undefined) body.seed = Number(form.seed);
  if (form.clock && form.clock !== "none") body.clock = form.clock;
  try {
    const summary = await api("/api/tables", { method: "POST", body });
    const mine = firstHuman(form);
    if (mine >= 0) {
      const result = await api(`/api/tables/${encodeURIComponent(summary.id)}/seats/${mine}`, { method: "POST", body: { name, contribution: contribution() } });
      holdSeat(summary.id, result.seat, result.token, name);
    }
    navigate(`/tables/${encodeURIComponent(summary.id)}`);
  } catch (error) {
    toast(accountError(error), "error");
  }
}

/** "Learn to play": the game's guided practice table (`GET /api/tutorials`: its seats, deal and seed), the
 * person at seat 0 and heuristic bots elsewhere; the table opens with its guide (`?learn=1`). */
async function learn(page, game, navigate) {
  const form = page.form;
  const name = me.account ? me.account.name : (form.name || "").trim() || t("create.guest");
  if (!me.account) saveName(name);
  try {
    const setup = (await api("/api/tutorials"))[game.name];
    const seats = Array.from({ length: setup.players }, (_, i) => (i === 0 ? { kind: "human", bot: setup.bot } : { kind: "bot", bot: setup.bot }));
    const summary = await api("/api/tables", { method: "POST", body: { game: game.name, players: setup.players, options: setup.options, seats, seed: setup.seed } });
    const result = await api(`/api/tables/${encodeURIComponent(summary.id)}/seats/0`, { method: "POST", body: { name } });
    holdSeat(summary.id, result.seat, result.token, name);
    navigate(`/tables/${encodeURIComponent(summary.id)}?learn=1`);
  } catch (error) {
    toast(accountError(error), "error");
  }
}

// --- open tables ----------------------------------------------------------------------------------

function renderTables(page, navigate) {
  if (page.error) return h("p", { class: "error" }, t("error.network"));
  if (!page.tables.length) return h("p", { class: "muted" }, t("lobby.none"));
  return page.tables.map((table) => {
    // a seat this browser holds the token of, or one the account (or guest) holds on any device
    const held = heldSeat(table.id) || (Number.isInteger(table.your_seat) ? { seat: table.your_seat } : null);
    const free = (table.seats || []).filter((s) => s.kind === "human" && !s.taken);
    const go = () => navigate(`/tables/${encodeURIComponent(table.id)}`);
    return h("article", { class: "table-card", dataset: { testid: "table-card", id: table.id } },
      h("div", { class: "table-card-head" },
        h("strong", {}, titleOf(table)),
        table.practice ? h("span", { class: "status status-practice" }, t("table.practice")) : null,
        table.rated ? h("span", { class: "status status-rated" }, t("table.rated")) : null,
        h("span", { class: `status status-${table.status}` }, t(`table.status.${table.status}`))),
      h("div", { class: "muted small" }, [t("table.players", { n: table.players }),
        table.status !== "waiting" ? t("table.round", { n: table.round }) : null,
        t("table.step", { n: table.step })].filter(Boolean).join(" · ")),
      table.clock ? h("div", { class: "muted small", dataset: { testid: "table-clock" } }, controlWords(table.clock)) : null,
      h("ul", { class: "seat-list" }, (table.seats || []).map((s) => h("li", { class: s.taken || s.kind === "bot" ? "" : "is-free" },
        s.taken || s.kind === "bot" ? seatName(table, s.seat) : t("table.free")))),
      h("div", { class: "buttons" },
        held ? h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "open-table" }, onclick: go }, t("table.open")) : null,
        !held && free.length ? h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "join-table" }, onclick: go }, t("table.join")) : null,
        h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "watch-table" }, onclick: go }, t("table.spectate"))));
  });
}
