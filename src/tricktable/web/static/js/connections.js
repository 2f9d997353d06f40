// The app's table connections: one per table, kept open across pages for every seat this browser
// holds, so reading the lobby, a replay or the rules never hands a seat to a stand-in bot. A page
// subscribes to a connection and unsubscribes when it goes; only a spectator's connection closes then.

import { TableSocket } from "./api.js";

const live = new Map(); // table id -> Connection

/**
 * The log as line objects `{i, text, seat, kind, by_standin}` (docs/protocol.md, the log stream).
 * A message with `log_from` > 0 carries the lines from `log_from` on, which replace those we have from
 * there (a language switch or a resync sends lines again); a message whose lines start where ours start
 * is the whole log. A server that sends the whole log as strings has them made into line objects here:
 * this is the one place that knows about that shape.
 */
export function mergeLog(lines, msg) {
  if (!msg || msg.log === undefined) return lines; // a message about something else: the log stands
  const raw = msg.log || [];
  const fresh = raw.map((line, k) => (typeof line === "string"
    ? { i: k, text: line, seat: null, kind: "", by_standin: false, legacy: true }
    : { seat: null, kind: "", by_standin: false, ...line }));
  if (typeof msg.log_from !== "number" || msg.log_from === 0) return fresh;
  if (fresh.length && lines.length && fresh[0].i <= lines[0].i) return fresh;
  return lines.filter((l) => l.i < msg.log_from).concat(fresh);
}

/** The stand-in's moves for `seat` not yet shown to its player (`seen`: the last line index shown). */
export function standinMoves(lines, seat, seen) {
  if (seat === null || seat === undefined) return [];
  return lines.filter((l) => l.by_standin && (l.seat === seat || l.seat === null) && l.i > seen);
}

const SEEN = "tricktable.seen";

/** The index of the last log line the player of table `id` has seen (for "while you were away"). */
export function seenIndex(id) {
  try {
    const all = JSON.parse(localStorage.getItem(SEEN) || "{}");
    return typeof all[id] === "number" ? all[id] : -1;
  } catch {
    return -1;
  }
}

export function markSeen(id, index) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(SEEN) || "{}");
  } catch {
    all = {};
  }
  all[id] = index;
  localStorage.setItem(SEEN, JSON.stringify(all));
}

class Connection {
  constructor(id, token, lang) {
    this.id = id;
    this.token = token;
    this.msg = null;
    this.lines = [];
    this.status = "connecting";
    this.listeners = new Set();
    this.socket = new TableSocket(id, {
      token, lang,
      onMessage: (msg) => {
        if (msg.type === "view") {
          this.lines = mergeLog(this.lines, msg);
          this.msg = msg;
        }
        for (const l of this.listeners) l.onMessage(msg, this);
        // A held seat's socket outlives its page, until the game is over and nobody looks.
        if (msg.type === "view" && msg.view && msg.view.is_over && !this.listeners.size) this.close();
      },
      onStatus: (status) => {
        this.status = status;
        for (const l of this.listeners) l.onStatus(status, this);
        if (status === "closed") this.close();
      },
    });
  }

  send(message) {
    return this.socket.send(message);
  }

  setLang(lang) {
    this.socket.setLang(lang);
  }

  close() {
    this.socket.close();
    if (live.get(this.id) === this) live.delete(this.id);
  }
}

/**
 * Listen to table `id` with `token` (null: as a spectator). `listener`: `{onMessage(msg, conn),
 * onStatus(status, conn)}`; the last view, if any, is replayed to it at once. Returns
 * `{conn, release()}`: `release` stops listening and closes the socket only when no seat is held there.
 */
export function listen(id, token, lang, listener) {
  let conn = live.get(id);
  if (conn && conn.token !== (token || null)) {
    conn.close();
    conn = null;
  }
  if (!conn) {
    conn = new Connection(id, token || null, lang);
    live.set(id, conn);
  } else if (conn.socket.lang !== lang) {
    conn.setLang(lang);
  }
  conn.listeners.add(listener);
  if (conn.msg) queueMicrotask(() => conn.listeners.has(listener) && listener.onMessage(conn.msg, conn));
  listener.onStatus(conn.status, conn);
  return {
    conn,
    release() {
      conn.listeners.delete(listener);
      const over = conn.msg && conn.msg.view && conn.msg.view.is_over;
      // a seat held by token, or by this browser's account or guest (the view names the seat), stays open
      const seated = conn.token || (conn.msg && typeof conn.msg.seat === "number");
      if (!seated || over) conn.close();
    },
  };
}
