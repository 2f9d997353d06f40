// Each game's rules page, from `GET /api/games/{name}/rules?lang=` (Markdown), with its options.

import { api, loadGames } from "./api.js";
import { h, humanize, mount, toast } from "./dom.js";
import { lang, t, titleOf } from "./i18n.js";
import { markdown } from "./markdown.js";

/** Show the rules of `game` (or the list of games when `game` is empty) in `root`. */
export function rulesPage(root, game) {
  async function draw() {
    let games = [];
    try {
      games = await loadGames();
    } catch (error) {
      toast(error.message, "error");
    }
    const tabs = h("nav", { class: "tabs" }, games.map((g) => h("a", {
      href: `/rules/${g.name}`, "data-link": true, class: ["tab", g.name === game && "is-on"],
    }, titleOf(g))));
    if (!game) {
      mount(root, h("div", { class: "page narrow" }, h("h1", {}, t("rules.title")), h("p", {}, t("rules.pick")), tabs));
      return;
    }
    const info = games.find((g) => g.name === game);
    let body;
    try {
      const rules = await api(`/api/games/${encodeURIComponent(game)}/rules`, { query: { lang: lang() } });
      body = markdown(rules.markdown);
    } catch (error) {
      body = h("p", { class: "error" }, error.message);
    }
    mount(root, h("div", { class: "page narrow rules-page", dataset: { testid: "rules" } }, tabs,
      info && info.options && info.options.length ? optionsTable(info) : null, body));
  }
  draw();
  return { dispose() {}, relang: draw };
}

function optionsTable(info) {
  return h("details", { class: "options-table" },
    h("summary", {}, `${t("create.options")} (${info.options.length})`),
    h("div", { class: "table-scroll" }, h("table", {},
      h("tbody", {}, info.options.map((opt) => h("tr", {},
        h("td", {}, h("span", { class: `tag tag-${opt.tag}`, title: t(`create.tag${opt.tag}`) }, t(`create.tagShort${opt.tag}`))),
        h("td", {}, h("code", {}, opt.name), h("br"), h("span", { class: "muted small" }, humanize(opt.name))),
        h("td", {}, h("code", {}, JSON.stringify(opt.default))),
        h("td", {}, opt.doc)))))));
}
