// Trickster: Champions of Time: roles (leader, Trickster, followers), the pattern, the Trash, each
// tableau by suit, the hero effect under way and what this seat knows, drawn from `table`
// (games/trickster/observe.py). Looks only: fitting cards and effect choices come from the legal list.

import { heroName, parseCard } from "../cards.js";
import { h, mount, tip } from "../dom.js";
import { lang, pick, t } from "../i18n.js";
import { entry, term } from "../reference.js";

const L = {
  pattern: { en: "Pattern", ja: "パターン" },
  lead: { en: "Lead card", ja: "リードのカード" },
  trickster: { en: "Trickster", ja: "トリックスター" },
  follower: { en: "follower", ja: "フォロワー" },
  token: { en: "Trickster token", ja: "トリックスタートークン" },
  deck_size: { en: "Deck", ja: "山札" },
  trash: { en: "Trash", ja: "ゴミ箱" },
  tableaus: { en: "Tableau", ja: "場札" },
  heroes: { en: "Heroes", ja: "ヒーロー" },
  round_scores: { en: "Trouble by round", ja: "ラウンドごとのトラブル" },
  last_buster: { en: "Last bust", ja: "最後にバースト" },
  effect: { en: "Effect", ja: "効果" },
  chosen: { en: "Your opening card", ja: "あなたの最初の場札" },
  known: { en: "What you know", ja: "あなたが知っていること" },
  draft: { en: "Hero draft", ja: "ヒーローのドラフト" },
  turn: { en: "To play", ja: "手番" },
};

const PATTERNS = {
  "same suit": { en: "Same suit", ja: "同じスート" },
  "same hero": { en: "Same hero", ja: "同じヒーロー" },
  "no match": { en: "No match", ja: "どっちも一致しない" },
};

// The effect steps' names (games/trickster/effects.py STEPS) in Japanese.
const STEPS_JA = {
  "keep a revealed card": "公開した1枚を手札にする", "choose whom to rob": "奪う相手を選ぶ", "give a card back": "相手に1枚渡す",
  "move a tableau card into the Pot": "場札1枚をポットに移す", "choose a hand card for the Trash": "ゴミ箱に置く手札を選ぶ",
  "take a Trash card": "ゴミ箱から1枚取る", "pass a card to the left": "左隣に1枚渡す",
  "choose who gets a tableau card": "場札を渡す相手を選ぶ", "move a tableau card to them": "その相手に場札を移す",
  "choose whose tableau to swap with": "場札を入れ替える相手を選ぶ", "choose your tableau card": "自分の場札を選ぶ",
  "take their tableau card": "相手の場札を取る", "choose whose tableau gets a hand card": "手札を置く相手の場を選ぶ",
  "move a hand card to their tableau": "手札をその相手の場に置く", "choose a hand card for the deck": "山札に置く手札を選ぶ",
  "take one of the top 3": "上3枚から1枚取る", "put back the next card from the top": "次のカードを山札の上に戻す",
  "take a tableau card into your hand": "場札1枚を手札に戻す", "put a hand card on the bottom of the deck": "手札1枚を山札の下に置く",
  "take a Trash card into your tableau": "ゴミ箱の1枚を場札にする", "take a Trash card into your hand": "ゴミ箱の1枚を手札にする",
  "choose whose hand to look at": "手札を見る相手を選ぶ",
};

function say(en, ja, vars = {}) {
  const fill = (text) => text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
  return { en: fill(en), ja: fill(ja) };
}

/** Who drafted which hero: drafters go clockwise, so the k-th pick was made k seats before the next drafter. */
export function draftPicks(draft, players) {
  const chosen = draft.chosen || [];
  return chosen.map((hero, k) => ({ hero, seat: (((draft.drafter - (chosen.length - k)) % players) + players) % players }));
}

const HEROES = ["Brigand", "Guard", "Magician", "Nomad", "Peddler", "Revolutionary", "Soldier",
  "Archivist", "Doctor", "Explorer", "Inventor", "Scion", "Scavenger", "Witness"];
const DECKS = ["beginner", "strategist", "random", "draft"];

