// The player's record (keep/record.js) to browse, export and import: a few figures per rule set,
// then every match played here, newest first, the matches under way (from the saves) marked as
// such. It is kept in this browser's storage only: the export is a file the player downloads, the
// import a file they pick (read here, checked line by line, added to: nothing kept is lost);
// nothing is sent anywhere. A record that cannot be drawn shows what it can, and its stored text
// can still be exported as it is.

import { t, has, getLang } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { readRecord, rawRecord, figures, recordFile, importRecord, underwayLines, newestFirst, RecordFileError, MOST } from "../keep/record.js";
import { readSaves } from "../keep/saves.js";
import { downloadReplay } from "../keep/replayio.js";

const SHOWN = 200; // lines listed (the file holds them all)

/** A rule set's name; one this page does not know (a newer page's file) as it is written, as text. @param {string} variant */
const ruleName = (variant) => (has(`variant.${variant}`) ? t(`variant.${variant}`) : variant);

/** The matches under way, from the saves ([] when they cannot be read). */
function underway() {
  try {
    return underwayLines(readSaves().saves);
  } catch {
    return [];
  }
}

const num = (/** @type {string} */ text) => el("td", { class: "num", text });
const pct = (/** @type {number} */ n, /** @type {number} */ of) => (of ? `${n} (${Math.round((100 * n) / of)}%)` : "0");

/** The figures per rule set, in `box`. @param {HTMLElement} box @param {import("../keep/record.js").Line[]} lines */
function drawFigures(box, lines) {
  const variants = [...new Set(lines.map((l) => l.variant))];
  box.replaceChildren(el("table", { class: "record-by-rules", id: "record-figures" },
    el("thead", {}, el("tr", {}, ...["rules", "matches", "hands", "wins", "dealtIn", "average", "firsts"]
      .map((k, i) => el("th", { class: i ? "num" : "", text: t(`record.col.${k}`) })))),
    el("tbody", {}, variants.map((v) => {
      const f = figures(lines, v);
      return el("tr", { "data-variant": v },
        el("td", { text: ruleName(v) }),
        num(f.underway ? t("record.withUnderway", { matches: f.matches, underway: f.underway }) : String(f.matches)),
        num(String(f.hands)), num(pct(f.wins, f.hands)),
        // a rule set that allows no discard win (Xinyu is self-draw only) has no deal-in figure
        f.dealtIn === null ? el("td", { class: "num none", text: t("record.noDealIn") }) : num(pct(f.dealtIn, f.dealtHands)),
        num((Math.round(f.average * 10) / 10).toString()), num(String(f.firsts)));
    }))));
}

/** Every match, newest first (the first SHOWN), in `box`. @param {HTMLElement} box @param {import("../keep/record.js").Line[]} lines */
function drawList(box, lines) {
  const when = new Intl.DateTimeFormat(getLang(), { dateStyle: "short", timeStyle: "short" });
  const dateText = (/** @type {number | null} */ at) => {
    try {
      return at === null ? t("record.unknownDate") : when.format(new Date(at));
    } catch {
      return t("record.unknownDate");
    }
  };
  const finished = lines.filter((l) => !l.underway).length;
  box.replaceChildren(
    el("h3", { text: t("record.matches", { n: finished }) }),
    el("table", { class: "record-matches", id: "record-matches" },
      el("thead", {}, el("tr", {}, ...["when", "rules", "hands", "score", "place", "wins", "dealtIn"]
        .map((k, i) => el("th", { class: i > 1 ? "num" : "", text: t(`record.col.${k}`) })))),
      el("tbody", {}, lines.slice(0, SHOWN).map((l) => el("tr", l.underway ? { class: "underway", "data-underway": "1" } : {},
        el("td", { text: l.underway ? t("record.underway") : dateText(l.at) }), el("td", { text: ruleName(l.variant) }),
        num(String(l.hands)), num(String(l.score)), num(String(l.place)), num(String(l.wins)),
        num(l.dealtIn === null ? t("record.noDealIn") : String(l.dealtIn)))))),
    lines.length > SHOWN ? el("p", { class: "note", text: t("record.more", { n: lines.length - SHOWN }) }) : "");
}

