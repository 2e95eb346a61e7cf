// learn.html: the lessons (issue 34). The course index (no lesson named), a project lesson
// (#rules=longyan&lesson=3, and &step=N for one step) or an author's own (#l=<base64url JSON>, the
// format of py_engine/teach/lessons.py; or one from a file, the course index's file input; &single shows
// the one step named by &step and nothing after it: a tutorial's embedded question). The engine checks a lesson (lesson_check: every problem names
// its step; the words are the catalog's learn.problem.*), gives a step's moment (lesson_step) and
// judges each answer (lesson_judge: right or wrong, and the rule, learn.rule.*). No rules here.
import { startEngine, call, shorten, encodeRequest, LIMITS } from "../engine/engine.js";
import { loadCatalog, variantsOf } from "../engine/catalog.js";
import { LANGS, LANG_NAMES, getLang, setLang, t, tileName, label, has } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { parseHand } from "../art/notation.js";
import { tileImg, tileRow, actionName, shantenText } from "../tutorial/tutorial-view.js";
import { openPage, gameLink, heightChanged } from "../shell/page.js";
import { decodePosition } from "../keep/settings.js";

const page = openPage("learn", { embed: true }); // language, theme, tile script, storage, height messages

/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
/** Where finished lessons are kept (their ids), where this browser keeps anything. */
const FINISHED_KEY = "mahjong.lessons.finished";
const client = startEngine();
/** The course of each rule set the engine lists (lessons/<rules>.json): the page names none. */
const RULESETS = variantsOf(await loadCatalog(client).catch(() => null));
const courses = {};
/** What is on show: a lesson (with its number in its course, null for an author's) and its step. */
const state = { lesson: null, number: null, step: 1, moment: null, verdict: null, finished: false, single: false, source: "", given: null };

/** base64url JSON of a lesson (for links and tests). */
export function lessonLink(lesson) {
  const bytes = new TextEncoder().encode(JSON.stringify(lesson));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return `#l=${btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

/** A lesson text ({lang: text}) in the reader's language, else English. */
function say(text) {
  if (!text || typeof text !== "object") return "";
  return String(text[getLang()] ?? text.en ?? "");
}

/** Marks that close what comes before them: a line never begins with one (Chinese above all). */
const CLOSING = /^[，。；：、）」』！？,.;:)!?]+/;

/** A text with its [tiles] drawn as small tiles (a bracket that cannot be read stays as written). */
function rich(text, size = 22) {
  const out = el("span");
  let at = 0;
  for (const m of text.matchAll(/\[([^\]]*)\]/g)) {
    // the word naming a row ("万子 [123456789m]") stays on the line of its first tile: it ended
    // the row before, which read as that row's name (issue 57)
    const before = text.slice(at, m.index);
    const name = /[^\s，。；：、（「『！？,.;:(!?]+\s?$/.exec(before)?.[0] ?? "";
    out.append(before.slice(0, before.length - name.length));
    at = /** @type {number} */ (m.index) + m[0].length;
    try {
      const hand = parseHand(m[1]);
      const melds = hand.melds.flatMap((meld) => ["|", ...Array(meld.type === "pong" ? 3 : 4).fill(meld.tile)]);
      const flowers = hand.flowers.length ? ["|", ...hand.flowers] : [];
      const row = tileRow([...hand.hand, ...melds, ...flowers], { size, gold: hand.gold });
      // the marks right after the tiles stay on the line of the last tile ("如 [123m]；" never breaks
      // before "；"), while the row itself wraps to a narrow frame's width
      const marks = CLOSING.exec(text.slice(at))?.[0] ?? "";
      at += marks.length;
      if (marks && row.lastElementChild) row.append(el("span", { class: "tile-and-mark" }, row.lastElementChild, marks));
      if (name && row.firstElementChild) row.prepend(el("span", { class: "tile-and-mark" }, name, row.firstElementChild));
      else if (name) out.append(name);
      out.append(row);
    } catch {
      out.append(name, m[0]);
    }
  }
  out.append(text.slice(at));
  return out;
}

/** The ids of the finished lessons, as stored; anything else stored is set aside. */
function finished() {
  try {
    const ids = JSON.parse(page.storage?.getItem(FINISHED_KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function markFinished(id) {
  if (!page.storage) return;
  const ids = finished();
  if (!ids.includes(id)) ids.push(id);
  try {
    page.storage.setItem(FINISHED_KEY, JSON.stringify(ids));
  } catch {
    // full: the lesson is finished all the same
  }
}

async function loadCourse(rules) {
  if (!courses[rules]) {
    const r = await fetch(`./lessons/${rules}.json`);
    if (!r.ok) throw new Error(`lessons/${rules}.json: HTTP ${r.status}`);
    courses[rules] = (await r.json()).lessons;
  }
  return courses[rules];
}

function notice(text) {
  $("notice").hidden = !text;
  $("notice").textContent = text || "";
  heightChanged();
}

/** The lesson the "progress is not kept" line is shown in: the first one opened, until another is
 * (then `false`: said once a visit). @type {object | null | false} */
let notKeptIn = null;

/** Say once, in the first lesson opened, that the reader's progress is not kept (no storage here). */
function tellNotKept() {
  const line = $("not-kept");
  const shown = !!state.lesson && state.lesson === notKeptIn;
  line.hidden = !shown;
  line.textContent = shown ? t(page.embedded ? "learn.notKept.framed" : "learn.notKept.own") : "";
}

function labels() {
  document.title = t("learn.pageTitle");
  $("title").textContent = state.lesson ? say(state.lesson.title) : t("learn.title");
  $("lang").replaceChildren(...LANGS.map((l) => el("option", { value: l, text: LANG_NAMES[l] })));
  $("lang").value = getLang();
  $("lang").setAttribute("aria-label", t("settings.lang"));
  $("retry").textContent = t("learn.retry");
  $("next").textContent = t("learn.next");
  $("index").textContent = t("learn.index");
  tellNotKept();
}

/** Keeps `lang` (and the rest of the query) as the hash changes. */
function go(hash) {
  const lang = new URLSearchParams(location.hash.replace(/^#/, "")).get("lang");
  history.replaceState(null, "", `#${hash}${lang ? `&lang=${lang}` : ""}`);
}

