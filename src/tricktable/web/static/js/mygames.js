// My games: the tables this player sits at, on any device — the ones waiting for your move first
// (turn-based play), then those waiting for players, in progress, and finished. The top bar shows how
// many wait for you.

import { me, onMe } from "./account.js";
import { api } from "./api.js";
import { seatName } from "./board.js";
import { roundText } from "./games/index.js";
import { h, mountChanged, shownKey, toast } from "./dom.js";
import { lang, t, titleOf } from "./i18n.js";

const EMPTY = { your_turn: [], waiting: [], playing: [], finished: [] };

/** Show My games in `root`, refreshed every few seconds. Returns `{dispose, relang}`. */
export function myGamesPage(root, navigate) {
  const page = { games: null, timer: 0 };

  async function refresh() {
    try {
      page.games = await api("/api/me/games");
      showTurns(page.games.your_turn.length);
    } catch (error) {
      page.games = page.games || EMPTY;
      toast(error.message, "error");
    }
    draw();
  }

  function section(key, entries, testid) {
    return h("section", { class: ["panel", "games-section", key === "your_turn" && entries.length && "is-turn"], dataset: { testid } },
      h("h2", {}, t(`games.${key}`), " ", h("span", { class: "count" }, String(entries.length))),
      entries.length ? h("div", { class: "table-list" }, entries.map((entry) => gameCard(entry, navigate)))
        : h("p", { class: "muted small" }, t(`games.none.${key}`)));
  }

  function draw() {
    const games = page.games;
    // polled every few seconds: rebuilt only when something shown changed (a click is not lost to it)
    mountChanged(root, shownKey(lang(), me.account, games), () => h("div", { class: "page narrow my-games", dataset: { testid: "my-games" } },
      h("h1", {}, t("games.title")),
      me.account ? null : h("p", { class: "muted small", dataset: { testid: "guest-note" } }, t("games.guestNote"),
        " ", h("a", { href: "/account", "data-link": true }, t("nav.login"))),
      games === null ? h("p", { class: "muted" }, t("table.connecting")) : [
        section("your_turn", games.your_turn, "your-turn"),
        section("waiting", games.waiting, "waiting-games"),
        section("playing", games.playing.filter((e) => !e.your_turn), "playing-games"),
        section("finished", games.finished, "finished-games"),
      ]));
  }

  refresh();
  page.timer = setInterval(refresh, 5000);
  const stop = onMe(refresh);
  draw();
  return { dispose: () => { clearInterval(page.timer); stop(); }, relang: draw };
}

function gameCard(entry, navigate) {
  const table = entry.table;
  const others = (table.seats || []).filter((s) => s.seat !== entry.seat);
  const open = () => navigate(`/tables/${encodeURIComponent(table.id)}`);
  const over = table.status === "over";
  const won = over && (table.winners || []).includes(entry.seat);
  return h("article", { class: ["table-card", entry.your_turn && "is-your-turn"], dataset: { testid: "game-card", id: table.id } },
    h("div", { class: "table-card-head" },
      h("strong", {}, titleOf(table)),
      entry.your_turn ? h("span", { class: "status status-turn", dataset: { testid: "your-turn-mark" } }, `● ${t("table.yourTurn")}`)
        : h("span", { class: `status status-${table.status}` }, t(`table.status.${table.status}`)),
      table.rated ? h("span", { class: "status status-rated" }, t("table.rated")) : null),
    h("div", { class: "small" }, t("games.against", { names: others.map((s) => s.taken ? seatName(table, s.seat) : t("table.free")).join(", ") })),
    h("div", { class: "muted small" }, over
      ? [won ? `★ ${t("games.won")} · ` : "", t("table.score"), " ", String((table.scores || [])[entry.seat] ?? "")]
      : [table.status === "playing" ? roundText(table.game, table.round) : t("table.status.waiting"), " · ",
        t("table.step", { n: table.step })]),
    h("div", { class: "buttons" },
      over ? h("a", { class: "btn", href: `/replays/${encodeURIComponent(table.id)}`, "data-link": true }, t("table.replay"))
        : h("button", { type: "button", class: ["btn", entry.your_turn && "btn-primary"], dataset: { testid: "open-game" }, onclick: open },
          entry.your_turn ? t("games.play") : t("table.open"))));
}

/** The number of games waiting for your move, on the "My games" link of the top bar. */
export function showTurns(count) {
  const badge = document.getElementById("turn-count");
  if (!badge) return;
  badge.textContent = count ? String(count) : "";
  badge.hidden = !count;
}

let turnTimer = 0;

/** Keep the top bar's count of games waiting for you fresh (every 20 s). */
export function watchTurns() {
  const poll = async () => {
    try {
      showTurns((await api("/api/me/games")).your_turn.length);
    } catch {
      // the server is away: the count stays as it was
    }
  };
  clearInterval(turnTimer);
  turnTimer = setInterval(poll, 20000);
  poll();
}
