// A small Markdown renderer for the rules pages: headings, paragraphs, lists, tables, code, bold,
// italics, links. It builds DOM nodes, never HTML strings, so the text cannot inject markup.

import { h } from "./dom.js";

/** Render `text` (Markdown) into an element. */
export function markdown(text) {
  const lines = String(text || "").replace(/\r\n/g, "\n").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    let m;
    if (line.startsWith("```")) {
      const body = [];
      i++;
      while (i < lines.length && !lines[i].startsWith("```")) body.push(lines[i++]);
      i++;
      out.push(h("pre", {}, h("code", {}, body.join("\n"))));
    } else if ((m = /^(#{1,6})\s+(.*)$/.exec(line))) {
      out.push(h(`h${Math.min(m[1].length + 1, 6)}`, { id: slug(m[2]) }, inline(m[2])));
      i++;
    } else if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      out.push(table(rows));
    } else if (/^\s*([-*+]|\d+\.)\s+/.test(line)) {
      const [el, next] = list(lines, i, indentOf(line));
      out.push(el);
      i = next;
    } else if (line.startsWith(">")) {
      const body = [];
      while (i < lines.length && lines[i].startsWith(">")) body.push(lines[i++].replace(/^>\s?/, ""));
      out.push(h("blockquote", {}, markdown(body.join("\n"))));
    } else {
      const body = [];
      while (i < lines.length && lines[i].trim() && !/^(#{1,6}\s|\s*\||\s*([-*+]|\d+\.)\s+|```|>)/.test(lines[i])) body.push(lines[i++]);
      out.push(h("p", {}, inline(body.join(" "))));
    }
  }
  return h("div", { class: "markdown" }, out);
}

function indentOf(line) {
  return /^\s*/.exec(line)[0].length;
}

function list(lines, start, indent) {
  const ordered = /^\s*\d+\./.test(lines[start]);
  const items = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i];
    const m = /^(\s*)([-*+]|\d+\.)\s+(.*)$/.exec(line);
    if (m && m[1].length === indent) {
      items.push({ text: [m[3]], children: [] });
      i++;
    } else if (m && m[1].length > indent && items.length) {
      const [child, next] = list(lines, i, m[1].length);
      items[items.length - 1].children.push(child);
      i = next;
    } else if (line.trim() && !m && indentOf(line) > indent && items.length) {
      items[items.length - 1].text.push(line.trim());
      i++;
    } else {
      break;
    }
  }
  return [h(ordered ? "ol" : "ul", {}, items.map((it) => h("li", {}, inline(it.text.join(" ")), it.children))), i];
}

function cells(row) {
  return row.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

function table(rows) {
  const head = cells(rows[0]);
  const body = rows.slice(1).filter((r) => !/^\s*\|?\s*:?-{2,}/.test(r)).map(cells);
  return h("div", { class: "table-scroll" }, h("table", {},
    h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, inline(c))))),
    h("tbody", {}, body.map((r) => h("tr", {}, r.map((c) => h("td", {}, inline(c))))))));
}

function slug(text) {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "");
}

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*)|((?<![A-Za-z0-9])_[^_\s][^_]*_(?![A-Za-z0-9]))|(\[[^\]]+\]\([^)\s]+\))|(\[[PD]\b[^\]]*\](?!\())/;

/** Inline Markdown: `code`, **bold**, *italic*, _italic_, [links](url), and the rules' [P] / [D: option] tags. */
function inline(text) {
  const out = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index) out.push(rest.slice(0, m.index));
    const token = m[0];
    if (m[1]) out.push(h("code", {}, token.slice(1, -1)));
    else if (m[2]) out.push(h("strong", {}, inline(token.slice(2, -2))));
    else if (m[3] || m[4]) out.push(h("em", {}, inline(token.slice(1, -1))));
    else if (m[6]) out.push(h("span", { class: `tag tag-${token[1]}`, title: token[1] === "P" ? "published rule" : "our default" }, token));
    else {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token);
      const href = /^(https?:|\/|#)/.test(link[2]) ? link[2] : null;
      out.push(href ? h("a", { href, rel: "noopener" }, link[1]) : link[1]);
    }
    rest = rest.slice(m.index + token.length);
  }
  return out;
}