// --- the course index ---------------------------------------------------------------------

async function showCourse() {
  state.lesson = null;
  $("lesson").hidden = true;
  $("course").hidden = false;
  labels();
  const done = finished();
  const parts = [el("p", { class: "help", text: t("learn.intro") })];
  for (const rules of RULESETS) {
    const lessons = await loadCourse(rules);
    parts.push(el("h2", { text: t("learn.course", { rules: t(`variant.${rules}`) }) }),
      el("ol", {}, ...lessons.map((lesson, i) => el("li", { "data-id": lesson.id },
        el("a", { href: `#rules=${rules}&lesson=${i + 1}`, text: say(lesson.title) }),
        done.includes(lesson.id) ? el("span", { class: "done", text: `✓ ${t("learn.done")}` }) : ""))));
  }
  if (!page.storage) parts.push(el("p", { class: "help", text: t("learn.noStorage") }));
  // the browser's own file button speaks the browser's language: a button of ours opens it
  const file = el("input", { type: "file", id: "lesson-file", accept: ".json,application/json", hidden: true, onchange: () => openFile(file) });
  parts.push(el("h2", { text: t("learn.openFile") }), el("p", { class: "help", text: t("learn.authors") }),
    el("p", {}, file, el("button", { type: "button", id: "open-file", text: t("learn.openFile"), onclick: () => file.click() })));
  // the game in the reader's language (which the game keeps only once its settings are stored)
  if (!page.embedded) parts.push(el("p", {}, el("a", { href: gameLink(), id: "to-game", text: t("learn.toGame") })));
  $("course").replaceChildren(el("div", { class: "course" }, ...parts));
  heightChanged();
}

