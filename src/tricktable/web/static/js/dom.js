// A few DOM helpers: build elements without innerHTML, so no server text is ever parsed as HTML.

import morphdom from "./vendor/morphdom.js";

/**
 * `h("button", {class: "x", onclick: f, dataset: {testid: "y"}}, "text", child)` -> HTMLElement.
 * Attributes: `class`, `dataset`, `style` (object), `on*` (listeners), booleans; other keys set as attributes.
 * Children: strings, numbers, nodes, arrays (flattened); null/false/undefined are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function") listen(el, key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

// An element's handlers from `h`, one per event type, behind one listener that looks them up: so `patch`,
// which keeps the elements already on the page, can hand each kept element the new drawing's handlers.
const HANDLERS = new WeakMap();

function listen(el, type, handler) {
  let handlers = HANDLERS.get(el);
  if (!handlers) HANDLERS.set(el, (handlers = {}));
  if (!(type in handlers)) el.addEventListener(type, (event) => HANDLERS.get(el)[type]?.(event));
  handlers[type] = handler;
}

function handOver(kept, drawn) {
  const old = HANDLERS.get(kept) || {};
  const fresh = HANDLERS.get(drawn) || {};
  for (const type of Object.keys(old)) if (!(type in fresh)) old[type] = null;
  for (const [type, handler] of Object.entries(fresh)) listen(kept, type, handler);
  return true;
}

/**
 * Make what is inside `el` look like `children`, changing only what differs (morphdom): the elements that
 * stay keep their place, focus, scroll and running animations, and the browser lays out only what
 * changed. A redraw of the whole table on every message then costs what the message changed, not the page.
 * Handlers come from the new drawing; state kept in a closure over an element must look the element up
 * from its event instead (the element drawn may be dropped for the one already shown).
 */
export function patch(el, ...children) {
  const drawn = el.cloneNode(false);
  append(drawn, children);
  morphdom(el, drawn, { childrenOnly: true, onBeforeElUpdated: handOver });
  return el;
}

/** Replace everything inside `el` with `children`. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

const shownKeys = new WeakMap();

/**
 * `mount(el, build())`, unless `el` already shows what `key` (a string) says: a polled redraw that would
 * show the same leaves the page alone. Re-mounting between a press and its release loses the click (the
 * browser fires none), so a button under the pointer must not be rebuilt for nothing.
 */
export function mountChanged(el, key, build) {
  if (shownKeys.get(el) === key && el.firstChild) return el;
  shownKeys.set(el, key);
  return mount(el, build());
}

/** A key of data for `mountChanged`: its JSON without the server's clock reading (`now`), which always moves. */
export function shownKey(...parts) {
  return JSON.stringify(parts, (k, v) => (k === "now" ? undefined : v));
}

let toastTimer = 0;

/** A short message at the bottom of the screen; `kind` "error" shows it in red. */
export function toast(message, kind = "info") {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = message;
  el.className = `toast toast-${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, kind === "error" ? 6000 : 2500);
}

/** Mark `el` as explained by `text`: a tooltip on hover, and a tap (a phone has no hover) shows it too. */
export function tip(el, text) {
  if (el && text) {
    el.title = text;
    el.dataset.tip = text;
  }
  return el;
}

// One listener for every tip: a tap or click on an explained thing that does nothing else shows its text.
document.addEventListener("click", (event) => {
  const el = event.target.closest && event.target.closest("[data-tip]");
  if (!el || event.target.closest("button, a, input, select, summary")) return;
  toast(el.dataset.tip);
});

/** Turn `lead_colour` into `Lead colour`. */
export function humanize(key) {
  const text = String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
