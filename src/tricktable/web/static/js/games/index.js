// Per-game drawing: labels for each game's `table` keys and special panels. The generic board draws
// whatever a module does not; a game without a module still plays. What a shared module needs to know of
// a game is a declaration or a hook on its module, never a test of its name: `ranks` (the name printed on
// a value), `specials` (cards drawn framed), `cardText(text)` (a card's tooltip from the reference),
// `optionControl(opt, form)` (a new-table option the game draws itself), `roundWords`, `prompt(ctx)`, ...

import { pick, t } from "../i18n.js";
import masquerade from "./masquerade.js";
import megalomania from "./megalomania.js";
import trickster from "./trickster.js";

const MODULES = { megalomania, trickster, masquerade };

/** The drawing module of `game` (an empty one for a game this client does not know). */
export function gameModule(game) {
  return MODULES[game] || {};
}

/** "Round 3", or the game's own word for its counted unit (Masquerade counts turns: "Turn 3"). */
export function roundText(game, n) {
  const words = gameModule(game).roundWords;
  return words ? pick(words).replace("{n}", String(n)) : t("table.round", { n });
}

/** Whether a game's round is one trick (Masquerade's turn): then a jump mark names the turn alone. */
export function roundIsTrick(game) {
  return Boolean(gameModule(game).roundIsTrick);
}