/** A lesson from a file the reader chose: read as text, parsed, checked by the engine like a link's. */
async function openFile(input) {
  const chosen = input.files?.[0];
  if (!chosen) return;
  notice("");
  let lesson;
  try {
    if (chosen.size > 512 * 1024) throw new Error(`${Math.round(chosen.size / 1024)} KB > 512 KB`);
    lesson = JSON.parse(await chosen.text());
  } catch (error) {
    notice(t("learn.badFile", { what: shorten(String(error?.message ?? error), 120) }));
    return;
  }
  go("");
  await openLesson(lesson, null, null, false, "file");
}

// --- a lesson -----------------------------------------------------------------------------

/** The longest request a lesson will cause (its last step judged, with the longest action the page
 * sends: 40 characters) beside the lesson itself: what a lesson may weigh is the limit less that. */
const JUDGE_EXTRA = encodeRequest("lesson_judge", { lesson: 0, step: 9999, action: "x".repeat(40) }).length - 1;

/**
 * The problem of a lesson too large or too deep for the requests it will cause (each step's moment
 * and each answer's verdict send the whole lesson), or null: checked before any is sent.
 * @param {unknown} lesson
 */
function oversize(lesson) {
  try {
    encodeRequest("lesson_judge", { lesson, step: 9999, action: "x".repeat(40) });
    return null;
  } catch (error) {
    if (error.limit === "bytes") {
      const kb = (/** @type {number} */ n) => (n / 1024).toFixed(1);
      return { step: null, code: "size", size: kb(JSON.stringify(lesson).length), max: kb(LIMITS.bytes - JUDGE_EXTRA) };
    }
    if (error.limit === "depth") return { step: null, code: "depth", depth: LIMITS.depth - 2 };
    if (error.limit === "values") return { step: null, code: "values", values: LIMITS.values };
    return null; // not plain JSON cannot come from a link or a file: the engine's check names the rest
  }
}

/**
 * The step a link names: a whole number from 1 to the lesson's steps, or null (the link said none,
 * or one that is not a step of this lesson: `bad` then holds it as written).
 * @param {string | null} text @param {number} total
 */
function linkStep(text, total) {
  if (text === null) return { step: null, bad: null };
  if (/^\d{1,6}$/.test(text) && Number(text) >= 1 && Number(text) <= total) return { step: Number(text), bad: null };
  return { step: null, bad: text };
}

function problemText(p) {
  const params = Object.fromEntries(Object.entries(p).map(([k, v]) => [k, shorten(String(v), 160)]));
  const words = t(`learn.problem.${p.code}`, params);
  return p.step === null ? t("learn.atLesson", { problem: words }) : t("learn.atStep", { n: p.step, problem: words });
}

/**
 * Check and open a lesson at the step `stepText` names (a link's `step`, as written; null: the
 * first). A step that is not one of the lesson's is said, and the lesson opens at its first step,
 * whole (not `single`: the reader can go through it).
 * @param {any} lesson @param {number | null} number @param {string | null} stepText
 */
async function openLesson(lesson, number, stepText, single = false, source = "") {
  let problems;
  const big = oversize(lesson);
  if (big) problems = [big];
  else {
    try {
      ({ problems } = await call("lesson_check", { lesson }));
    } catch (error) {
      // only a refused request is the lesson's fault; an engine that did not answer is not the lesson's
      if (error?.kind !== "invalid") {
        $("status").textContent = t("learn.engineFailed", { error: shorten(String(error?.message ?? error), 120) });
        heightChanged();
        return;
      }
      problems = [{ step: null, code: "lesson", detail: shorten(String(error?.message ?? error), 120) }];
    }
  }
  if (problems.length) {
    state.lesson = null;
    $("lesson").hidden = true;
    $("course").hidden = false;
    labels();
    $("course").replaceChildren(el("div", { class: "problems error" }, el("p", { text: t("learn.problems") }),
      el("ul", {}, ...problems.map((p) => el("li", { "data-step": String(p.step ?? ""), "data-code": p.code, text: problemText(p) }))),
      el("p", {}, el("a", { href: "#", id: "problems-index", text: t("learn.index"), onclick: (/** @type {Event} */ event) => {
        event.preventDefault();
        go("");
        showCourse();
      } }))));
    heightChanged();
    return;
  }
  const { step, bad } = linkStep(stepText, lesson.steps.length);
  if (bad !== null) {
    notice(t("learn.badStep", { step: shorten(bad, 20), total: lesson.steps.length }));
    single = false;
  }
  state.lesson = lesson;
  state.number = number;
  state.finished = false;
  state.single = single;
  state.source = source;
  $("index").hidden = single;
  $("course").hidden = true;
  $("lesson").hidden = false;
  if (!page.storage && !single && notKeptIn !== lesson) notKeptIn = notKeptIn === null ? lesson : false;
  labels();
  await showStep(step ?? 1);
}

