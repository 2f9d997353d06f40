// Megalomania: the mission, the dominant and lead colours, crystals and cubes, scrolls, powers in
// force this trick, and the round results, drawn from `table` (games/megalomania/observe.py).
// Looks only: which card, power or cube may be used comes from the legal actions.

import { cardTitle, colourChip, colourName, parseCard } from "../cards.js";
import { h, tip } from "../dom.js";
import { entry, term } from "../reference.js";
import { lang, pick } from "../i18n.js";

const TRICK_PHASES = ["play", "oracle", "farmer", "explorer"];

const L = {
  mission: { en: "Mission", ja: "ミッション" },
  dominant: { en: "Dominant", ja: "ドミナントカラー" },
  lead_colour: { en: "Lead colour", ja: "リードカラー" },
  trick_number: { en: "Trick", ja: "トリック" },
  dealer: { en: "Dealer", ja: "ディーラー" },
  crystals: { en: "Crystals", ja: "パワークリスタル" },
  cubes: { en: "Cubes", ja: "キューブ" },
  scroll_counts: { en: "Scrolls", ja: "スクロール" },
  points: { en: "Mission points", ja: "ミッション得点" },
  lost: { en: "Lost", ja: "失点" },
  tricks_won: { en: "Tricks", ja: "トリック数" },
  won_cards: { en: "Cards won", ja: "獲得カード" },
  face_up: { en: "Face up", ja: "公開カード" },
  covered: { en: "Face-up piles", ja: "表向きの山" },
  draw_piles: { en: "Draw pile", ja: "山札" },
  scrolls: { en: "Your scrolls", ja: "あなたのスクロール" },
  used_this_preparation: { en: "Used this preparation", ja: "この準備で使用" },
  next_mission: { en: "Next mission (Insight)", ja: "次のミッション（洞察）" },
  program: { en: "Your programmed order", ja: "あなたのプログラム順" },
  chosen: { en: "Chosen", ja: "選んだカード" },
  results: { en: "Round results", ja: "ラウンドの結果" },
  completed_tricks: { en: "Tricks this round", ja: "このラウンドのトリック" },
  powers: { en: "In force this trick", ja: "このトリックで有効" },
  free_power_armed: { en: "Free Power armed", ja: "無料パワー準備" },
  immune: { en: "Immune", ja: "免疫" },
  pending: { en: "Waiting for", ja: "待っている選択" },
};

// The name printed on each value (rules: Components); the cards draw it, and a card's title says it.
const RANKS = {
  15: { en: "Emperor", ja: "皇帝" }, 12: { en: "Oracle", ja: "オラクル" }, 9: { en: "Knight", ja: "騎士" },
  7: { en: "Wizard", ja: "魔法使い" }, 6: { en: "Dwarf", ja: "ドワーフ" }, 4: { en: "Explorer", ja: "探検家" },
  2: { en: "Assassin", ja: "暗殺者" }, 1: { en: "Farmer", ja: "農夫" },
};

const SCROLLS = {
  "extra-crystal": { en: "Extra Crystal", ja: "追加パワークリスタル" }, "extra-cube": { en: "Extra Cube", ja: "追加キューブ" },
  "double-cube": { en: "Double Cube", ja: "ダブルキューブ" }, "free-power": { en: "Free Power", ja: "無料パワー" },
  immunity: { en: "Immunity", ja: "免疫" }, redeal: { en: "Redeal", ja: "配り直し" },
  "first-lead": { en: "First Lead", ja: "先手" }, insight: { en: "Insight", ja: "洞察" },
};

const PENDING = {
  oracle: { en: "the Oracle's new colour", ja: "オラクルの新しい色" },
  farmer: { en: "the Farmer's next leader", ja: "農夫が選ぶ次のリーダー" },
  explorer: { en: "the Explorer's swap", ja: "探検家の交換" },
};

