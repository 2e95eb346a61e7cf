// Keeping the matches (issues 15, 33), the game page's side: each match saved after every action
// under its own key (the engine's `save`, kept by saves.js), never over another; when the page
// opens, the unfinished matches offered (those of this very link when it deals one: a seed, a
// position, the deal of the day), each with its rule set, hand, scores and date; a save that cannot
// be read or resumed reported in one line and set aside (said only when it was); a save that cannot
// be written said once, with what to do; the settlement's extra buttons (watch this hand again,
// export, copy a replay link), the deal of the day and, after it, the player's total beside what
// the normal and hard bots made in the player's seat on the same walls.

import { call, LONG_CALL, replayProblem, shorten } from "../engine/engine.js";
import { t, getLang } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { durable, keepMatch, newSlot, pruneAside, readSaves, recover, remember, removeSlot, setAside, slotOf, CAPS } from "../keep/saves.js";
import { downloadReplay, replayLink } from "../keep/replayio.js";

const DAILY_KEY = "mahjong.daily";
export const DAILY_HANDS = 4;
/** The lines one notice gives the saves that cannot be read; more are counted in a last line. */
const MAX_LINES = 3;

/** The deal of the day's seed: the same for everyone on a (UTC) date, e.g. 20261201. */
export function dailySeed(date = new Date()) {
  return Number(date.toISOString().slice(0, 10).replace(/-/g, ""));
}