async function showStep(n) {
  const lesson = state.lesson;
  const step = lesson.steps[n - 1];
  state.step = n;
  state.moment = null;
  state.verdict = null;
  if (state.number) go(`rules=${lesson.rules}&lesson=${state.number}&step=${n}${state.single ? "&single=1" : ""}`);
  $("counter").textContent = [state.number ? t("learn.lesson", { n: state.number }) : t(state.source === "file" ? "learn.fromFile" : "learn.custom"),
    t("learn.step", { n, total: lesson.steps.length })].join(" · ");
  $("text").replaceChildren(rich(say(step.text)));
  $("hand").replaceChildren();
  $("choices").replaceChildren();
  $("feedback").replaceChildren();
  $("retry").hidden = true;
  $("next").hidden = true;
  $("prompt").textContent = "";
  if (step.question) {
    $("prompt").textContent = t("learn.choose");
    $("choices").replaceChildren(...step.question.choices.map((choice, i) =>
      el("button", { type: "button", class: "answer", "data-choice": String(i), onclick: () => answer({ choice: i }) }, rich(say(choice), 20))));
  } else if (step.position) {
    $("status").textContent = t("analyzer.thinking");
    let moment;
    try {
      ({ moment } = await call("lesson_step", { lesson, step: n }));
    } catch (error) {
      if (state.lesson !== lesson || state.step !== n) return;
      $("status").textContent = t("learn.failed", { error: shorten(String(error?.message ?? error), 120) });
      heightChanged();
      return;
    }
    if (state.lesson !== lesson || state.step !== n) return;
    $("status").textContent = "";
    state.moment = moment;
    drawMoment(moment);
    // the words of this device (tap / click), and buttons named only where there are some
    const discards = moment.actions.some((/** @type {string} */ a) => a.startsWith("discard "));
    const others = moment.actions.some((/** @type {string} */ a) => !a.startsWith("discard "));
    $("prompt").textContent = !discards ? t("learn.actOnly")
      : t(`learn.${others ? "discardOr" : "discard"}.${matchMedia("(pointer: coarse)").matches ? "tap" : "click"}`);
  } else {
    $("next").hidden = state.single;
  }
  heightChanged();
}

/**
 * Whether the gold has been taught by the step on show: a step of an earlier lesson of its course,
 * or of this lesson up to this step, teaches the rule `gold` (a position of Longyan always has a
 * gold, which showed as "Gold: 6 Bamboo" two lessons before it was explained). An author's lesson
 * shows it.
 */
function goldTaught() {
  if (!state.number) return true;
  const course = courses[state.lesson.rules] ?? [];
  const before = [...course.slice(0, state.number - 1).flatMap((l) => l.steps), ...state.lesson.steps.slice(0, state.step)];
  return before.some((s) => s.rule === "gold");
}

/** The reader's hand as tiles to tap (each tile a discard the engine lists), the melds, flowers and
 * gold beside it (once taught), and every other legal action as a button. */