/** `{en, ja}` with `{name}` placeholders filled. */
function say(en, ja, vars = {}) {
  const fill = (text) => text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
  return { en: fill(en), ja: fill(ja) };
}

function chip(label, ...value) {
  return h("span", { class: "chip" }, h("span", { class: "kv-key" }, label), " ", value);
}

function scrollName(name) {
  return pick(SCROLLS[name]) || name;
}

function tokens(n, kind, label) {
  const value = n === null || n === undefined ? "?" : String(n);
  return h("span", { class: `tokens tokens-${kind}`, title: label }, h("i"), h("span", { class: "token-label" }, label), h("b", {}, value));
}

export default {
  blurb: { en: "A new mission every round: spend crystals to unleash card powers and cubes to shift values, and win the tricks the mission asks for.",
    ja: "毎ラウンド違うミッションに挑むトリックテイキング。パワークリスタルでカードのパワーを使い、キューブで数字を動かして、ミッションが求めるトリックを取る。" },
  labels: L,
  ranks: RANKS,
  /** What a card does, for its tooltip: the power of its value (null until the reference has arrived). */
  cardText(text) {
    const card = parseCard(text);
    return card.value ? entry("megalomania", "powers", card.value) : null;
  },
  hide: ["mission", "mission_points", "dominant", "dealer", "rounds", "pairs", "turn", "crystals", "cubes",
    "scroll_counts", "points", "lost", "results", "missions_played", "tricks_won", "won_cards", "completed_tricks",
    "trick_number", "tricks_in_round", "face_up", "covered", "draw_piles", "powers_used", "emperor", "knight",
    "wizard", "dwarf", "farmer_named", "explorer_found", "pending", "lead_colour", "free_power_armed", "immune",
    "scrolls", "used_this_preparation", "next_mission", "program", "chosen"],
  phases: {
    preparation: { en: "Preparation", ja: "準備" }, program: { en: "Programming", ja: "プログラム" },
    split: { en: "Split into piles", ja: "山に分ける" }, pick: { en: "Pick a pile", ja: "山を選ぶ" },
    pass: { en: "Pass cards", ja: "カードを渡す" }, play: { en: "Tricks", ja: "トリック" },
    oracle: { en: "Oracle: colour", ja: "オラクル：色" }, farmer: { en: "Farmer: next leader", ja: "農夫：次のリーダー" },
    explorer: { en: "Explorer: swap", ja: "探検家：交換" }, over: { en: "Game over", ja: "終了" },
  },
  hint: { en: "Click a highlighted card to play it (with its power or a cube if you choose).",
    ja: "光っているカードを選んで出します（パワーやキューブも選べます）。" },

  /** What the current step asks of this seat, read from the phase and the table. */
  prompt(ctx) {
    const { view } = ctx;
    const t = view.table || {};
    const mission = t.mission ? t.mission.number : "";
    switch (view.phase) {
      case "preparation":
        return say("Preparation: share your tokens between crystals (each pays for one card power) and cubes (each moves a card's value by 1). Use a scroll first if you like.",
          "準備：トークンをパワークリスタル（パワー1回分）とキューブ（カードの数値を1動かす）に分けます。先にスクロールを使ってもかまいません。");
      case "program": {
        const done = (t.program || []).length;
        const total = done + (view.hand || []).length;
        return say("Programming (mission {m}): click your cards in the order you will play them. Card {k} of {n}; from then on each trick plays your next programmed card.",
          "プログラム（ミッション{m}）：出す順番にカードをクリックします。{n}枚中{k}枚目。トリックではプログラムした順に出ます。", { m: mission, k: done + 1, n: total });
      }
      case "split": {
        const chosen = (t.chosen || []).length;
        return say("Splitting (mission {m}): click the cards for your first pile ({k} chosen); the rest make the second. Your neighbour will pick one pile without seeing it.",
          "山分け（ミッション{m}）：1つ目の山に入れるカードをクリック（{k}枚選択済み）。残りが2つ目の山。隣の人が中を見ずに1つを選びます。", { m: mission, k: chosen });
      }
      case "pick":
        return say("Pick which of your neighbour's two piles they play this round with (you cannot see them).",
          "隣の人がこのラウンドで使う山を、2つの山から選びます（中は見えません）。");
      case "pass": {
        const chosen = (t.chosen || []).length;
        return say("Passing (mission {m}): click a card to pass it to your neighbour ({k} chosen so far).",
          "カードを渡す（ミッション{m}）：隣の人に渡すカードをクリックします（{k}枚選択済み）。", { m: mission, k: chosen });
      }
      case "explorer":
        return t.explorer_found
          ? say("Explorer: you found {card}. Click the card of your hand you give for it.",
            "探検家：{card}を見つけました。代わりに渡す手札をクリックしてください。", { card: cardTitle(t.explorer_found, ctx.module) })
          : say("Explorer: click the card of your hand you give in exchange.", "探検家：交換に渡す手札をクリックしてください。");
      case "oracle":
        return say("Oracle: choose the colour your Oracle becomes (never the dominant colour).",
          "オラクル：オラクルがなる色を選びます（ドミナントカラーにはなれません）。");
      case "farmer":
        return say("Farmer: choose who leads the next trick (the winner of this one does not change).",
          "農夫：次のトリックをリードする人を選びます（このトリックの勝者は変わりません）。");
      case "play": {
        if (t.wizard !== null && t.wizard !== undefined) {
          return say("The Wizard is in force: play your lowest card of the lead colour (else your lowest dominant, else a lowest card).",
            "魔法使いの効果中：リードカラーの最小（なければドミナントカラーの最小、なければいずれかの色の最小）を出します。");
        }
        if (!(view.trick || []).length) {
          return say("You lead: click a card to play it. A power costs a crystal; a cube moves its value by 1.",
            "あなたのリード：カードをクリックして出します。パワーはパワークリスタル1つ、キューブで数値を1動かせます。");
        }
        const lead = t.lead_colour ? colourName(t.lead_colour) : "";
        return say("Follow {lead} if you can: click a highlighted card (a dimmed card says why it cannot be played).",
          "できれば{lead}をフォロー：光っているカードをクリック（暗いカードをクリックすると出せない理由が出ます）。", { lead });
      }
      default:
        return null;
    }
  },

  /** The trick just taken: the cards from `completed_tricks`, each with its player where the last view showed it. */
  lastTrick(before, after) {
    const done = (after.table && after.table.completed_tricks) || [];
    const had = (before.table && before.table.completed_tricks) || [];
    if (done.length <= had.length || !done.length) return null;
    const trick = done[done.length - 1];
    const seen = new Map((before.trick || []).map((e) => [e.card, e.seat]));
    const missing = Array.from({ length: after.players }, (_, s) => s).filter((s) => ![...seen.values()].includes(s));
    const cards = trick.cards.map((card) => ({ card, seat: seen.has(card) ? seen.get(card) : missing.length === 1 ? missing[0] : null }));
    return { cards, taker: trick.winner };
  },

  /** Mission 13: my cards that lie face up for everyone are marked in my hand. */
  handBadges(ctx, card) {
    const t = ctx.view.table || {};
    const up = ctx.me !== null ? (t.face_up || [])[ctx.me] : null;
    return up && up.includes(card) ? [lang() === "ja" ? "公開" : "face up"] : [];
  },

  info(ctx) {
    const t = ctx.view.table || {};
    const chips = [];
    if (t.mission) {
      const points = typeof t.mission_points === "number" ? ` (${t.mission_points > 0 ? "+" : ""}${t.mission_points})` : "";
      const about = entry("megalomania", "missions", t.mission.number);
      chips.push(tip(h("span", { class: "chip chip-mission", dataset: { testid: "mission" } },
        h("b", {}, `${term("megalomania", "mission", L.mission)} ${t.mission.number}`), points, " · ",
        (lang() === "ja" && t.mission.task_ja) || t.mission.task), about && about.text));
    }
    if (t.dominant) chips.push(chip(term("megalomania", "dominant", L.dominant), colourChip(t.dominant)));
    if (t.lead_colour) chips.push(chip(term("megalomania", "lead_colour", L.lead_colour), colourChip(t.lead_colour)));
    // the trick count only while tricks are played: the preparation and a mission's dealing steps come before trick 1
    if (t.trick_number && TRICK_PHASES.includes(ctx.view.phase) && !ctx.view.is_over) {
      chips.push(chip(pick(L.trick_number), `${t.trick_number}${t.tricks_in_round ? ` / ${t.tricks_in_round}` : ""}`));
    }
    if (typeof t.dealer === "number") chips.push(chip(pick(L.dealer), ctx.name(t.dealer)));
    if (t.rounds) chips.push(chip(lang() === "ja" ? "ラウンド数" : "Rounds", String(t.rounds)));
    const powers = [];
    if (t.emperor) powers.push(lang() === "ja" ? "皇帝（パワーとキューブ不可）" : "Emperor: no more powers or cubes");
    if (t.knight !== null && t.knight !== undefined) powers.push(lang() === "ja" ? "騎士（切り札無効）" : "Knight: later trumps cannot win");
    if (t.wizard !== null && t.wizard !== undefined) powers.push(lang() === "ja" ? "魔法使い（最小を出す）" : "Wizard: play your lowest");
    if (t.dwarf) powers.push(lang() === "ja" ? "ドワーフ（最小が勝つ）" : "Dwarf: the lowest wins");
    if (t.farmer_named !== null && t.farmer_named !== undefined) powers.push(`${lang() === "ja" ? "農夫の指名" : "Farmer named"} ${ctx.name(t.farmer_named)}`);
    for (const p of powers) chips.push(h("span", { class: "chip chip-warn" }, "✦ ", p));
    if (t.pending) chips.push(chip(pick(L.pending), pick(PENDING[t.pending]) || t.pending));
    return chips;
  },

  seat(ctx, seat) {
    const t = ctx.view.table || {};
    const at = (key) => (t[key] || [])[seat];
    const rows = [
      h("div", { class: "resources" },
        tokens(at("crystals"), "crystal", pick(L.crystals)),
        tokens(at("cubes"), "cube", pick(L.cubes)),
        tokens(at("scroll_counts") ?? 0, "scroll", pick(L.scroll_counts))),
      h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.tricks_won)), h("b", {}, String(at("tricks_won") ?? 0)),
        // At the end the seat's score (with the unused-scroll bonus) is the one to read, as on the scoreboard.
        ctx.view.is_over ? null : [h("span", { class: "kv-key" }, pick(L.points)), h("b", {}, String(at("points") ?? 0)),
          at("lost") ? h("span", { class: "muted small" }, `(${pick(L.lost)} ${at("lost")})`) : null]),
    ];
    const flags = [];
    if (at("free_power_armed")) flags.push(h("span", { class: "tag tag-leader" }, pick(L.free_power_armed)));
    if (at("immune")) flags.push(h("span", { class: "tag tag-leader" }, pick(L.immune)));
    if (flags.length) rows.push(h("div", { class: "seat-flags" }, flags));
    const faceUp = at("face_up");
    if (faceUp && faceUp.length && seat !== ctx.me) {
      rows.push(h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.face_up)),
        h("div", { class: "card-row card-row-small" }, faceUp.map((c) => ctx.card(c, { small: true })))));
    }
    const covered = at("covered");
    if (covered) {
      rows.push(h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.covered)),
        h("div", { class: "card-row card-row-small" }, covered.face_up.map((c) => ctx.card(c, { small: true })),
          covered.face_down ? h("span", { class: "muted small" }, `+${covered.face_down} ▼`) : null)));
    }
    const pile = at("draw_piles");
    if (pile !== undefined && pile !== null) rows.push(h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.draw_piles)), String(pile)));
    const won = at("won_cards");
    if (won && won.length) {
      rows.push(h("details", { class: "won" }, h("summary", {}, `${pick(L.won_cards)} (${won.length})`),
        h("div", { class: "card-row card-row-small" }, won.map((c) => ctx.card(c, { small: true, inert: true })))));
    }
    return h("div", { class: "seat-info" }, rows);
  },

  trickBadges(entry) {
    const badges = [];
    if (entry.power) badges.push("✦");
    if (entry.cube) badges.push(entry.cube > 0 ? `+${entry.cube}` : String(entry.cube));
    const printed = Number(String(entry.card).slice(1));
    if (typeof entry.value === "number" && entry.value !== printed) badges.push(`= ${entry.value}`);
    const letter = String(entry.card)[0];
    const colour = { B: "blue", Y: "yellow", R: "red", K: "black" }[letter];
    if (entry.colour && colour && entry.colour.toLowerCase() !== colour && entry.colour !== letter) badges.push(`→ ${colourName(entry.colour)}`);
    return badges;
  },

  handExtras(ctx) {
    const t = ctx.view.table || {};
    const rows = [];
    if (t.scrolls) {
      rows.push(h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.scrolls)),
        t.scrolls.length ? t.scrolls.map((s) => tip(h("span", { class: "tag tag-scroll" }, scrollName(s)), (entry("megalomania", "scrolls", s) || {}).text)) : h("span", { class: "muted" }, "–")));
    }
    if (t.used_this_preparation && t.used_this_preparation.length) {
      rows.push(h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.used_this_preparation)),
        t.used_this_preparation.map((s) => h("span", { class: "tag" }, scrollName(s)))));
    }
    if (t.next_mission) rows.push(h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L.next_mission)), String(t.next_mission)));
    for (const key of ["program", "chosen"]) {
      if (t[key] && t[key].length) {
        rows.push(h("div", { class: "kv" }, h("span", { class: "kv-key" }, pick(L[key])),
          h("div", { class: "card-row card-row-small" }, t[key].map((c) => ctx.card(c, { small: true, inert: true })))));
      }
    }
    return rows.length ? h("div", { class: "hand-extras" }, rows) : null;
  },

  centre(ctx) {
    const t = ctx.view.table || {};
    const blocks = [];
    if (t.explorer_found) {
      blocks.push(h("div", { class: "public-block" }, h("h4", { class: "section-title" }, lang() === "ja" ? "探検家が見つけたカード" : "The Explorer found"),
        ctx.card(t.explorer_found, { small: true, inert: true })));
    }
    const done = t.completed_tricks || [];
    if (done.length) {
      blocks.push(h("details", { class: "public-block" }, h("summary", { class: "section-title" }, `${pick(L.completed_tricks)} (${done.length})`),
        done.map((trick) => h("div", { class: "kv" }, h("span", { class: "kv-key" }, ctx.name(trick.winner)),
          h("div", { class: "card-row card-row-small" }, trick.cards.map((c) => ctx.card(c, { small: true, inert: true })))))));
    }
    const results = t.results || [];
    if (results.length) {
      const played = t.missions_played || [];
      blocks.push(h("details", { class: "public-block", open: ctx.view.is_over || null, dataset: { testid: "results" } },
        h("summary", { class: "section-title" }, `${pick(L.results)} (${results.length})`),
        h("div", { class: "table-scroll" }, h("table", { class: "results" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, term("megalomania", "mission", L.mission)),
            Array.from({ length: ctx.view.players }, (_, s) => h("th", {}, ctx.name(s))))),
          h("tbody", {}, results.map((row, i) => h("tr", {}, h("td", {}, String(i + 1)), h("td", {}, String(played[i] ?? "")),
            row.map((v) => h("td", { class: "num" }, String(v))))))))));
    }
    return blocks.length ? h("div", { class: "public" }, blocks) : null;
  },
};
