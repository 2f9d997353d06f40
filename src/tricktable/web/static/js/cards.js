// Cards drawn with CSS from their text: `B15`, `K1`, `R11` (colour letter + number) or `red Brigand`
// (Trickster: suit + hero). Only looks: nothing here decides what is legal.

import { h } from "./dom.js";
import { lang } from "./i18n.js";

const LETTERS = { B: "blue", Y: "yellow", R: "red", K: "black", G: "green" };
const SUITS = ["red", "orange", "yellow", "green", "blue", "purple", "black", "white"];

export const COLOUR_NAMES = {
  blue: { en: "Blue", ja: "青" }, yellow: { en: "Yellow", ja: "黄" }, red: { en: "Red", ja: "赤" },
  black: { en: "Black", ja: "黒" }, green: { en: "Green", ja: "緑" }, orange: { en: "Orange", ja: "橙" },
  purple: { en: "Purple", ja: "紫" }, white: { en: "White", ja: "白" },
};

const HEROES_JA = {
  Brigand: "山賊", Guard: "警備員", Magician: "手品師", Nomad: "放浪者", Peddler: "行商人", Revolutionary: "革命家",
  Soldier: "軍人", Archivist: "記録保管人", Doctor: "医師", Explorer: "探検家", Inventor: "発明者", Scion: "継承者",
  Scavenger: "廃品回収者", Witness: "目撃者",
};

/** A Trickster hero's name in the current language. */
export function heroName(hero) {
  return lang() === "ja" ? HEROES_JA[hero] || hero : hero;
}

const CARD_RE = /^([BYRKG])(\d{1,2})$/;
const SUIT_RE = new RegExp(`^(${SUITS.join("|")}) ([A-Za-z]+)$`, "i");

/** What a card's text says: `{colour, value}` or `{colour, hero}`, or `{text}` for anything else. */
export function parseCard(text) {
  const s = String(text).trim();
  let m = CARD_RE.exec(s);
  if (m) return { text: s, colour: LETTERS[m[1]], value: Number(m[2]) };
  m = SUIT_RE.exec(s);
  if (m) return { text: s, colour: m[1].toLowerCase(), hero: m[2].charAt(0).toUpperCase() + m[2].slice(1) };
  return { text: s };
}

/** Whether `text` looks like a card of some game. */
export function isCard(text) {
  return typeof text === "string" && parseCard(text).colour !== undefined;
}

/** A colour name ("blue", "B", "red") in the current language, or null. */
export function colourName(value) {
  if (typeof value !== "string") return null;
  const key = LETTERS[value] || value.toLowerCase();
  const names = COLOUR_NAMES[key];
  return names ? names[lang()] || names.en : null;
}

/** The CSS colour key of a colour word or letter, or null. */
export function colourKey(value) {
  if (typeof value !== "string") return null;
  const key = LETTERS[value] || value.toLowerCase();
  return COLOUR_NAMES[key] ? key : null;
}

/** The name a game prints on a card's value ("Emperor" on Megalomania's 15), from its drawing module's
 * `ranks` (value -> `{en, ja}`), or "". */
function rankName(look, value) {
  const rank = look && look.ranks ? look.ranks[value] : null;
  return rank ? rank[lang()] : "";
}

/** A card's name for people: "Blue 15 Emperor", "red Brigand". `look`: the game's drawing module
 * (`js/games/<game>.js`), whose declarations (`ranks`, `specials`) say how its cards read. */
export function cardTitle(text, look) {
  const card = parseCard(text);
  if (!card.colour) return card.text;
  const colour = colourName(card.colour);
  if (card.hero) return lang() === "ja" ? `${colour}の${HEROES_JA[card.hero] || card.hero}` : `${colour} ${card.hero}`;
  const rank = rankName(look, card.value);
  return `${colour} ${card.value}${rank ? ` ${rank}` : ""}`;
}

/**
 * A card element. `opts`: `look` (the game's drawing module: its `ranks` name values, its `specials` are
 * framed), `small`, `faceDown`, `legal` (highlight), `onClick`, `badges` (strings
 * shown on the card), `testid`.
 */
export function cardEl(text, opts = {}) {
  const { look, small, faceDown, legal, onClick, badges = [], testid, dim, tip } = opts;
  if (faceDown) {
    return h("div", { class: ["card", "card-back", small && "card-small"], "aria-label": "face-down card" });
  }
  const card = parseCard(text);
  const classes = ["card", card.colour ? `c-${card.colour}` : "c-plain", small && "card-small", legal && "is-legal",
    dim && "is-dim", onClick && "is-clickable"];
  if (look && look.specials && look.specials.has(card.text)) classes.push("is-special");
  let face;
  if (card.hero) {
    let name = heroName(card.hero);
    if (small && name.length > 7) name = `${name.slice(0, lang() === "ja" ? 4 : 5)}.`;
    classes.push("is-hero", name.length > 9 && "is-long");
    face = [
      h("span", { class: "card-corner" }, heroName(card.hero).charAt(0)), // 軍 for 軍人 in Japanese
      h("span", { class: "card-hero" }, name),
      h("span", { class: "card-suit" }, colourName(card.colour)),
    ];
  } else if (card.colour) {
    const rank = rankName(look, card.value);
    face = [
      h("span", { class: "card-corner" }, String(card.value)),
      h("span", { class: "card-value" }, String(card.value)),
      rank ? h("span", { class: "card-rank" }, rank) : h("span", { class: "card-suit" }, colourName(card.colour)),
    ];
  } else {
    face = [h("span", { class: "card-hero" }, card.text)];
  }
  const el = h(onClick ? "button" : "div", {
    class: classes,
    type: onClick ? "button" : null,
    title: tip || cardTitle(text, look),
    "aria-label": tip || cardTitle(text, look),
    dataset: { card: card.text, testid: testid || "card" },
    onclick: onClick || null,
  }, face, badges.length ? h("span", { class: "card-badges" }, badges.map((b) => h("span", { class: "badge" }, b))) : null);
  return el;
}

/** A row of face-down cards standing for a hidden hand of `n` cards (at most `max` drawn). */
export function backsEl(n, max = 8) {
  const shown = Math.min(n, max);
  return h("div", { class: "backs", title: String(n) },
    Array.from({ length: shown }, () => h("span", { class: "back-mini" })),
    n > max ? h("span", { class: "backs-more" }, `+${n - max}`) : null);
}

/** A small colour swatch with the colour's name. */
export function colourChip(value) {
  const key = colourKey(value);
  if (!key) return h("span", {}, String(value));
  return h("span", { class: `colour-chip c-${key}` }, h("i"), colourName(key));
}
