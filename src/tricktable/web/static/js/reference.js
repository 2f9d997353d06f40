// Each game's quick reference (`GET /api/games/{name}/reference?lang=`): card powers, scrolls,
// missions, heroes, special cards, from the games' data tables. Fetched once per game and language;
// the board reads it synchronously (tooltips appear once it has arrived).

import { api } from "./api.js";
import { lang, pick } from "./i18n.js";

const cache = new Map(); // "game:lang:table" -> data | Promise
let table = ""; // the table on screen: its own options (its heroes, its mission points) shape its reference

/** The table whose game the reference describes (the table page sets it; "" for a game's defaults). */
export function useTable(id) {
  table = id || "";
}

/** The reference of `game` in the current language, or null while it loads (`then` runs when it has). */
export function reference(game, then) {
  const key = `${game}:${lang()}:${table}`;
  const hit = cache.get(key);
  if (hit && !(hit instanceof Promise)) return hit;
  if (!hit) {
    const path = table ? `/api/tables/${encodeURIComponent(table)}/reference` : `/api/games/${encodeURIComponent(game)}/reference`;
    const loading = api(path, { query: { lang: lang() } })
      .then((data) => {
        cache.set(key, data);
        return data;
      })
      .catch(() => {
        cache.set(key, { sections: [] });
        return null;
      });
    cache.set(key, loading);
  }
  if (then) cache.get(key).then?.(then);
  return null;
}

/** The item `key` of section `section`, or null. */
export function entry(game, section, key) {
  const data = reference(game);
  const found = data && data.sections.find((s) => s.key === section);
  return (found && found.items.find((i) => i.key === String(key))) || null;
}

/** A term of `game`'s glossary (its reference's `glossary` section) in the current language, capitalised as
 * `pair` (the module's own words, shown until the reference arrives) is: one word for one thing on the board,
 * in the log and in the terminal. */
export function term(game, key, pair) {
  const own = pick(pair);
  const item = entry(game, "glossary", key);
  if (!item) return own;
  const upper = own && own[0] !== own[0].toLowerCase();
  return upper ? item.name[0].toUpperCase() + item.name.slice(1) : item.name;
}
