// The table chat (docs/protocol.md, "Chat"): messages from seats and spectators, always shown as text
// (dom.js builds text nodes, never HTML), with a mute per speaker kept in this browser only.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./board.js";

export const MAX_CHARS = 500; // the server's default `chat_chars`

/** The chat so far after a `chat` message: `whole` replaces it, otherwise new messages are appended. */
export function mergeChat(messages, msg) {
  const fresh = msg.messages || [];
  if (msg.whole) return fresh.slice();
  const known = new Set(messages.map((m) => m.n));
  return messages.concat(fresh.filter((m) => !known.has(m.n)));
}

const MUTES = "tricktable.mute";

/** Who speaks a message, as a mute key: a seat number, "watch2" for spectator 2 ("watch": one unnumbered). */
export function speaker(message) {
  if (typeof message.seat === "number") return String(message.seat);
  return Number.isInteger(message.watcher) ? `watch${message.watcher}` : "watch";
}

/** A spectator's name from their mute key: "Spectator 2" (観戦者2). */
function watcherName(key) {
  const n = key.slice("watch".length);
  return n ? t("chat.spectatorN", { n }) : t("chat.spectator");
}

/** The speakers muted at table `id` in this browser. */
export function muted(id) {
  try {
    const all = JSON.parse(localStorage.getItem(MUTES) || "{}");
    return new Set(Array.isArray(all[id]) ? all[id] : []);
  } catch {
    return new Set();
  }
}

export function setMuted(id, key, on) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(MUTES) || "{}");
  } catch {
    all = {};
  }
  const keys = new Set(Array.isArray(all[id]) ? all[id] : []);
  if (on) keys.add(key);
  else keys.delete(key);
  all[id] = [...keys];
  localStorage.setItem(MUTES, JSON.stringify(all));
}

let draft = ""; // what is being typed survives the page's redraws

/** The chat panel. `opts`: {id, me, onSend(text), onMute(key, on)}. */
export function renderChat(messages, summary, opts) {
  const mutes = muted(opts.id);
  const shown = messages.filter((m) => !mutes.has(speaker(m)));
  const hidden = messages.length - shown.length;
  const input = h("input", {
    type: "text", class: "chat-input", maxlength: MAX_CHARS, value: draft, placeholder: t("chat.placeholder"),
    "aria-label": t("chat.placeholder"), dataset: { testid: "chat-input" },
    oninput: (event) => { draft = event.target.value; },
  });
  const send = (event) => {
    event.preventDefault();
    const input = event.currentTarget.querySelector(".chat-input"); // the one on the page (dom.js `patch`)
    const text = input.value.trim();
    if (!text) return;
    if (opts.onSend(text)) {
      draft = "";
      input.value = "";
    }
  };
  const who = (m) => (typeof m.seat === "number" ? (m.name || seatName(summary, m.seat)) : watcherName(speaker(m)));
  const mutedKeys = [...mutes];
  return h("section", { class: "chat", dataset: { testid: "chat" } },
    h("h3", { class: "section-title" }, t("chat.title")),
    h("ol", { class: "chat-lines", dataset: { testid: "chat-lines" }, "aria-live": "polite" },
      shown.length ? shown.map((m) => h("li", { class: [typeof m.seat === "number" && `seat-c${m.seat % 6} has-seat`, m.seat === opts.me && "is-me"], dataset: { testid: "chat-line" } },
        h("strong", { class: "chat-who" }, who(m)), " ",
        h("span", { class: "chat-text", dataset: { testid: "chat-text" } }, m.text), " ",
        m.seat === opts.me && opts.me !== null ? null : h("button", {
          type: "button", class: "btn-link chat-mute", dataset: { testid: `mute-${speaker(m)}` },
          title: t("chat.muteNote"), onclick: () => opts.onMute(speaker(m), true),
        }, t("chat.mute"))))
        : h("li", { class: "muted" }, t("chat.none"))),
    hidden || mutedKeys.length ? h("p", { class: "muted small", dataset: { testid: "chat-hidden" } }, t("chat.muted", { n: hidden }), " ",
      mutedKeys.map((key) => h("button", { type: "button", class: "btn-link", dataset: { testid: `unmute-${key}` }, onclick: () => opts.onMute(key, false) },
        `${t("chat.unmute")}: ${key.startsWith("watch") ? watcherName(key) : seatName(summary, Number(key))}`))) : null,
    h("form", { class: "chat-form", onsubmit: send }, input,
      h("button", { type: "submit", class: "btn", dataset: { testid: "chat-send" } }, t("chat.send"))));
}
