// Trickster: Champions of Time: roles (leader, Trickster, followers), the pattern, the Trash, each
// tableau by suit, the hero effect under way and what this seat knows, drawn from `table`
// (games/trickster/observe.py). Looks only: fitting cards and effect choices come from the legal list.

import { heroName, parseCard } from "../cards.js";
import { h } from "../dom.js";
import { lang, pick } from "../i18n.js";

const L = {
  pattern: { en: "Pattern", ja: "パターン" },
  lead: { en: "Lead card", ja: "リードのカード" },
  trickster: { en: "Trickster", ja: "トリックスター" },
  follower: { en: "follower", ja: "フォロワー" },
  token: { en: "Trickster token", ja: "トリックスタートークン" },
  deck_size: { en: "Deck", ja: "山札" },
  trash: { en: "Trash", ja: "捨て札" },
  tableaus: { en: "Tableau", ja: "タブロー" },
  heroes: { en: "Heroes", ja: "ヒーロー" },
  round_scores: { en: "Trouble by round", ja: "ラウンドごとのトラブル" },
  last_buster: { en: "Last bust", ja: "最後にバスト" },
  effect: { en: "Effect", ja: "効果" },
  chosen: { en: "Your opening card", ja: "あなたの最初のタブローカード" },
  known: { en: "What you know", ja: "あなたが知っていること" },
  draft: { en: "Hero draft", ja: "ヒーローのドラフト" },
  turn: { en: "To play", ja: "手番" },
};

const PATTERNS = {
  "same suit": { en: "Same suit", ja: "同じスート" },
  "same hero": { en: "Same hero", ja: "同じヒーロー" },
  "no match": { en: "No match", ja: "ノーマッチ" },
};

function chip(label, ...value) {
  return h("span", { class: "chip" }, h("span", { class: "kv-key" }, label), " ", value);
}

function cards(ctx, list, extra = {}) {
  return h("div", { class: "card-row card-row-small" }, list.map((c) => ctx.card(c, { small: true, ...extra })));
}

/** A tableau as suit groups: the count of each suit matters for scoring, so it is shown. */
function tableau(ctx, list) {
  if (!list || !list.length) return h("span", { class: "muted" }, "–");
  const groups = new Map();
  for (const c of list) {
    const suit = parseCard(c).colour || "?";
    if (!groups.has(suit)) groups.set(suit, []);
    groups.get(suit).push(c);
  }
  return h("div", { class: "won-groups" }, [...groups].map(([suit, group]) => h("div", { class: "won-group" },
    h("span", { class: `won-count c-${suit}` }, String(group.length)), cards(ctx, group))));
}

