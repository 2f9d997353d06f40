// Talking to the server (docs/protocol.md): JSON over HTTP, one WebSocket per seat, seat tokens kept
// in localStorage under the table id so a reload or a return carries on.

export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** Call the HTTP API; resolves to the parsed JSON body, rejects with an ApiError. */
export async function api(path, { method = "GET", body, query } = {}) {
  let url = path;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, v);
    const text = params.toString();
    if (text) url += `?${text}`;
  }
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError("network", String(error));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = data && (data.message || (typeof data.detail === "string" ? data.detail : null));
    throw new ApiError((data && data.code) || `http/${response.status}`, detail || response.statusText, response.status);
  }
  return data;
}

// --- seat tokens ----------------------------------------------------------------------------------

const SEATS = "tricktable.seats";

function readSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS) || "{}");
  } catch {
    return {};
  }
}

/** The seat this browser holds at table `id`: `{seat, token, name}` or null. */
export function heldSeat(id) {
  return readSeats()[id] || null;
}

export function holdSeat(id, seat, token, name) {
  const seats = readSeats();
  seats[id] = { seat, token, name, at: Date.now() };
  localStorage.setItem(SEATS, JSON.stringify(seats));
}

export function releaseSeat(id) {
  const seats = readSeats();
  delete seats[id];
  localStorage.setItem(SEATS, JSON.stringify(seats));
}

export function savedName() {
  return localStorage.getItem("tricktable.name") || "";
}

export function saveName(name) {
  localStorage.setItem("tricktable.name", name);
}

// --- views as a stream ---------------------------------------------------------------------------

const POSITION = ["seat", "lang", "table", "view", "legal", "why_not", "prompt", "result", "undo", "notes"];

/** `doc` with a view message's `changes` made (docs/protocol.md, "Changes"); `doc` itself is left as it was. */
export function applyChanges(doc, changes) {
  const top = { ...doc };
  for (const edit of changes) {
    const keys = edit[0].split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    let node = top;
    for (const key of keys.slice(0, -1)) {
      const child = Array.isArray(node[key]) ? [...node[key]] : { ...node[key] };
      node[key] = child;
      node = child;
    }
    const last = keys[keys.length - 1];
    const at = Array.isArray(node) ? Number(last) : last;
    if (edit.length === 4) node[at] = [...node[at].slice(0, edit[1]), ...edit[3], ...node[at].slice(edit[1] + edit[2])];
    else if (edit.length === 1) delete node[last];
    else if (Array.isArray(node) && last === "-") node.push(...edit[1]);
    else node[at] = edit[1];
  }
  return top;
}

/**
 * A connection's views rebuilt from its messages (docs/protocol.md, "Views as a stream"): a full view
 * sets the position, a `changes` view edits the one before (`pos` counts the messages); the first view
 * has every log line (`log_from` 0), later ones only the lines from `log_from`, the previous `log_next`.
 * `take(msg)` returns `{view, resync}`: the whole view message (its `log` the whole log so far), or null
 * when the message does not follow what this stream holds; `resync`, the log index to ask a resync from
 * (once per gap; the answer is a full view).
 */
export class ViewStream {
  constructor() {
    this.lines = [];
    this.next = 0;
    this.pos = null;
    this.position = null;
    this.asked = null;
  }

  take(msg) {
    let position = this.position;
    if (msg.changes) {
      const base = msg.pos_base ?? msg.pos - 1;
      if (position === null || base !== this.pos) return this.gap();
      position = applyChanges(position, msg.changes);
    } else {
      position = Object.fromEntries(POSITION.map((k) => [k, msg[k]]));
    }
    if (typeof msg.log_from === "number" && msg.log_from > this.next) return this.gap();
    this.position = position;
    this.pos = msg.pos ?? null;
    // Lines from `log_from` on are replaced: a resync or a language switch sends them again.
    this.lines = this.lines.filter((line) => line.i < (msg.log_from ?? 0)).concat(msg.log || []);
    this.next = msg.log_next ?? this.next;
    this.asked = null;
    const view = { ...msg, ...position, log: this.lines };
    delete view.changes;
    delete view.pos_base;
    return { view, resync: null };
  }

  gap() {
    if (this.asked === this.next) return { view: null, resync: null };
    this.asked = this.next;
    return { view: null, resync: this.next };
  }
}

// --- the table socket -----------------------------------------------------------------------------

/**
 * One live connection to a table. Calls `onMessage(msg)` for every server message and `onStatus(s)`
 * with "connecting" | "open" | "lost" | "closed". Reconnects with growing pauses until `close()`.
 * Views are handed on whole: the server sends changes and only new log lines (ViewStream rebuilds the
 * view, its `log` the whole log so far); a gap is mended by asking the server to resync.
 */
export class TableSocket {
  constructor(id, { token, lang, onMessage, onStatus }) {
    this.id = id;
    this.token = token;
    this.lang = lang;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.closed = false;
    this.retries = 0;
    this.ws = null;
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams({ lang: this.lang });  // never the token: URLs end up in logs
    return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.id)}?${params}`;
  }

  connect() {
    if (this.closed) return;
    this.onStatus(this.retries ? "lost" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.stream = new ViewStream();  // a new connection starts with a full view
    ws.onopen = () => {
      // the first message says who we are (docs/protocol.md, "The WebSocket"); no token: a spectator
      ws.send(JSON.stringify({ type: "hello", token: this.token || null, lang: this.lang }));
      this.retries = 0;
      ws.send(JSON.stringify({ type: "changes" }));  // later views as changes from the one before
      this.onStatus("open");
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (msg.type === "view") {
        const { view, resync } = this.stream.take(msg);
        if (resync !== null) this.send({ type: "resync", since: resync });
        if (view === null) return;  // the resync's answer will bring this connection up to date
        msg = view;
      }
      this.onMessage(msg);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws || this.closed) return;
      // 4400 (bad handshake), 4403 (bad token or origin) and 4404 (no table) will not get better by retrying.
      if (event.code === 4400 || event.code === 4403 || event.code === 4404) {
        this.closed = true;
        this.onStatus("closed");
        return;
      }
      this.retries += 1;
      this.onStatus("lost");
      const pause = Math.min(4000, 250 * 2 ** Math.min(this.retries, 4));
      this.timer = setTimeout(() => this.connect(), pause);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  setLang(lang) {
    this.lang = lang;
    this.send({ type: "lang", lang });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}

let gamesCache = null;

/** The installed games (`GET /api/games`), fetched once: here, beside `api`, so the lobby, the account page,
 * the rules and the leaderboard share it without importing one another (no import cycle). */
export async function loadGames() {
  if (!gamesCache) gamesCache = await api("/api/games");
  return gamesCache;
}
