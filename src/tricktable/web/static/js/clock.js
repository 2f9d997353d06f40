// The table's clocks, as the server tells them (docs/protocol.md, "Clocks"): each human seat's time to
// its deadline, ticking here between messages. The server's clock is the authority: this only counts down
// from the deadline it sent, corrected by the difference between its clock and ours at the message.

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { seatName } from "./board.js";

const LOW_SECONDS = 10;
const PRESETS = ["none", "blitz", "normal", "relaxed", "day", "three-days"];

/** The lobby's time control choices: [value, words] (the server's preset names). */
export function clockChoices() {
  return PRESETS.map((name) => [name, t(`create.clock.${name}`)]);
}

let skew = 0; // our clock minus the server's, in seconds, at the last message
let received = 0; // when the last message came (our clock, seconds): a leaving seat's countdown starts there

/** Remember how far our clock is from the server's (call on every view message). */
export function syncClock(summary) {
  received = Date.now() / 1000;
  if (summary && summary.clock && typeof summary.clock.now === "number") skew = received - summary.clock.now;
}

/** Seconds left before a seat that left is played by its stand-in (its `leaving_in` counted down). */
function leavingLeft(seat, now = Date.now() / 1000) {
  return Math.max(0, seat.leaving_in - (now - received));
}

/** A banner per seat whose player left (the grace the server shows): who, and when their stand-in plays. */
export function renderLeaving(summary, me) {
  if (!summary || summary.status !== "playing") return [];
  return (summary.seats || []).filter((s) => typeof s.leaving_in === "number" && s.seat !== me).map((s) =>
    h("div", { class: "banner banner-warn", role: "status", dataset: { testid: `leaving-${s.seat}` } },
      t("table.leaving", { name: seatName(summary, s.seat) }), " ",
      h("strong", { dataset: { testid: `leaving-time-${s.seat}` } }, duration(leavingLeft(s)))));
}

/** Seconds as people read them: "0:42", "4:05", "5 h 12 min", "2 d 3 h". */
export function duration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const both = (big, bigKey, small, smallKey) => [t(bigKey, { n: big }), small ? t(smallKey, { n: small }) : ""]
    .filter(Boolean).join(lang() === "ja" ? "" : " "); // "1 d 3 h", "1日3時間"; "1 d", "1日"
  if (s >= 86400) return both(Math.floor(s / 86400), "clock.days", Math.floor((s % 86400) / 3600), "clock.hours");
  if (s >= 3600) return both(Math.floor(s / 3600), "clock.hours", Math.floor((s % 3600) / 60), "clock.minutes");
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** What a seat's clock reads now: {text, low, running}. */
export function reading(clock, seatClock, now = Date.now() / 1000 - skew) {
  if (seatClock.deadline === null || seatClock.deadline === undefined) {
    const reserve = clock.kind === "realtime" ? ` + ${duration(seatClock.left)}` : "";
    return { text: `${duration(clock.move)}${reserve}`, low: false, running: false };
  }
  const remaining = seatClock.deadline - now;
  if (remaining <= 0) return { text: t("clock.out"), low: true, running: true };
  // The move's own time, with a reserve still behind it: no warning yet (the reserve takes over).
  if (clock.kind === "realtime" && seatClock.left > 0 && remaining > seatClock.left) {
    return { text: `${duration(remaining - seatClock.left)} + ${duration(seatClock.left)}`, low: false, running: true };
  }
  // the last seconds before the stand-in plays: always the last 10, and earlier on a long move
  return { text: duration(remaining), low: remaining <= LOW_SECONDS || remaining < Math.min(20, clock.move / 2), running: true };
}

/** A table's time control in words: "Real time: 0:10 a move + 2:00 in reserve", "Turn-based: 1 d a move". */
export function controlWords(clock) {
  return clock.kind === "realtime"
    ? t("clock.realtime", { move: duration(clock.move), reserve: duration(clock.reserve) })
    : t("clock.turn", { move: duration(clock.move) });
}

/** The clocks strip: the time control, and one chip per human seat (null at a table without a clock). */
export function renderClocks(summary, me) {
  const clock = summary && summary.clock;
  if (!clock || summary.status === "over") return null; // nobody's time runs any more: the result says it all
  const words = controlWords(clock);
  return h("section", { class: "clocks", dataset: { testid: "clocks" }, "aria-label": t("clock.title") },
    h("span", { class: "clock-control muted small" }, words),
    clock.seats.map((seatClock) => {
      const now = reading(clock, seatClock);
      return h("span", {
        class: ["clock-chip", `seat-c${seatClock.seat % 6}`, now.running && "is-running", now.low && "is-low", seatClock.seat === me && "is-me"],
        dataset: { testid: `clock-${seatClock.seat}`, seat: String(seatClock.seat) },
      }, h("span", { class: "clock-name" }, seatName(summary, seatClock.seat)), " ",
      h("span", { class: "clock-time", role: "timer", dataset: { testid: `clock-time-${seatClock.seat}` } }, now.text));
    }));
}

let ticking = null;
let shown = null; // the summary the strip on screen was drawn from

/** Keep the strip's numbers moving between messages (one timer for the page). */
export function tickClocks(summary) {
  shown = summary;
  if (ticking) return;
  ticking = setInterval(() => {
    for (const seat of (shown && shown.seats) || []) {
      const el = typeof seat.leaving_in === "number" && document.querySelector(`[data-testid="leaving-time-${seat.seat}"]`);
      if (el) el.textContent = duration(leavingLeft(seat));
    }
    const clock = shown && shown.clock;
    if (!clock) return;
    for (const seatClock of clock.seats) {
      const el = document.querySelector(`[data-testid="clock-time-${seatClock.seat}"]`);
      if (!el) continue;
      const now = reading(clock, seatClock);
      if (el.textContent !== now.text) el.textContent = now.text;
      el.parentElement.classList.toggle("is-low", now.low);
    }
  }, 250);
}

export function stopClocks() {
  clearInterval(ticking);
  ticking = null;
  shown = null;
}
