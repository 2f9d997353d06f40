// The single-page app: a router over the lobby, a table, the replays and the rules pages.
// Paths (shareable links): /, /tables/{id}, /replays, /replays/{id}, /rules, /rules/{game},
// /account, /games (My games), /leaderboard, /leaderboard/{game}.

import { accountPage, mountMeLink, refreshMe } from "./account.js";
import { lang, setLang, translate } from "./i18n.js";
import { leaderboardPage } from "./leaderboard.js";
import { myGamesPage, watchTurns } from "./mygames.js";
import { lobbyPage } from "./lobby.js";
import { replayPage, replaysPage } from "./replay.js";
import { rulesPage } from "./rules.js";
import { tablePage } from "./table.js";

const root = document.getElementById("app");
let current = null;

const ROUTES = [
  [/^\/$/, () => lobbyPage(root, navigate)],
  [/^\/tables\/([^/]+)\/?$/, (m) => tablePage(root, decodeURIComponent(m[1]))],
  [/^\/replays\/?$/, () => replaysPage(root, navigate)],
  [/^\/replays\/([^/]+)\/?$/, (m) => replayPage(root, decodeURIComponent(m[1]))],
  [/^\/rules\/?$/, () => rulesPage(root, "")],
  [/^\/rules\/([^/]+)\/?$/, (m) => rulesPage(root, decodeURIComponent(m[1]))],
  [/^\/account\/?$/, () => accountPage(root)],
  [/^\/games\/?$/, () => myGamesPage(root, navigate)],
  [/^\/leaderboard\/?$/, () => leaderboardPage(root, "")],
  [/^\/leaderboard\/([^/]+)\/?$/, (m) => leaderboardPage(root, decodeURIComponent(m[1]))],
];

/** Go to `path` inside the app (pushes a history entry). */
export function navigate(path) {
  history.pushState({}, "", path);
  route();
}

function route() {
  if (current && current.dispose) current.dispose();
  current = null;
  document.title = "tricktable";
  window.scrollTo(0, 0);
  const path = location.pathname;
  for (const [pattern, page] of ROUTES) {
    const m = pattern.exec(path);
    if (m) {
      current = page(m);
      markNav(path);
      return;
    }
  }
  navigate("/");
}

function markNav(path) {
  for (const a of document.querySelectorAll(".topnav a")) {
    const href = a.getAttribute("href");
    a.classList.toggle("is-on", href === "/" ? path === "/" || path.startsWith("/tables") : path.startsWith(href));
  }
}

function showLang() {
  document.documentElement.lang = lang();
  document.getElementById("lang-toggle").textContent = lang() === "ja" ? "English" : "日本語";
  translate();
  mountMeLink(document.getElementById("nav-account"));
}

// Links marked data-link (and any same-origin link to an app path) move without reloading the page.
document.addEventListener("click", (event) => {
  const a = event.target.closest("a[href]");
  if (!a || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/api") || url.pathname.startsWith("/static")) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
});

document.getElementById("lang-toggle").addEventListener("click", () => {
  setLang(lang() === "ja" ? "en" : "ja");
  showLang();
  if (current && current.relang) current.relang();
});

window.addEventListener("popstate", route);
showLang();
// Who we are (an account, or a guest identity made now) before the first page asks for seats.
refreshMe().then(() => { route(); watchTurns(); });
