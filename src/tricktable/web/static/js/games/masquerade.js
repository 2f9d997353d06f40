// Gundam Masquerade: won piles by colour, the lead colour, challenges and the taking, drawn from the
// observation's `table` (games/masquerade/rules.py `_observe`). Looks only: no rule is decided here.

import { cardTitle, colourChip, colourName } from "../cards.js";
import { h } from "../dom.js";
import { lang, pick } from "../i18n.js";
import { entry, term } from "../reference.js";

const ORDER = "RKBG";
const LETTER_COLOUR = { R: "red", K: "black", B: "blue", G: "green" };

// The cards with a gold-framed effect or an end-game bonus (rules: Special cards): drawn framed.
const SPECIALS = new Set(["R11", "B16", "K6", "G13", "K13", "G6", "R1", "B2", "G1", "R3", "K1", "B1"]);

const L = {
  won: { en: "Won", ja: "獲得" },
  known_in_hand: { en: "Known in hand", ja: "手札に戻ったカード" },
  void: { en: "Has no", ja: "持っていない色" },
  lead_colour: { en: "Lead colour", ja: "リードカラー" },
  out_of_game: { en: "Out of the game", ja: "ゲーム外" },
  b16: { en: "B16: reversed turn", ja: "B16：大小逆転中" },
  previous: { en: "Last turn", ja: "前のターン" },
  challenge: { en: "Challenge", ja: "チャレンジ" },
  taking: { en: "Taking", ja: "仮面テイキング" },
};

function sortCards(cards) {
  return [...cards].sort((a, b) => ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]) || Number(a.slice(1)) - Number(b.slice(1)));
}

function wonPile(ctx, cards) {
  if (!cards || !cards.length) return h("span", { class: "muted" }, "–");
  const groups = ORDER.split("").map((letter) => sortCards(cards.filter((c) => c[0] === letter))).filter((g) => g.length);
  return h("div", { class: "won-groups" }, groups.map((group) => h("div", { class: "won-group" },
    h("span", { class: `won-count c-${LETTER_COLOUR[group[0][0]]}` }, String(group.length)),
    h("div", { class: "card-row card-row-small" }, group.map((c) => ctx.card(c, { small: true }))))));
}

function line(ctx, en, ja) {
  return lang() === "ja" ? ja : en;
}

