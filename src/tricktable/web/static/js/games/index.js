// Per-game drawing: labels for each game's `table` keys and special panels. The generic board draws
// whatever a module does not; a game without a module still plays.

import masquerade from "./masquerade.js";
import megalomania from "./megalomania.js";
import trickster from "./trickster.js";

const MODULES = { megalomania, trickster, masquerade };

/** The drawing module of `game` (an empty one for a game this client does not know). */
export function gameModule(game) {
  return MODULES[game] || {};
}