/** A record that could not be drawn: said in `box`, and its stored text offered as a file, as it is. @param {HTMLElement} box @param {Storage | null} storage */
function drawBroken(box, storage) {
  const raw = rawRecord(storage);
  box.replaceChildren(el("p", { id: "record-broken", role: "alert", text: t("record.broken") }),
    raw ? el("p", {}, el("button", { type: "button", id: "record-export-raw", text: t("record.exportRaw"), onclick: () => {
      const blob = new Blob([raw], { type: "application/json" });
      const a = el("a", { href: URL.createObjectURL(blob), download: `mahjong-record-raw-${new Date().toISOString().slice(0, 10)}.json` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.getAttribute("href") ?? ""), 10_000);
    } })) : "");
}

/**
 * Open the record's dialog.
 * @param {import("./dialogs.js").Dialogs} dialogs @param {Storage | null} storage
 */
export function openRecord(dialogs, storage) {
  const figuresBox = el("div", { class: "record-figures" });
  const listBox = el("div", { class: "record-list" });
  const status = el("p", { id: "record-status", role: "status", class: "record-status" });
  const brokenBox = el("div", { class: "record-broken" });
  const fill = () => {
    brokenBox.replaceChildren();
    let lines = [];
    try {
      lines = [...newestFirst(underway()), ...newestFirst(readRecord(storage))];
    } catch {
      drawBroken(brokenBox, storage);
      return;
    }
    if (!lines.length) {
      figuresBox.replaceChildren(el("p", { id: "record-empty", text: t("record.empty") }));
      listBox.replaceChildren();
      return;
    }
    // each part drawn on its own: one that throws leaves the others, and the raw export, shown
    for (const [draw, box] of /** @type {const} */ ([[drawFigures, figuresBox], [drawList, listBox]])) {
      try {
        draw(box, lines);
      } catch {
        box.replaceChildren();
        drawBroken(brokenBox, storage);
      }
    }
  };

  const exportButton = el("button", { type: "button", id: "record-export", text: t("record.export"), onclick: () => {
    const lines = readRecord(storage);
    if (!lines.length) {
      status.textContent = t("record.nothing");
      return;
    }
    downloadReplay(recordFile(lines), `mahjong-record-${new Date().toISOString().slice(0, 10)}.json`);
    status.textContent = t("record.exported", { n: lines.length });
  } });
  const file = el("input", { type: "file", id: "record-file", accept: ".json,application/json", hidden: true });
  file.addEventListener("change", async () => {
    const picked = file.files?.[0];
    file.value = "";
    if (!picked) return;
    try {
      const r = importRecord(storage, await picked.text());
      const parts = [r.kept ? t("record.imported", { added: r.added, known: r.known }) : t("record.notKept")];
      if (r.undated) parts.push(t("record.undated", { n: r.undated }));
      if (r.full) parts.push(t("record.full", { n: r.full, most: MOST }));
      if (r.bad) parts.push(t("record.badLines", { n: r.bad }));
      status.textContent = parts.join(" ");
    } catch (error) {
      status.textContent = error instanceof RecordFileError ? t(`record.bad.${error.code}`) : t("record.notKept");
    }
    fill();
  });
  const importButton = el("button", { type: "button", id: "record-import", text: t("record.import"), onclick: () => file.click() });
  const close = () => dialogs.close("record");
  fill();
  dialogs.open("record", "record", t("record.title"),
    [el("p", { class: "note", text: t("record.note") }), el("p", { class: "note", id: "record-cap", text: t("record.cap", { n: MOST }) }),
      brokenBox, figuresBox, status, listBox, file],
    [exportButton, importButton, el("button", { type: "button", class: "primary", id: "record-close", text: t("settings.close"), onclick: close })],
    { onClose: close });
}