export default {
  blurb: { en: "Every card played sets off its hero. The first follower who cannot fit the pattern busts and takes the pot: lowest trouble wins.",
    ja: "出したカードのヒーローの効果が必ず起きる。パターンに合わせられない最初のフォロワーがバーストしてポットを引き取る。トラブルが最も少ない人の勝ち。" },
  labels: L,
  hide: ["heroes", "token", "trickster", "followers", "turn", "pattern", "lead", "trash", "deck_size", "tableaus",
    "round_scores", "rounds", "last_buster", "effect", "chosen", "known", "draft"],
  phases: {
    draft: { en: "Hero draft", ja: "ドラフト" }, opening: { en: "Opening tableau card", ja: "最初のタブロー" },
    play: { en: "Trick", ja: "トリック" }, effect: { en: "Hero effect", ja: "ヒーローの効果" }, over: { en: "Game over", ja: "終了" },
  },
  hint: { en: "Click a highlighted card.", ja: "光っているカードを選んでください。" },
  scoreNote: { en: "Lowest trouble wins.", ja: "トラブルが最も少ない人の勝ち。" },

  info(ctx) {
    const t = ctx.view.table || {};
    const chips = [];
    if (t.pattern) chips.push(h("span", { class: "chip chip-warn", dataset: { testid: "pattern" } }, `${pick(L.pattern)}: ${pick(PATTERNS[t.pattern]) || t.pattern}`));
    if (t.lead) chips.push(chip(pick(L.lead), ctx.card(t.lead, { small: true, inert: true })));
    if (t.trickster !== null && t.trickster !== undefined) chips.push(chip(pick(L.trickster), ctx.name(t.trickster)));
    if (t.token) chips.push(h("span", { class: "chip" }, pick(L.token)));
    if (typeof t.deck_size === "number") chips.push(chip(pick(L.deck_size), String(t.deck_size)));
    if (t.rounds) chips.push(chip(lang() === "ja" ? "ラウンド数" : "Rounds", String(t.rounds)));
    if (t.last_buster !== null && t.last_buster !== undefined) chips.push(chip(pick(L.last_buster), ctx.name(t.last_buster)));
    if (t.heroes && t.heroes.length) chips.push(chip(pick(L.heroes), t.heroes.map(heroName).join(", ")));
    return chips;
  },

  seat(ctx, seat) {
    const t = ctx.view.table || {};
    const tags = [];
    if (t.trickster === seat) tags.push(h("span", { class: "tag tag-leader" }, pick(L.trickster)));
    if ((t.followers || []).includes(seat)) tags.push(h("span", { class: "tag" }, pick(L.follower)));
    const list = (t.tableaus || [])[seat] || [];
    const rows = (t.round_scores || []).map((r) => r[seat]);
    return h("div", { class: "seat-info" },
      tags.length ? h("div", { class: "seat-flags" }, tags) : null,
      h("div", { class: "kv" }, h("span", { class: "kv-key" }, `${pick(L.tableaus)} (${list.length})`)),
      tableau(ctx, list),
      rows.length ? h("div", { class: "kv small" }, h("span", { class: "kv-key" }, pick(L.round_scores)), rows.join(" + ")) : null);
  },

  trickBadges(entry) {
    return entry.moved ? [lang() === "ja" ? "移動" : "moved"] : [];
  },

  handExtras(ctx) {
    const t = ctx.view.table || {};
    const rows = [];
    if (t.chosen) rows.push(h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.chosen)), ctx.card(t.chosen, { small: true, inert: true })));
    const known = t.known || {};
    const hands = Object.entries(known.hands || {});
    const deck = known.deck || [];
    if (hands.length || deck.length) {
      rows.push(h("details", { class: "known" }, h("summary", {}, pick(L.known)),
        hands.map(([seat, list]) => h("div", { class: "kv" }, h("span", { class: "kv-key" }, ctx.name(Number(seat))), cards(ctx, list, { inert: true }))),
        deck.length ? h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.deck_size)),
          deck.map((d) => h("span", { class: "deck-known" }, `${d.depth + 1}:`, ctx.card(d.card, { small: true, inert: true })))) : null));
    }
    return rows.length ? h("div", { class: "hand-extras" }, rows) : null;
  },

  centre(ctx) {
    const t = ctx.view.table || {};
    const blocks = [];
    if (t.effect) {
      const e = t.effect;
      blocks.push(h("div", { class: "public-block effect", dataset: { testid: "effect" } },
        h("h4", { class: "section-title" }, `${pick(L.effect)}: ${heroName(e.hero)}`),
        h("p", { class: "plain" }, `${ctx.name(e.player)} · ${e.step}`,
          e.target !== null && e.target !== undefined ? ` → ${ctx.name(e.target)}` : ""),
        e.card ? ctx.card(e.card, { small: true }) : null,
        e.revealed ? cards(ctx, e.revealed) : null,
        e.top ? cards(ctx, e.top) : null));
    }
    if (t.draft) {
      blocks.push(h("div", { class: "public-block" }, h("h4", { class: "section-title" }, pick(L.draft)),
        h("p", { class: "plain" }, `${ctx.name(t.draft.drafter)}: `, (t.draft.pool || []).map(heroName).join(", "))));
    }
    blocks.push(h("div", { class: "public-block", dataset: { testid: "trash" } },
      h("h4", { class: "section-title" }, `${pick(L.trash)} (${(t.trash || []).length})`),
      (t.trash || []).length ? cards(ctx, t.trash) : h("span", { class: "muted" }, "–")));
    return h("div", { class: "public" }, blocks);
  },
};
