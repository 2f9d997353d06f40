// The table's side panel: the game's rules and its quick reference (powers, scrolls, missions, heroes,
// special cards), read beside the board so that looking something up never leaves the table.

import { api } from "./api.js";
import { h, mount } from "./dom.js";
import { lang, t } from "./i18n.js";
import { markdown } from "./markdown.js";
import { reference } from "./reference.js";

const rulesCache = new Map();

function rulesText(game) {
  const key = `${game}:${lang()}`;
  if (!rulesCache.has(key)) {
    rulesCache.set(key, api(`/api/games/${encodeURIComponent(game)}/rules`, { query: { lang: lang() } })
      .then((r) => r.markdown).catch((error) => `**${error.message}**`));
  }
  return rulesCache.get(key);
}

let tab = "reference"; // the tab last looked at, kept while the app runs

/** The panel for `game`: `{onClose, view}`; `view` marks the current mission. */
export function renderPanel(game, { onClose, view }) {
  const body = h("div", { class: "side-panel-body" });
  const tabs = h("div", { class: "tabs" });
  const show = (which) => {
    tab = which;
    mount(tabs, ["reference", "rules"].map((k) => h("button", {
      type: "button", class: ["tab", k === tab && "is-on"], dataset: { testid: `panel-${k}` }, onclick: () => show(k),
    }, t(`panel.${k}`))));
    mount(body, h("p", { class: "muted" }, t("table.connecting")));
    if (which === "rules") {
      rulesText(game).then((text) => tab === "rules" && mount(body, markdown(text)));
    } else {
      const fill = (data) => tab === "reference" && mount(body, referenceBody(data, view));
      const data = reference(game, fill);
      if (data) fill(data);
    }
  };
  show(tab);
  return h("aside", { class: "side-panel", dataset: { testid: "side-panel" }, role: "dialog", "aria-label": t("table.rules") },
    h("div", { class: "side-panel-head" }, tabs,
      h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "close-panel" }, onclick: onClose }, "✕ ", t("panel.close"))),
    body);
}

function referenceBody(data, view) {
  if (!data || !data.sections.length) return h("p", { class: "muted" }, "–");
  const mission = view && view.table && view.table.mission ? String(view.table.mission.number) : null;
  return h("div", { class: "reference", dataset: { testid: "reference" } }, data.sections.map((section) =>
    h("section", { class: "reference-section" }, h("h3", {}, section.title),
      h("dl", {}, section.items.map((item) => [
        h("dt", { class: section.key === "missions" && item.key === mission ? "is-current" : "" }, item.name,
          item.tag ? h("span", { class: `tag tag-${item.tag}`, title: t(`create.tag${item.tag}`) }, t(`create.tagShort${item.tag}`)) : null),
        h("dd", {}, item.text)])))));
}
