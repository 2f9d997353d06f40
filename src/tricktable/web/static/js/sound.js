// Sound and motion at the table: a short tone when it becomes your turn and when a trick is taken
// (generated with Web Audio: no sound files), off until the player turns it on; the taken trick's cards fly
// to their taker, unless the system asks for reduced motion. And the "your turn" notification.

const KEY = "tricktable.sound";
let audio = null;

/** Whether the player turned the sound on (off by default). */
export function soundOn() {
  return localStorage.getItem(KEY) === "on";
}

/** Turn the sound on or off (call from a click: browsers start audio only on a user gesture). */
export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on) {
    context();
    tone([660, 880], 0.08);
  }
}

function context() {
  if (!audio) {
    const Ctor = window.AudioContext || window.webkitAudioContext;
    if (!Ctor) return null;
    audio = new Ctor();
  }
  if (audio.state === "suspended") audio.resume();
  return audio;
}

/** Play `notes` (Hz) one after another, each `length` seconds, softly. */
function tone(notes, length) {
  const ctx = context();
  if (!ctx) return;
  let at = ctx.currentTime;
  for (const frequency of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.12, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.02);
    at += length;
  }
}

/** Counted for tests: how many tones of each kind were asked for. */
export const played = { turn: 0, trick: 0 };

export function playTurn() {
  if (!soundOn()) return;
  played.turn += 1;
  tone([523, 784], 0.12);
}

export function playTrick() {
  if (!soundOn()) return;
  played.trick += 1;
  tone([392, 330], 0.09);
}

/** Whether the system asks for less motion. */
export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** Fly the last trick's cards (in `root`) to the taker's seat; nothing under reduced motion. */
export function flyTrick(root, taker) {
  if (reducedMotion() || typeof taker !== "number") return 0;
  const target = root.querySelector(`[data-testid="seat-${taker}"]`);
  const cards = root.querySelectorAll(".last-trick .trick-entry, .trick .trick-entry");
  if (!target || !cards.length || !document.body.animate) return 0;
  const to = target.getBoundingClientRect();
  let flying = 0;
  for (const card of cards) {
    const from = card.getBoundingClientRect();
    if (!from.width) continue;
    const ghost = card.cloneNode(true);
    ghost.classList.add("trick-ghost");
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px` });
    document.body.appendChild(ghost);
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    const flight = ghost.animate([
      { transform: "translate(0, 0) scale(1)", opacity: 0.95 },
      { transform: `translate(${dx}px, ${dy}px) scale(.35)`, opacity: 0 },
    ], { duration: 650, easing: "cubic-bezier(.4, .1, .3, 1)" });
    flight.onfinish = () => ghost.remove();
    flight.oncancel = () => ghost.remove();
    flying += 1;
  }
  return flying;
}

/** Whether the page may show notifications, and whether it could ask. */
export function notifyState() {
  if (!("Notification" in window)) return "unsupported";
  return Notification.permission; // "default" (may ask), "granted", "denied"
}

/** Ask for notifications (call from a click). */
export async function askNotify() {
  if (notifyState() !== "default") return notifyState();
  try {
    return await Notification.requestPermission();
  } catch {
    return "denied";
  }
}

/** "Your turn" as a system notification, when allowed and the page is not in front. */
export function notifyTurn(title, body, tag) {
  if (notifyState() !== "granted" || !document.hidden) return;
  try {
    const note = new Notification(title, { body, tag });
    note.onclick = () => { window.focus(); note.close(); };
  } catch {
    // some browsers allow notifications only from a service worker: the title still says it
  }
}
