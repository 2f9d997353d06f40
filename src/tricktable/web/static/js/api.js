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

// --- the game log as a stream ---------------------------------------------------------------------

/**
 * A seat's game log built from view messages (docs/protocol.md, "The log stream"): the first message of
 * a connection has every line (`log_from` 0), later ones only new lines from `log_from`, the previous
 * message's `log_next`. `take(msg)` appends; when a message starts past where the log stands (messages
 * were missed) it returns the index to resync from, once, and keeps the log as it is until the answer.
 */
export class LogStream {
  constructor() {
    this.lines = [];
    this.next = 0;
    this.asked = null;
  }

  take(msg) {
    if (typeof msg.log_from !== "number") return null;
    if (msg.log_from > this.next) {
      if (this.asked === this.next) return null;
      this.asked = this.next;
      return this.next;
    }
    // Lines from `log_from` on are replaced: a resync or a language switch sends them again.
    this.lines = this.lines.filter((line) => line.i < msg.log_from).concat(msg.log || []);
    this.next = msg.log_next;
    this.asked = null;
    return null;
  }
}

// --- the table socket -----------------------------------------------------------------------------

/**
 * One live connection to a table. Calls `onMessage(msg)` for every server message and `onStatus(s)`
 * with "connecting" | "open" | "lost" | "closed". Reconnects with growing pauses until `close()`.
 * A view's `log` is handed on as the whole log so far (its increment appended to the earlier lines); a
 * gap in the stream is mended by asking the server to resync from where the log stands.
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
    this.log = new LogStream();
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams({ lang: this.lang });
    if (this.token) params.set("token", this.token);
    return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.id)}?${params}`;
  }

  connect() {
    if (this.closed) return;
    this.onStatus(this.retries ? "lost" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
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
        const since = this.log.take(msg);
        if (since !== null) this.send({ type: "resync", since });
        msg.log = this.log.lines;
      }
      this.onMessage(msg);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws || this.closed) return;
      // 4403 (bad token) and 4404 (no table) will not get better by retrying.
      if (event.code === 4403 || event.code === 4404) {
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