export default {
  blurb: { en: "Play any card, but if you could have followed you may be challenged. The lowest card picks one, the highest takes the rest.",
    ja: "どのカードを出してもよいが、フォローできたのにしないとチャレンジされるかも。最小の人が1枚選び、最大の人が残りを取る。" },
  labels: L,
  specials: SPECIALS,
  /** What a card does, for its tooltip: its effect and its end-game bonus, from the reference. */
  cardText(text) {
    const effect = entry("masquerade", "effects", text);
    const bonus = entry("masquerade", "bonuses", text);
    if (effect && bonus) return { ...effect, text: `${effect.text} · ${bonus.text}` };
    return effect || bonus;
  },
  // the rules count turns, one trick each, and no rounds
  roundWords: { en: "Turn {n}", ja: "第{n}ターン" },
  roundIsTrick: true,
  perSeat: ["won", "known_in_hand", "void"],
  hide: ["won", "known_in_hand", "void", "turn_player", "options", "challenge", "taking", "previous", "lead_colour", "b16", "out_of_game"],
  phases: {
    play: { en: "Play", ja: "カードを出す" }, challenge: { en: "Challenge?", ja: "チャレンジ？" },
    replay: { en: "Play a following card", ja: "リードカラーを出し直す" }, option: { en: "Choose the penalty", ja: "ペナルティを選ぶ" },
    colour: { en: "Choose a colour", ja: "色を選ぶ" }, pick: { en: "Move cards", ja: "カードを移す" },
    target: { en: "Choose a card to change", ja: "数を変えるカードを選ぶ" }, take: { en: "Take a card", ja: "カードを取る" },
    over: { en: "Game over", ja: "終了" },
  },
  hint: { en: "Click a highlighted card.", ja: "光っているカードを選んでください。" },

  prompt(ctx) {
    const { view } = ctx;
    const t = view.table || {};
    const c = t.challenge || {};
    const who = (seat) => (typeof seat === "number" ? ctx.name(seat) : "");
    const lead = t.lead_colour ? colourName(LETTER_COLOUR[t.lead_colour] || t.lead_colour) : "";
    const say = (en, ja) => (lang() === "ja" ? ja : en);
    switch (view.phase) {
      case "play":
        return (view.trick || []).length
          ? say(`Play any card. Following ${lead} is safe; a card of another colour may be challenged if you could have followed.`,
            `どのカードでも出せます。${lead}を出せば安全。フォローできたのに別の色を出すとチャレンジされることがあります。`)
          : say("You lead: play any card; its colour becomes the lead colour.", "あなたのリード：好きなカードを出します。その色がリードカラーになります。");
      case "challenge":
        return say(`${who(c.challenged)} did not follow ${lead}. Challenge? If they could have followed, you choose A or B; if not, they choose C or D.`,
          `${who(c.challenged)}は${lead}をフォローしませんでした。チャレンジしますか？ フォローできたならあなたがAかBを、できなかったなら相手がCかDを選びます。`);
      case "replay":
        return say(`Your challenge was right: play a card of ${lead} instead; the other card goes back to your hand.`,
          `チャレンジ成功：代わりに${lead}のカードを出します。元のカードは手札に戻ります。`);
      case "option":
        return say("Choose how the challenge is settled: each option moves 0-3 won cards of one colour between the two of you.",
          "チャレンジの決着を選びます：どのオプションも、2人の間で1色の獲得カードを0〜3枚移します。");
      case "colour":
        return say("Choose the colour of the won cards to move (or stop moving cards).", "移す獲得カードの色を選びます（やめることもできます）。");
      case "pick":
        return say("Click a won card to move it, or stop.", "移す獲得カードをクリックします。やめることもできます。");
      case "target":
        return say("Choose the card played this turn whose number your card changes.", "このターンに出たカードから、数を変えるものを選びます。");
      case "take":
        return say("You played the lowest card: take one card of this turn; the highest card's player takes the rest.",
          "最小のカードを出しました：このターンのカードを1枚取ります。最大の人が残りを取ります。");
      default:
        return null;
    }
  },

  /** Why the hand waits in a step decided by buttons. */
  waitReason(ctx) {
    if (ctx.view.phase !== "challenge") return null;
    const c = (ctx.view.table || {}).challenge || {};
    const who = typeof c.challenged === "number" ? ctx.name(c.challenged) : "";
    return { en: `A challenge is open: decide whether to challenge ${who} (or pass) before any card is played.`,
      ja: `チャレンジの判断中です：カードを出す前に、${who}にチャレンジするかパスするかを決めてください。` };
  },

  info(ctx) {
    const t = ctx.view.table || {};
    const chips = [];
    if (t.lead_colour) chips.push(h("span", { class: "chip", dataset: { testid: "lead-colour" } }, term("masquerade", "lead_colour", L.lead_colour), ": ", colourChip(t.lead_colour)));
    if (t.b16) chips.push(h("span", { class: "chip chip-warn" }, pick(L.b16)));
    if (typeof t.out_of_game === "number") chips.push(h("span", { class: "chip" }, `${pick(L.out_of_game)}: ${t.out_of_game}`));
    return chips;
  },

  seat(ctx, seat) {
    const t = ctx.view.table || {};
    const won = (t.won || [])[seat] || [];
    const known = (t.known_in_hand || [])[seat] || [];
    const none = (t.void || [])[seat] || [];
    return h("div", { class: "seat-info" },
      h("div", { class: "kv" }, h("span", { class: "kv-key" }, `${pick(L.won)} (${won.length})`)),
      wonPile(ctx, won),
      // My own returned cards are in my hand already (marked there): shown once, not twice.
      known.length && seat !== ctx.me ? h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.known_in_hand)),
        h("div", { class: "card-row card-row-small" }, known.map((c) => ctx.card(c, { small: true })))) : null,
      none.length ? h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.void)), none.map((c) => colourChip(LETTER_COLOUR[c] || c))) : null);
  },

  handBadges(ctx, card) {
    const known = ctx.me !== null ? ((ctx.view.table || {}).known_in_hand || [])[ctx.me] || [] : [];
    return known.includes(card) ? [lang() === "ja" ? "公開" : "shown"] : [];
  },

  trickBadges(entry) {
    const badges = [];
    const printed = Number(String(entry.card).slice(1));
    if (typeof entry.number === "number" && entry.number !== printed) badges.push(`= ${entry.number}`);
    if (entry.follows === false) badges.push(lang() === "ja" ? "色違い" : "off colour");
    return badges;
  },

  centre(ctx) {
    const t = ctx.view.table || {};
    const blocks = [];
    const c = t.challenge;
    if (c) {
      const parts = [];
      if (c.challenger === null || c.challenger === undefined) {
        parts.push(line(ctx, `${ctx.name(c.challenged)}'s card may be challenged.`, `${ctx.name(c.challenged)}のカードにチャレンジできます。`));
      } else {
        parts.push(line(ctx, `${ctx.name(c.challenger)} challenged ${ctx.name(c.challenged)}: `, `${ctx.name(c.challenger)}が${ctx.name(c.challenged)}にチャレンジ：`));
        parts.push(c.success ? line(ctx, "success", "成功") : line(ctx, "failure", "失敗"));
        if (c.option) parts.push(line(ctx, ` · option ${c.option}`, ` · オプション${c.option}`));
        if (c.giver !== null && c.giver !== undefined && c.option) {
          parts.push(line(ctx, ` (${ctx.name(c.giver)} → ${ctx.name(c.receiver)})`, `（${ctx.name(c.giver)}→${ctx.name(c.receiver)}）`));
        }
      }
      blocks.push(h("div", { class: "public-block", dataset: { testid: "challenge" } },
        h("h4", { class: "section-title" }, term("masquerade", "challenge", L.challenge)), h("p", { class: "plain" }, parts.join("")),
        c.colour ? h("div", { class: "kv" }, colourChip(LETTER_COLOUR[c.colour] || c.colour)) : null,
        c.moved && c.moved.length ? h("div", { class: "card-row card-row-small" }, c.moved.map((x) => ctx.card(x, { small: true, inert: true }))) : null));
    }
    if (t.taking) {
      blocks.push(h("div", { class: "public-block" }, h("h4", { class: "section-title" }, term("masquerade", "taking", L.taking)),
        h("p", { class: "plain" }, line(ctx,
          `${ctx.name(t.taking.picker)} picks one card; ${ctx.name(t.taking.taker)} takes the rest.`,
          `${ctx.name(t.taking.picker)}が1枚選び、${ctx.name(t.taking.taker)}が残りを取ります。`))));
    }
    if (t.previous && t.previous.cards && t.previous.cards.length) {
      blocks.push(h("details", { class: "public-block previous", open: !(ctx.view.trick || []).length || null },
        h("summary", { class: "section-title" }, pick(L.previous)),
        h("div", { class: "card-row card-row-small" }, t.previous.cards.filter((x) => typeof x === "string").map((x) =>
          ctx.card(x, { small: true, inert: true, badges: x === t.previous.picked ? ["✋"] : [] }))),
        t.previous.picker !== undefined ? h("p", { class: "plain small" }, line(ctx,
          `${ctx.name(t.previous.picker)} took ${cardTitle(t.previous.picked, ctx.module)}; ${ctx.name(t.previous.taker)} took the rest.`,
          `${ctx.name(t.previous.picker)}が${cardTitle(t.previous.picked, ctx.module)}を取り、${ctx.name(t.previous.taker)}が残りを獲得。`)) : null));
    }
    return blocks.length ? h("div", { class: "public" }, blocks) : null;
  },
};
