// Per-game drawing: labels for each game's `table` keys and special panels. The generic board draws
// whatever a module does not; a game without a module still plays.

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
