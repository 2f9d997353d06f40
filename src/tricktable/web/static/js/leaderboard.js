// The leaderboard: per game, every account and bot level by rating (OpenSkill, docs/protocol.md "Ratings").

import { me, subjectName } from "./account.js";
import { api, loadGames } from "./api.js";
import { h, mount, toast } from "./dom.js";
import { t, titleOf } from "./i18n.js";

/** Show the leaderboard of `game` (the first game when empty) in `root`. */
export function leaderboardPage(root, game) {
  async function draw() {
    let games = [];
    try {
      games = await loadGames();
    } catch (error) {
      toast(error.message, "error");
    }
    const chosen = game || (games[0] && games[0].name);
    let rows = [];
    try {
      if (chosen) rows = (await api(`/api/ratings/${encodeURIComponent(chosen)}`)).rows;
    } catch (error) {
      toast(error.message, "error");
    }
    const tabs = h("nav", { class: "tabs" }, games.map((g) => h("a", {
      href: `/leaderboard/${g.name}`, "data-link": true, class: ["tab", g.name === chosen && "is-on"], dataset: { testid: `board-${g.name}` },
    }, titleOf(g))));
    mount(root, h("div", { class: "page narrow leaderboard", dataset: { testid: "leaderboard" } },
      h("h1", {}, t("board.title")), tabs,
      rows.length ? h("div", { class: "table-scroll" }, h("table", { class: "ratings" },
        h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("board.who")), h("th", {}, t("board.rating")), h("th", {}, t("board.games")))),
        h("tbody", {}, rows.map((row) => h("tr", { class: [row.kind === "bot" && "is-bot", row.you && "is-you"], dataset: { testid: "board-row" } },
          h("td", { class: "num" }, String(row.rank)),
          h("td", {}, subjectName(row), row.you ? h("span", { class: "tag tag-me" }, t("table.you")) : null),
          h("td", { class: "num", dataset: { testid: "board-rating" } }, String(row.rating)),
          h("td", { class: "num" }, String(row.games)))))))
        : h("p", { class: "muted", dataset: { testid: "board-empty" } }, t("board.none")),
      h("p", { class: "muted small" }, t("board.about")),
      me.account ? null : h("p", { class: "small" }, h("a", { href: "/account", "data-link": true }, t("board.join")))));
  }
  draw();
  return { dispose() {}, relang: draw };
}