function drawMoment(m) {
  const gold = goldTaught() ? m.gold : null;
  const tiles = m.hand.map((code) => {
    const action = `discard ${code}`;
    const legal = m.actions.includes(action);
    return el("button", { type: "button", class: "tile-button", "data-action": action, disabled: !legal,
      "aria-label": actionName(action), title: actionName(action), onclick: () => answer({ action }) },
    tileImg(code, 40, code === gold ? "gold" : "", tileName(code)));
  });
  const melds = m.melds.flatMap((meld) => [el("span", { class: "gap" }), tileRow(meld.tiles || [meld.tile, meld.tile, meld.tile], { size: 32, gold })]);
  const extra = m.flowers.length ? [el("span", { class: "gap" }), tileRow(m.flowers, { size: 32 })] : [];
  $("hand").replaceChildren(...tiles, ...melds, ...extra);
  if (gold) $("hand").append(el("span", { class: "help" }, ` ${label("puzzle.gold")}`, tileRow([gold], { size: 24, gold })));
  const others = m.actions.filter((a) => !a.startsWith("discard "));
  $("choices").replaceChildren(...others.map((action) => el("button", { type: "button", class: "text", "data-action": action,
    onclick: () => answer({ action }), text: actionWords(action) })));
}

/** An action's button, in the game's own words ("胡", "碰", "杠 5 Dots", "Swim: discard 9 Dots"). */
function actionWords(action) {
  const verb = action.split(" ")[0];
  if (verb === "win") return t("action.win"); // the game's button says 胡, not the puzzles' "win now"
  return has(`puzzle.action.${verb}`) ? actionName(action) : t(`learn.action.${verb}`);
}

function enable(on) {
  for (const b of [...$("hand").querySelectorAll("button"), ...$("choices").querySelectorAll("button")]) {
    b.disabled = !on || (state.moment && b.dataset.action?.startsWith("discard ") && !state.moment.actions.includes(b.dataset.action));
  }
}

async function answer(given) {
  const lesson = state.lesson;
  const n = state.step;
  enable(false);
  let verdict;
  try {
    ({ verdict } = await call("lesson_judge", { lesson, step: n, ...given }));
  } catch (error) {
    if (state.lesson !== lesson || state.step !== n) return;
    // said, and the step can be answered again
    $("status").textContent = t("learn.failed", { error: shorten(String(error?.message ?? error), 120) });
    enable(true);
    heightChanged();
    return;
  }
  if (state.lesson !== lesson || state.step !== n) return;
  $("status").textContent = "";
  state.verdict = verdict;
  state.given = given;
  drawVerdict(given);
  if (verdict.right && n === lesson.steps.length && !state.single) finish();
  heightChanged();
}

function drawVerdict(given) {
  const step = state.lesson.steps[state.step - 1];
  const { right, rule, shanten } = state.verdict;
  const own = step.feedback?.[right ? "right" : "wrong"];
  const lines = [el("p", { class: right ? "right" : "wrong", "data-right": String(right), text: t(right ? "learn.right" : "learn.wrong") })];
  if (own) lines.push(el("p", {}, rich(say(own))));
  if (typeof shanten === "number" && !right) lines.push(el("p", { text: t("learn.shanten", { away: shantenText(shanten) }) }));
  if (rule) lines.push(el("p", { class: "help rule", "data-rule": rule, text: label("learn.rule") + t(`learn.rule.${rule}`) }));
  if (state.verdict.paid) lines.push(paidLine(state.verdict.paid, state.verdict.seat));
  $("feedback").replaceChildren(...lines);
  for (const b of $("choices").querySelectorAll("button")) {
    if (given.choice !== undefined && b.dataset.choice === String(given.choice)) b.classList.add(right ? "right" : "wrong");
  }
  $("retry").hidden = right;
  $("next").hidden = !right || state.step === state.lesson.steps.length || state.single;
}

/** The score change of an answer, seat by seat from the reader's ("You +6 · Right −2 · …"). */
function paidLine(paid, seat) {
  const items = [0, 1, 2, 3].map((rel) => {
    const amount = paid[(seat + rel) % 4];
    return t("learn.paidItem", { seat: t(`seat.${rel}`), amount: amount > 0 ? `+${amount}` : amount < 0 ? `−${-amount}` : "0" });
  });
  return el("p", { class: "paid", "data-paid": paid.join(" "), text: t("learn.paid", { changes: items.join(" · ") }) });
}

/** The game's page dealing one hand of `rules` (then offering a match: app.js), a new tab inside another site's page. */
function playLink(rules) {
  const query = new URLSearchParams({ variant: rules, lang: getLang(), hands: "1" });
  const a = el("a", { class: "button play", id: "play", href: `./index.html?${query}`, text: t("learn.play") });
  if (page.embedded) {
    a.target = "_blank";
    a.rel = "noopener";
  }
  return a;
}