/** Trickster's deck: a named deck, or exactly 7 heroes ticked one by one. */
function heroPicker(opt, { form, current, set, displayValue }) {
  const explicit = Array.isArray(current);
  const picked = new Set(explicit ? current : []);
  const box = h("div", { class: "hero-picker", dataset: { testid: "hero-picker" } });
  const draw = () => {
    const list = HEROES.filter((name) => picked.has(name));
    mount(box,
      h("span", { class: ["small", list.length === 7 ? "muted" : "error"], dataset: { testid: "hero-count" } }, t("create.heroCount", { n: list.length })),
      h("div", { class: "hero-grid" }, HEROES.map((name) => h("label", { class: ["hero-choice", picked.has(name) && "is-on"] },
        h("input", { type: "checkbox", checked: picked.has(name) || null, dataset: { testid: `hero-${name}` },
          disabled: !picked.has(name) && picked.size >= 7 ? true : null,
          onchange: (event) => {
            if (event.target.checked) picked.add(name);
            else picked.delete(name);
            const chosen = HEROES.filter((n) => picked.has(n));
            if (chosen.length === 7) set(chosen);
            else form.options[opt.name] = chosen; // not yet 7: the server says so if sent
            draw();
          } }),
        heroName(name)))));
  };
  const select = h("select", { dataset: { testid: `option-${opt.name}` }, onchange: (event) => {
    const value = event.target.value;
    if (value === "explicit") {
      form.options[opt.name] = HEROES.filter((n) => picked.has(n));
      box.hidden = false;
      draw();
    } else {
      box.hidden = true;
      set(value);
    }
  } }, DECKS.map((d) => h("option", { value: d, selected: !explicit && current === d }, `${displayValue(d, opt)}${d === opt.default ? ` (${t("create.default")})` : ""}`)),
  h("option", { value: "explicit", selected: explicit }, t("create.explicit")));
  box.hidden = !explicit;
  if (explicit) draw();
  return h("div", { class: "hero-deck" }, select, box);
}

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
  /** What a card does, for its tooltip: its hero's effect (null until the reference has arrived). */
  cardText(text) {
    const card = parseCard(text);
    return card.hero ? entry("trickster", "heroes", card.hero) : null;
  },
  /** The new-table form's control for the `deck` option (null for the others: the form draws those). */
  optionControl(opt, form) {
    return opt.name === "deck" ? heroPicker(opt, form) : null;
  },
  hide: ["heroes", "token", "trickster", "followers", "turn", "pattern", "lead", "trash", "deck_size", "tableaus",
    "round_scores", "rounds", "last_buster", "effect", "chosen", "known", "draft"],
  phases: {
    draft: { en: "Hero draft", ja: "ドラフト" }, opening: { en: "Opening tableau card", ja: "最初の場札" },
    play: { en: "Trick", ja: "トリック" }, effect: { en: "Hero effect", ja: "ヒーローの効果" }, over: { en: "Game over", ja: "終了" },
  },
  hint: { en: "Click a highlighted card.", ja: "光っているカードを選んでください。" },

  prompt(ctx) {
    const { view, me } = ctx;
    const t = view.table || {};
    switch (view.phase) {
      case "draft":
        return say("Hero draft: choose a hero for this game's deck of 7 (its effect is in the reference panel).",
          "ヒーローのドラフト：このゲームで使う7人のヒーローを1人選びます（効果はリファレンスにあります）。");
      case "opening":
        return say("Choose your opening card: everyone chooses at once, in secret; it goes face up into your tableau (no effect) and counts as trouble.",
          "最初のカードを選びます。全員が同時に秘密で選び、表向きで場札に置きます（効果なし）。トラブルとして数えます。");
      case "effect": {
        const e = t.effect || {};
        const about = entry("trickster", "heroes", e.hero);
        const step = lang() === "ja" ? STEPS_JA[e.step] || e.step : e.step;
        return say("{hero}'s effect{about}. Now: {step}.", "{hero}の効果{about}。今すること：{step}。",
          { hero: heroName(e.hero || ""), about: about ? (lang() === "ja" ? `（${about.text}）` : ` (${about.text})`) : "", step });
      }
      case "play": {
        const pattern = pick(PATTERNS[t.pattern]) || t.pattern || "";
        if (!t.lead) return say("You are the Leader: lead any card; its hero's effect happens and the Trickster sets the pattern next.",
          "あなたはリーダー：好きなカードをリードします。ヒーローの効果が起き、次にトリックスターがパターンを決めます。");
        if (t.trickster === me && !t.pattern) return say("You are the Trickster: play a card; it sets the pattern (same suit, same hero or no match) the followers must fit.",
          "あなたはトリックスター：カードを出してパターン（同じスート・同じヒーロー・どっちも一致しない）を決めます。");
        return say("Follow the pattern ({pattern}): play a card that fits. If you cannot, you bust and take the Pot.",
          "パターン（{pattern}）に合うカードを出します。出せなければバーストしてポットを引き取ります。", { pattern });
      }
      default:
        return null;
    }
  },

  /** The pot just taken: the cards new in someone's tableau, each with its player where the last view showed it. */
  lastTrick(before, after) {
    const old = (before.table && before.table.tableaus) || [];
    const now = (after.table && after.table.tableaus) || [];
    let taker = null;
    let gained = [];
    now.forEach((list, seat) => {
      const had = new Set(old[seat] || []);
      const fresh = list.filter((c) => !had.has(c));
      if (fresh.length > gained.length) {
        taker = seat;
        gained = fresh;
      }
    });
    if (gained.length < 2) return null; // one card moved by a hero, not a pot
    const seen = new Map((before.trick || []).map((e) => [e.card, e.seat]));
    return { cards: gained.map((card) => ({ card, seat: seen.has(card) ? seen.get(card) : null })), taker,
      title: { en: "Last pot", ja: "直前のポット" } };
  },
  scoreNote: { en: "Lowest trouble wins.", ja: "トラブルが最も少ない人の勝ち。" },

  info(ctx) {
    const t = ctx.view.table || {};
    const chips = [];
    if (t.pattern) chips.push(h("span", { class: "chip chip-warn", dataset: { testid: "pattern" } }, `${term("trickster", "pattern", L.pattern)}: ${pick(PATTERNS[t.pattern]) || t.pattern}`));
    if (t.lead) chips.push(chip(pick(L.lead), ctx.card(t.lead, { small: true, inert: true })));
    if (t.trickster !== null && t.trickster !== undefined) chips.push(chip(pick(L.trickster), ctx.name(t.trickster)));
    if (t.token) chips.push(h("span", { class: "chip" }, pick(L.token)));
    if (typeof t.deck_size === "number") chips.push(chip(pick(L.deck_size), String(t.deck_size)));
    if (t.rounds) chips.push(chip(lang() === "ja" ? "ラウンド数" : "Rounds", String(t.rounds)));
    if (t.last_buster !== null && t.last_buster !== undefined) chips.push(chip(pick(L.last_buster), ctx.name(t.last_buster)));
    if (t.heroes && t.heroes.length) {
      // one box for the names, so the chip wraps them on a phone
      chips.push(chip(pick(L.heroes), h("span", { class: "hero-names" }, t.heroes.map((hero, k) => h("span", { class: "hero-name" },
        tip(h("span", {}, heroName(hero)), (entry("trickster", "heroes", hero) || {}).text), k < t.heroes.length - 1 ? ", " : "")))));
    }
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
      h("div", { class: "kv" }, h("span", { class: "kv-key" }, `${term("trickster", "tableau", L.tableaus)} (${list.length})`)),
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
        h("p", { class: "plain" }, `${ctx.name(e.player)} · ${lang() === "ja" ? STEPS_JA[e.step] || e.step : e.step}`,
          e.target !== null && e.target !== undefined ? ` → ${ctx.name(e.target)}` : ""),
        e.card ? ctx.card(e.card, { small: true }) : null,
        e.revealed ? cards(ctx, e.revealed) : null,
        e.top ? cards(ctx, e.top) : null));
    }
    if (t.draft) {
      const picks = draftPicks(t.draft, ctx.view.players);
      blocks.push(h("div", { class: "public-block", dataset: { testid: "draft" } }, h("h4", { class: "section-title" }, pick(L.draft)),
        picks.length ? h("ul", { class: "draft-picks" }, picks.map((p) => h("li", { dataset: { seat: String(p.seat) } },
          ctx.badge(p.seat), " ", ctx.name(p.seat), ": ", h("strong", {}, heroName(p.hero))))) : null,
        h("p", { class: "plain" }, lang() === "ja" ? `${ctx.name(t.draft.drafter)}が選ぶ番。残り：` : `${ctx.name(t.draft.drafter)} picks next from: `,
          (t.draft.pool || []).map(heroName).join(", "))));
    }
    blocks.push(h("div", { class: "public-block", dataset: { testid: "trash" } },
      h("h4", { class: "section-title" }, `${term("trickster", "trash", L.trash)} (${(t.trash || []).length})`),
      (t.trash || []).length ? cards(ctx, t.trash) : h("span", { class: "muted" }, "–")));
    return h("div", { class: "public" }, blocks);
  },
};
