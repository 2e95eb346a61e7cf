// The player's record (keep/record.js) to browse, export and import: a few figures per rule set,
// then every match played to its end in this browser, newest first. It is kept in this browser's
// storage only: the export is a file the player downloads, the import a file they pick (read
// here, checked line by line, merged in: nothing kept is lost); nothing is sent anywhere.

import { t, has, getLang } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { readRecord, figures, recordFile, importRecord, RecordFileError } from "../keep/record.js";
import { downloadReplay } from "../keep/replayio.js";

const SHOWN = 200; // lines listed (the file holds them all)

/** A rule set's name; one this page does not know (a newer page's file) as it is written, as text. @param {string} variant */
const ruleName = (variant) => (has(`variant.${variant}`) ? t(`variant.${variant}`) : variant);

/**
 * Open the record's dialog.
 * @param {import("./dialogs.js").Dialogs} dialogs @param {Storage | null} storage
 */
export function openRecord(dialogs, storage) {
  const figuresBox = el("div", { class: "record-figures" });
  const listBox = el("div", { class: "record-list" });
  const status = el("p", { id: "record-status", role: "status", class: "record-status" });
  const fill = () => {
    const lines = readRecord(storage);
    const variants = [...new Set(lines.map((l) => l.variant))];
    if (!lines.length) {
      figuresBox.replaceChildren(el("p", { id: "record-empty", text: t("record.empty") }));
      listBox.replaceChildren();
      return;
    }
    const pct = (n, of) => (of ? `${n} (${Math.round((100 * n) / of)}%)` : "0");
    figuresBox.replaceChildren(el("table", { class: "record-by-rules", id: "record-figures" },
      el("thead", {}, el("tr", {}, ...["rules", "matches", "hands", "wins", "dealtIn", "average", "firsts"]
        .map((k, i) => el("th", { class: i ? "num" : "", text: t(`record.col.${k}`) })))),
      el("tbody", {}, variants.map((v) => {
        const f = figures(lines, v);
        return el("tr", { "data-variant": v },
          el("td", { text: ruleName(v) }), el("td", { class: "num", text: String(f.matches) }), el("td", { class: "num", text: String(f.hands) }),
          el("td", { class: "num", text: pct(f.wins, f.hands) }), el("td", { class: "num", text: pct(f.dealtIn, f.hands) }),
          el("td", { class: "num", text: (Math.round(f.average * 10) / 10).toString() }), el("td", { class: "num", text: String(f.firsts) }));
      }))));
    const when = new Intl.DateTimeFormat(getLang(), { dateStyle: "short", timeStyle: "short" });
    const newest = lines.slice().reverse().slice(0, SHOWN);
    listBox.replaceChildren(
      el("h3", { text: t("record.matches", { n: lines.length }) }),
      el("table", { class: "record-matches", id: "record-matches" },
        el("thead", {}, el("tr", {}, ...["when", "rules", "hands", "score", "place", "wins", "dealtIn"]
          .map((k, i) => el("th", { class: i > 1 ? "num" : "", text: t(`record.col.${k}`) })))),
        el("tbody", {}, newest.map((l) => el("tr", {},
          el("td", { text: when.format(new Date(l.at)) }), el("td", { text: ruleName(l.variant) }),
          el("td", { class: "num", text: String(l.hands) }), el("td", { class: "num", text: String(l.score) }),
          el("td", { class: "num", text: String(l.place) }), el("td", { class: "num", text: String(l.wins) }),
          el("td", { class: "num", text: String(l.dealtIn) }))))),
      lines.length > SHOWN ? el("p", { class: "note", text: t("record.more", { n: lines.length - SHOWN }) }) : "");
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
      if (r.bad) parts.push(t("record.badLines", { n: r.bad }));
      status.textContent = parts.join(" ");
    } catch (error) {
      if (!(error instanceof RecordFileError)) throw error;
      status.textContent = t(`record.bad.${error.code}`);
    }
    fill();
  });
  const importButton = el("button", { type: "button", id: "record-import", text: t("record.import"), onclick: () => file.click() });
  const close = () => dialogs.close("record");
  fill();
  dialogs.open("record", "record", t("record.title"),
    [el("p", { class: "note", text: t("record.note") }), figuresBox, status, listBox, file],
    [exportButton, importButton, el("button", { type: "button", class: "primary", id: "record-close", text: t("settings.close"), onclick: close })],
    { onClose: close });
}
