// Who this browser is playing as (an account, or a guest), and the account page: log in, sign up,
// log out, and the account's ratings. The session is an HttpOnly cookie: this code never sees it.

import { api, loadGames } from "./api.js";
import { h, mount, shownKey, toast } from "./dom.js";
import { botName, lang, t, titleOf } from "./i18n.js";

/** `{account: {name, created} | null, guest: bool, ratings: {game: {rating, games}}}`, once known. */
export const me = { account: null, guest: false, ratings: {}, known: false };
const watchers = new Set();

/** Call `fn(me)` whenever who we are changes (logging in or out). */
export function onMe(fn) {
  watchers.add(fn);
  return () => watchers.delete(fn);
}

function tell() {
  for (const fn of watchers) fn(me);
}

/** Ask the server who we are; a browser with neither an account nor a guest identity becomes a guest. */
export async function refreshMe() {
  try {
    Object.assign(me, await api("/api/account"), { known: true });
    if (!me.account && !me.guest) {
      await api("/api/account/guest", { method: "POST", body: {} });
      me.guest = true;
    }
  } catch {
    me.known = true;  // the server is unreachable: the pages say so themselves
  }
  tell();
  return me;
}

/** The person's own words for an account error (the server's message in English otherwise). */
export function accountError(error) {
  const key = {
    "account/login": "account.wrong", "account/name-taken": "account.taken", "account/password": "account.password",
    "name/invalid": "account.badName", "limit/login": "account.wait", "account/needed": "account.needed",
  }[error.code];
  return key ? t(key) : error.message;
}

/** The account page: the forms when logged out, the ratings and "log out" when logged in. */
export function accountPage(root) {
  const state = { error: null, busy: false, games: [] };

  async function send(path, name, password) {
    if (state.busy) return;
    state.busy = true;
    state.error = null;
    try {
      await api(path, { method: "POST", body: { name, password } });
      await refreshMe();
      toast(t("account.welcome", { name: me.account.name }));
    } catch (error) {
      state.error = accountError(error);
    }
    state.busy = false;
    draw();
  }

  async function logOut() {
    try {
      await api("/api/account/logout", { method: "POST", body: {} });
    } catch (error) {
      toast(error.message, "error");
    }
    await refreshMe();
    draw();
  }

  function credentials(kind, label) {
    const name = h("input", { type: "text", autocomplete: "username", maxlength: 32, required: true,
      dataset: { testid: `${kind}-name` }, "aria-label": t("account.name") });
    const password = h("input", { type: "password", required: true, minlength: 8,
      autocomplete: kind === "signup" ? "new-password" : "current-password",
      dataset: { testid: `${kind}-password` }, "aria-label": t("account.passwordLabel") });
    return h("form", { class: "panel account-form", dataset: { testid: `${kind}-form` },
      onsubmit: (event) => {
        event.preventDefault();
        send(`/api/account/${kind}`, name.value, password.value);
      } },
    h("h2", {}, label),
    h("label", { class: "field" }, h("span", {}, t("account.name")), name),
    h("label", { class: "field" }, h("span", {}, t("account.passwordLabel")), password),
    kind === "signup" ? h("p", { class: "muted small" }, t("account.passwordRule")) : null,
    h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: kind } }, label));
  }

  function ratingsTable() {
    const rows = Object.entries(me.ratings || {});
    if (!rows.length) return h("p", { class: "muted", dataset: { testid: "no-ratings" } }, t("account.noRatings"));
    return h("table", { class: "ratings", dataset: { testid: "my-ratings" } },
      h("thead", {}, h("tr", {}, h("th", {}, t("board.game")), h("th", {}, t("board.rating")), h("th", {}, t("board.games")))),
      h("tbody", {}, rows.map(([game, r]) => h("tr", {},
        h("td", {}, h("a", { href: `/leaderboard/${game}`, "data-link": true }, titleOf(state.games.find((g) => g.name === game) || { name: game }))),
        h("td", { class: "num", dataset: { testid: `my-rating-${game}` } }, String(r.rating)),
        h("td", { class: "num" }, String(r.games))))));
  }

  // The forms are made once: a redraw (the games list arriving, a language switch) keeps what was typed.
  let forms = null;
  let drawn = null; // what the page shows now: a redraw that would show the same is skipped

  function draw() {
    if (!forms || forms.lang !== lang()) {
      forms = { lang: lang(), login: credentials("login", t("account.login")), signup: credentials("signup", t("account.signup")) };
    }
    // The logged-out page does not depend on the games list: its arrival must not re-mount the forms
    // under a click (see mountChanged: nothing would be sent, and the page would wait for ever).
    const showing = shownKey(forms.lang, state.error, me.account, me.account ? [me.ratings, state.games.length] : null);
    if (showing === drawn && root.firstChild) return;
    drawn = showing;
    const error = state.error ? h("p", { class: "error", role: "alert", dataset: { testid: "account-error" } }, state.error) : null;
    if (me.account) {
      mount(root, h("div", { class: "page narrow account-page", dataset: { testid: "account-page" } },
        h("h1", {}, t("account.title")),
        h("section", { class: "panel" },
          h("p", { dataset: { testid: "signed-in" } }, t("account.signedIn", { name: me.account.name })),
          h("h2", {}, t("account.ratings")), ratingsTable(),
          h("div", { class: "buttons" },
            h("a", { class: "btn", href: "/games", "data-link": true }, t("nav.games")),
            h("a", { class: "btn", href: "/leaderboard", "data-link": true }, t("nav.leaderboard")),
            h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "logout" }, onclick: logOut }, t("account.logout"))))));
      return;
    }
    mount(root, h("div", { class: "page narrow account-page", dataset: { testid: "account-page" } },
      h("h1", {}, t("account.title")),
      h("p", { class: "muted" }, t("account.guestNote")), error,
      h("div", { class: "account-grid" }, forms.login, forms.signup)));
  }

  loadGames().then((games) => { state.games = games; draw(); }).catch(() => {});
  const stop = onMe(draw);
  draw();
  return { dispose: stop, relang: draw };
}

/** A subject's name on a board: an account's name, or a bot level in words. */
export function subjectName(row) {
  return row.kind === "bot" ? `${t("board.bot")} · ${botName(row.level)}` : row.name;
}


let drawMeLink = null;

/** The top bar's account link: the account's name, or "Log in"; redrawn when either changes. */
export function mountMeLink(el) {
  if (!drawMeLink) onMe(() => drawMeLink());
  drawMeLink = () => mount(el, me.account ? me.account.name : t("nav.login"));
  drawMeLink();
}
