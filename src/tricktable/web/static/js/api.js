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

// --- the table socket -----------------------------------------------------------------------------

/**
 * One live connection to a table. Calls `onMessage(msg)` for every server message and `onStatus(s)`
 * with "connecting" | "open" | "lost" | "closed". Reconnects with growing pauses until `close()`.
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