function dailyDate(seed) {
  const s = String(seed);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** A short digest of a text (a position link's), for a link's name. */
function digest(/** @type {string} */ text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * The name of the match a page's link deals ("" for a link that deals any match): what it fixes
 * of the match (seed, position, rule set, length, timer), from its checked parameters
 * (settings.js readParams). A page reloaded with the same link offers that match. A link that
 * fixes no deal (neither seed nor position: a lesson's "Play", a tutorial's `?variant=longyan`)
 * deals any match, and offers every match left unfinished, as the plain page does.
 * @param {Record<string, any>} params
 */
export function matchLink(params) {
  if (!("seed" in params) && !params.position) return "";
  const parts = [];
  for (const name of ["variant", "seed", "hands", "timer"]) if (name in params) parts.push(`${name}=${params[name]}`);
  if (params.position) parts.push(`position=${digest(JSON.stringify(params.position))}`);
  return parts.join("&");
}

/** The name of a deal of the day's match (its args: keeper.daily). @param {{seed: number, variant: string, hands: number}} args */
export function dailyLink(args) {
  return `daily=${args.seed}&variant=${args.variant}&hands=${args.hands}`;
}

/**
 * The keeper: `ui` (ui.js) for dialogs, `notice(lines, buttons)` for the one-line reports,
 * `withdraw(lines, buttonIds)` to take back lines said (a save written again: "no longer saved"
 * is no longer true), `current()` the state on the table (saved again once a removed save makes room).
 */
export function createKeeper({ ui, notice, withdraw = (_lines, _ids) => {}, current = () => null }) {
  // the slots a killed browser left newer on disk than in localStorage, put back before any is read
  const recovered = recover().catch(() => []);
  const tell = (/** @type {string} */ why, /** @type {Set<string>} */ said) => tellOnce(why, said, notice, manage);
  let pending = Promise.resolve();
  /** @type {import("../keep/saves.js").Slot | null} where the match on the table is kept */
  let slot = null;
  /** the write failures said already for the match on the table: each once a match */
  let told = new Set();

  /** A new match starts: it gets its own key (written at its first action); `link` names the link that dealt it. */
  function begin(link = "") {
    slot = newSlot(link);
    told = new Set();
  }

  /**
   * Save the match as it is now (queued after any save still on its way): `save` when the move's
   * answer brought it (app.js move), else asked of the engine.
   */
  function saved(state, save = null) {
    if (!keeper.enabled || !state || !slot) return pending;
    const mine = slot;
    pending = pending.then(async () => {
      if (!save) ({ save } = await call("save"));
      if (mine !== slot) return; // another match started meanwhile
      if (!mine.last && !save.hands.some((h) => h.actions.length)) return; // a deal alone: nothing yet to lose
      const why = keepMatch(mine, save);
      if (mine.forked && !told.has("elsewhere")) {
        told.add("elsewhere");
        notice([t("keep.elsewhere")]);
      }
      if (why) tell(why, told);
      else untell(told, withdraw); // "no longer saved" is no longer true
      if (!why && state.match?.is_over && remember(save) === null) {
        // finished, and now among the finished matches for the viewer (when that list cannot take
        // it, it stays in its own key, which the viewer reads too)
        removeSlot(mine.key);
        slot = null;
      }
      await durable(); // the save on disk (saves.js), before the next is written
    }).catch(() => {}); // the game goes on; a stale answer belongs to a match gone
    return pending;
  }

  /**
   * The match of a kept save in the engine, kept on in the same key from now on; null when it
   * cannot be resumed (reported, and set aside: said so only when it was).
   * @param {import("../keep/saves.js").Kept} kept
   */
  async function resume(kept) {
    const state = await resumed(kept, notice);
    if (state) {
      slot = slotOf(kept);
      told = new Set();
    }
    return state;
  }

  /** The kept matches, to export or remove one; the match on the table saved again on closing (a removed save made room). */
  function manage() {
    manageKept(ui, () => {
      if (current()) saved(current());
    });
  }

  const keeper = {
    begin, saved, resume, manage, daily,
    // the matches to offer, set aside what cannot be read (once what a killed browser left on disk is back)
    offer: (link = "") => recovered.then(() => offerKept(link, notice)),
    /** @param {import("../keep/saves.js").Kept[]} list */
    ask: (list) => askKept(ui, list),
    settlementButtons: (state) => settlementButtons(ui, state),
    compare: (state) => compare(ui, state),
    /** Whether matches are saved (false: an embedding page's demo, or a browser that keeps nothing for it). */
    enabled: true,
  };
  return keeper;
}

/**
 * Say once a match why it is not saved, and what the player can do.
 * @param {string} why @param {Set<string>} said the match's @param {(lines: string[], buttons: any[]) => void} notice
 * @param {() => void} manage
 */
function tellOnce(why, said, notice, manage) {
  if (said.has(why)) return;
  said.add(why);
  notice(...unsavedNotice(why, manage));
}

/**
 * A save went through: the failures said for this match are no longer true, taken back (and said
 * again should they recur).
 * @param {Set<string>} said @param {(lines: string[], ids: string[]) => void} withdraw
 */
function untell(said, withdraw) {
  for (const why of [...said]) {
    if (why === "elsewhere") continue;
    said.delete(why);
    const [lines, buttons] = unsavedNotice(why, () => {});
    withdraw(lines, buttons.map((b) => b.id));
  }
}

/**
 * Why the match is not saved, and what the player can do: export it, or (a full list, or full
 * storage: "remove saved matches") open the saved matches to remove one.
 * @param {string} why @param {() => void} manage
 * @returns {[string[], Array<{label: string, on: () => void, id: string}>]}
 */
function unsavedNotice(why, manage) {
  const buttons = [{ label: t("keep.exportMatch"), on: () => void exportReplay(null), id: "keep-export" }];
  if (why === "full" || why === "quota") buttons.push({ label: t("keep.saved"), on: () => manage(), id: "keep-manage" });
  return [[t(`keep.cannot.${why}`, { n: CAPS.saves })], buttons];
}

/**
 * The state of a kept match resumed in the engine, or null when it cannot be (unresumable).
 * @param {import("../keep/saves.js").Kept} kept @param {(lines: string[]) => void} notice
 */
async function resumed(kept, notice) {
  try {
    return (await call("resume", { save: kept.save })).state;
  } catch (error) {
    if (error.kind === "stale") throw error;
    unresumable(kept, error, notice);
    return null;
  }
}

/**
 * A kept match the engine could not resume: another version's is left as it is; any other is set
 * aside, reported in one line (said to be set aside only when it was).
 * @param {import("../keep/saves.js").Kept} kept @param {any} error @param {(lines: string[]) => void} notice
 */
function unresumable(kept, error, notice) {
  const problem = replayProblem(error);
  if (problem?.code === "version") {
    // another version's save: its own to resume, left as it is
    notice([t("keep.other.one", { n: 1 })]);
    return;
  }
  // why: the engine's reading of it, a request too large or deep to send, or an engine failure
  const why = problem ? (problem.code === "version" ? "old" : "corrupt") : error.kind === "invalid" ? "tooBig" : "engine";
  const aside = setAside(kept.key);
  notice([t(aside ? "keep.fate.asideNew" : "keep.fate.stuck", { why: t(`keep.why.${why}`, { message: shorten(error.message, 120) }) })]);
}

// --- offering the kept matches, and managing them ---

/**
 * The unfinished matches to offer, newest first: every one, or only those `link` dealt. A save
 * that cannot be read is set aside and reported in one line (and said to be set aside only when it was).
 * @param {string} link @param {(lines: string[]) => void} notice  the page's one-line reports
 */
function offerKept(link, notice) {
  const { saves, bad, other } = readSaves();
  /** @type {string[]} */
  const moved = [];
  /** @type {Map<string, {fate: string, problem: string, message: string, n: number}>} the saves of each fate and problem */
  const groups = new Map();
  for (const { key, problem, message = "" } of bad) {
    const aside = setAside(key);
    if (aside) moved.push(aside);
    const fate = aside ? "aside" : "stuck";
    const group = groups.get(`${fate} ${problem}`) ?? { fate, problem, message, n: 0 };
    group.n++;
    groups.set(`${fate} ${problem}`, group);
  }
  // one line for the saves of each fate and problem, with their true count; past MAX_LINES, the
  // rest counted in a last line
  const all = [...groups.values()];
  const shown = all.length > MAX_LINES ? all.slice(0, MAX_LINES - 1) : all;
  const lines = shown.map(({ fate, problem, message, n }) => (n === 1
    ? t(`keep.fate.${fate}`, { why: t(`keep.why.${problem}`, { message: shorten(message, 120) }) })
    : t(`keep.fate.${fate}Many`, { why: t(`keep.whyMany.${problem}`, { n }) })));
  const untold = all.slice(shown.length).reduce((sum, g) => sum + g.n, 0);
  if (untold) lines.push(t("keep.more", { n: untold }));
  if (other.length) lines.push(t(other.length === 1 ? "keep.other.one" : "keep.other.many", { n: other.length }));
  if (lines.length) notice(lines);
  pruneAside(moved); // the oldest set-aside saves beyond the cap, never one this pass has just said
  const open = saves.filter((k) => !k.summary.over);
  return link ? open.filter((k) => k.link === link) : open;
}

/** A kept match in a line: rule set, hand n of m, scores, date (and whether its last moves were lost). */
function describe(/** @type {import("../keep/saves.js").Kept} */ kept) {
  const { variant, hand, hands, scores } = kept.summary;
  const parts = [t(`variant.${variant}`) === `variant.${variant}` ? variant.slice(0, 20) : t(`variant.${variant}`),
    t("table.handOf", { n: hand, total: hands })];
  if (kept.link.startsWith("daily=")) parts.unshift(t("keep.daily"));
  if (scores) {
    // each score by its seat as the player sat ("You 18, Right -6, …"): which one is theirs is said
    const human = Number.isInteger(kept.save?.match?.human) && kept.save.match.human >= 0 && kept.save.match.human < 4 ? kept.save.match.human : 0;
    const named = [0, 1, 2, 3].map((rel) => `${t(`seat.${rel}`)} ${scores[(human + rel) % 4]}`);
    parts.push(t("keep.scores", { scores: named.join(t("settle.detail.comma")) }));
  }
  if (kept.at) parts.push(new Intl.DateTimeFormat(getLang(), { dateStyle: "medium", timeStyle: "short" }).format(kept.at));
  const line = parts.join(" · ");
  return kept.behind ? `${line} · ${t("keep.behind")}` : line;
}

/**
 * Offer the kept matches: resolves with the one to continue, or null for a new match. Each row
 * can also be exported or removed (the player's choice: nothing else removes a save).
 * @param {any} ui  ui.js: its dialogs @param {import("../keep/saves.js").Kept[]} list
 */
function askKept(ui, list) {
  return new Promise((resolve) => {
    const done = (answer) => {
      ui.closeDialog("resume");
      resolve(answer);
    };
    const rows = el("ul", { class: "saves" });
    const fill = () => {
      if (!list.length) {
        done(null);
        return;
      }
      rows.replaceChildren(...list.map((kept, i) => savesRow(kept, i, {
        onContinue: () => done(kept),
        onRemove: () => {
          removeSlot(kept.key);
          list = list.filter((k) => k !== kept);
          fill();
        },
      })));
      ui.dialogs.open("resume", "resume", t("game.title"), [
        el("p", { text: list.length === 1 ? t("keep.resumeOne") : t("keep.resumeMany") }), rows,
      ], [
        el("button", { type: "button", id: "resume-new", text: t("keep.discard"), onclick: () => done(null) }),
      ], { onClose: () => done(null) });
      document.getElementById("resume-continue")?.focus();
    };
    fill();
  });
}

/** The kept matches, to export or remove one (the notice of a full list offers it); `closed` once the dialog closes. */
function manageKept(ui, closed) {
  let list = readSaves().saves;
  const rows = el("ul", { class: "saves" });
  const close = () => {
    ui.closeDialog("saves");
    closed();
  };
  const fill = () => {
    rows.replaceChildren(...list.map((kept, i) => savesRow(kept, i, {
      onRemove: () => {
        removeSlot(kept.key);
        list = list.filter((k) => k !== kept);
        fill();
      },
    })));
  };
  fill();
  ui.dialogs.open("saves", "resume", t("keep.saved"), [rows],
    [el("button", { type: "button", class: "primary", text: t("replay.close"), onclick: close })], { onClose: close });
}

/** One kept match: its line, and its buttons (continue, export, remove). */
function savesRow(kept, i, { onContinue = null, onRemove }) {
  const suffix = i ? `-${i}` : "";
  const buttons = [];
  if (onContinue) {
    buttons.push(el("button", { type: "button", id: `resume-continue${suffix}`, class: i ? "" : "primary", text: t("keep.continue"), onclick: onContinue }));
  }
  buttons.push(
    el("button", { type: "button", id: `resume-export${suffix}`, text: t("keep.export"), onclick: () => downloadReplay(kept.save) }),
    el("button", { type: "button", id: `resume-remove${suffix}`, text: t("keep.remove"), onclick: onRemove }),
  );
  return el("li", { "data-key": kept.key }, el("span", { text: describe(kept) }), el("span", { class: "row-buttons" }, buttons));
}

/** Buttons the settlement adds: watch this hand again, export (hand, match), copy a link, and the comparison after a daily match. */
function settlementButtons(ui, state) {
  const hand = state.match.hand_number;
  const buttons = [
    el("button", { type: "button", id: "settle-watch", text: t("keep.watch"), onclick: () => watch(hand) }),
    el("button", { type: "button", id: "settle-export", text: t("keep.exportMatch"), onclick: () => exportReplay(null) }),
    el("button", { type: "button", id: "settle-export-hand", text: t("keep.exportHand"), onclick: () => exportReplay(hand) }),
  ];
  if (state.match.is_over && isDaily(state)) {
    buttons.push(el("button", { type: "button", id: "settle-compare", text: t("keep.compare"), onclick: () => compare(ui, state) }));
  }
  return buttons;
}

async function watch(hand) {
  const { replay } = await call("export", { hand });
  location.href = await replayLink(replay, { hand: 0, base: location.href });
}

async function exportReplay(hand) {
  const { replay } = await call("export", hand === null ? {} : { hand });
  downloadReplay(replay);
}

// --- the deal of the day ---

function isDaily(state) {
  let daily = null;
  try {
    daily = JSON.parse(localStorage.getItem(DAILY_KEY) || "null");
  } catch {
    daily = null; // unreadable or blocked: not the deal of the day
  }
  return !!daily && typeof daily === "object" && daily.seed === state.match.seed && daily.hands === state.match.hands;
}

/** The daily match's settings (the caller starts it): today's seed, default options, four hands
 * unless a `hands` URL parameter asks for another length (the same link deals the same to all). */
function daily(settings, hands = DAILY_HANDS) {
  const seed = dailySeed();
  try {
    localStorage.setItem(DAILY_KEY, JSON.stringify({ seed, hands }));
  } catch {
    // storage blocked: the comparison is offered only while the page stays open
  }
  return { variant: settings.variant, options: {}, hands, level: settings.level, autoplay: false, seed };
}

/** The player's total beside the normal and hard bots' in the same seat on the same walls (bridge duplicate). */
async function compare(ui, state) {
  const status = el("p", { text: t("keep.computing") });
  const table = el("table", { class: "scores compare" });
  ui.dialogs.open("compare", "compare", t("keep.compareTitle"), [el("p", { text: t("keep.dailyStatus", { date: dailyDate(state.match.seed) }) }), status, table],
    [el("button", { type: "button", class: "primary", text: t("replay.close"), onclick: () => ui.closeDialog("compare") })],
    { onClose: () => ui.closeDialog("compare") });
  const { save } = await call("save");
  const { hands } = await call("replay_open", { replay: save });
  const me = state.human;
  const rows = hands.map((h) => ({ n: h.number, you: h.result?.deltas[me] ?? 0, normal: null, hard: null }));
  const draw = () => {
    const total = (k) => rows.reduce((sum, r) => sum + (r[k] ?? 0), 0);
    const line = (label, r) => el("tr", {}, el("td", { text: label }),
      ...["you", "normal", "hard"].map((k) => el("td", { class: "num", text: r[k] === null ? "…" : String(r[k]) })));
    table.replaceChildren(
      el("thead", {}, el("tr", {}, el("th", { text: "" }), el("th", { class: "num", text: t("keep.compareYou") }),
        el("th", { class: "num", text: t("keep.compareLevel.normal") }), el("th", { class: "num", text: t("keep.compareLevel.hard") }))),
      el("tbody", {}, rows.map((r) => line(t("keep.compareHand", { n: r.n + 1 }), r)),
        el("tr", { class: "me" }, el("td", { text: t("keep.compareTotal") }),
          ...["you", "normal", "hard"].map((k) => el("td", { class: "num", id: `compare-${k}`, text: String(total(k)) })))));
  };
  draw();
  for (const level of ["normal", "hard"]) {
    for (let i = 0; i < rows.length; i++) {
      const { result } = await call("duplicate", { hand: i, level }, LONG_CALL);
      rows[i][level] = result.deltas[me];
      draw();
    }
  }
  status.textContent = "";
  table.dataset.done = "true";
}
