// "Verify this deal" (docs/protocol.md, "Provably fair deals"): this browser recomputes the commitment and
// the seed from the published secret and contributions itself (SHA-256 by WebCrypto), compares the
// commitment with the one it saw at the table, and asks the server to replay the actions from that seed
// (which `tricktable verify RECORD` does on one's own machine too).

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const SEEN = "tricktable.commitments";

/** Remember the commitment a table showed before its first card (kept for its replay's check). */
export function rememberCommitment(summary) {
  const fair = summary && summary.fair;
  if (!fair || !fair.commitment || summary.status === "over") return;
  try {
    const seen = JSON.parse(localStorage.getItem(SEEN) || "{}");
    if (seen[summary.id] === fair.commitment) return;
    seen[summary.id] = fair.commitment;
    const ids = Object.keys(seen);
    for (const old of ids.slice(0, Math.max(0, ids.length - 200))) delete seen[old]; // the latest 200 tables
    localStorage.setItem(SEEN, JSON.stringify(seen));
  } catch { /* storage full or off: the check still runs, without the memory of the start */ }
}

/** 32 random bytes as hex: a player's contribution to the deal, sent with the seat they take. */
export function contribution() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The checks, each {key, ok}: worked out here where the browser can, the replay by the server. */
export async function verifyDeal(id) {
  const record = await api(`/api/tables/${encodeURIComponent(id)}/record`);
  const fair = record.fair;
  if (!fair) return { holds: false, checks: [{ key: "verify.none", ok: false }] };
  const checks = [];
  if (crypto.subtle) {
    const commitment = await sha256(`tricktable-commit-v1\n${fair.table}\n${fair.secret}`);
    checks.push({ key: "verify.commitment", ok: commitment === fair.commitment && fair.table === id });
    let seen = null;
    try { seen = JSON.parse(localStorage.getItem(SEEN) || "{}")[id] || null; } catch { seen = null; }
    if (seen) checks.push({ key: "verify.seenHere", ok: seen === fair.commitment });
    const joined = [...fair.contributions].sort((a, b) => a[0] - b[0]).map(([seat, value]) => `${seat}:${value}`).join("\n");
    const seed = (1n << 256n) + BigInt(`0x${await sha256(`tricktable-seed-v1\n${fair.table}\n${fair.secret}\n${joined}`)}`);
    checks.push({ key: "verify.seed", ok: String(seed) === String(record.seed), n: fair.contributions.length });
  }
  const server = await api(`/api/tables/${encodeURIComponent(id)}/verify`);
  checks.push({ key: "verify.replay", ok: server.holds, n: record.actions.length });
  return { holds: checks.every((c) => c.ok), checks };
}

/** The replay page's control: a button, then the checks and the verdict. */
export function renderVerify(state, onVerify) {
  const result = state.result;
  return h("section", { class: "verify", dataset: { testid: "verify" } },
    h("button", { type: "button", class: "btn btn-ghost", dataset: { testid: "verify-deal" }, onclick: onVerify,
      disabled: state.busy || null }, t("verify.button")),
    result ? h("div", { class: ["verify-result", result.holds ? "is-ok" : "is-bad"], role: "status" },
      h("strong", { dataset: { testid: "verify-verdict" } }, t(result.holds ? "verify.holds" : "verify.fails")),
      h("ul", {}, result.checks.map((c) => h("li", {}, `${c.ok ? "✓" : "✗"} ${t(c.key, { n: c.n ?? 0 })}`))),
      h("p", { class: "muted small" }, t("verify.how"))) : null);
}