function finish() {
  state.finished = true;
  const lesson = state.lesson;
  if (state.number) markFinished(lesson.id);
  $("next").hidden = true;
  const parts = [el("p", { class: "right finished", text: t("learn.finished") })];
  const course = courses[lesson.rules];
  if (state.number && course && state.number < course.length) {
    parts.push(el("p", {}, el("a", { href: `#rules=${lesson.rules}&lesson=${state.number + 1}`, id: "next-lesson", text: t("learn.nextLesson") })));
  }
  // every lesson ends by offering a hand (a newcomer's first match has no clock: game/timer.js)
  parts.push(el("p", { class: "help", text: t("learn.playPrompt", { rules: t(`variant.${lesson.rules}`) }) }), el("p", {}, playLink(lesson.rules)));
  $("feedback").append(...parts);
  heightChanged();
}

// --- the hash -----------------------------------------------------------------------------

async function route() {
  const p = new URLSearchParams(location.hash.replace(/^#/, ""));
  notice("");
  // a host may change the hash, the language with it
  const lang = p.get("lang");
  if (lang && LANGS.includes(lang) && lang !== getLang()) {
    setLang(lang);
    labels();
  }
  /** Only the step named: an embedded question (with &step=N). */
  const single = p.has("single") && p.get("single") !== "0" && p.has("step");
  if (p.has("l")) {
    let lesson;
    try {
      lesson = decodePosition(p.get("l") ?? "");
    } catch (error) {
      notice(t("learn.badLink", { what: shorten(String(error.message), 120) }));
      return showCourse();
    }
    return openLesson(lesson, null, p.get("step"), single);
  }
  const rules = p.get("rules");
  if (!rules && !p.has("lesson")) return showCourse();
  const lessonText = p.get("lesson") || "1";
  const n = /^\d{1,4}$/.test(lessonText) ? Number(lessonText) : NaN;
  if (!RULESETS.includes(rules ?? "") || !Number.isInteger(n) || n < 1) {
    notice(t("learn.badLink", { what: shorten(`rules=${rules}&lesson=${p.get("lesson")}`, 120) }));
    return showCourse();
  }
  const course = await loadCourse(/** @type {string} */ (rules));
  if (n > course.length) {
    notice(t("learn.noSuch", { n }));
    return showCourse();
  }
  return openLesson(course[n - 1], n, p.get("step"), single);
}

$("lang").addEventListener("change", async () => {
  setLang($("lang").value);
  const p = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (p.has("lang")) {
    p.set("lang", getLang());
    history.replaceState(null, "", `#${p}`);
  }
  labels();
  if (!state.lesson) return showCourse();
  // the same step in the new language, with the answer given and its verdict, if any
  const { lesson, step, verdict, given, finished: done } = state;
  await showStep(step);
  if (!verdict || state.lesson !== lesson || state.step !== step) return;
  state.verdict = verdict;
  state.given = given;
  enable(false);
  drawVerdict(given);
  if (done) finish();
  heightChanged();
});
$("next").addEventListener("click", () => {
  if (state.step < state.lesson.steps.length) showStep(state.step + 1);
  else finish();
});
$("retry").addEventListener("click", () => showStep(state.step));
$("index").addEventListener("click", (event) => {
  event.preventDefault();
  go("");
  showCourse();
});
addEventListener("hashchange", () => route());

labels();
$("text").textContent = t("analyzer.loading");
const started = client.ready.then(route, (error) => {
  $("status").textContent = t("analyzer.failed", { error: error.message });
});

// For tests and embedding sites: what is on show.
/** @type {any} */ (window).learn = {
  ready: started,
  state: () => ({ id: state.lesson?.id ?? null, step: state.step, steps: state.lesson?.steps.length ?? 0,
    verdict: state.verdict, finished: state.finished, stored: finished(), single: state.single, lang: getLang() }),
  link: lessonLink,
};
