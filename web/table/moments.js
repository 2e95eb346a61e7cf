// The moments worth stopping for: a short banner on the table, a sentence for the live region
// and a sound. Longyan's gold turned (docs/RULES.md "Start of the hand"), the covered first
// discard and its reveal (robbing the gold), three golds, the first-discard bonus (分饼) with
// what each receives, flower kongs, each swim level and what it forbids the others ("Swimming
// the gold"); Xinyu's kong bloom and flying (its patterns table); a decision timer running out.
// Every fact comes from the engine's events; nothing here decides a rule.

import { t, tileName, addStrings } from "../i18n/i18n.js";

addStrings({
  en: {
    "mo.gold": "Gold revealed", "mo.gold.sub": "{tile} is the gold: it stands for any tile",
    "mo.covered": "Covered first discard", "mo.covered.sub": "{seat}: face down. A hand that wins with the gold may rob it now",
    "mo.reveal": "Turned over", "mo.reveal.sub": "{seat}'s covered tile: {tile}",
    "mo.rob_gold": "Robbing the gold", "mo.rob_gold.sub": "{seat}: a win with the turned gold",
    "mo.three_golds": "Three golds", "mo.three_golds.sub": "{seat}: three golds, a win",
    "mo.bonus": "First-discard bonus, round {round}", "mo.bonus.sub": "All four discarded {tile}: the dealer pays each {amount}",
    "mo.flower_kong": "Flower kong", "mo.flower_kong.sub": "{seat}: flower kong {count}, +{amount}",
    "mo.flower_kong.sub0": "{seat}: flower kong {count}",
    "mo.swim.1": "Single swim", "mo.swim.2": "Double swim", "mo.swim.3": "Triple swim",
    "mo.swim.sub.1": "{seat}: the next draw wins, no more claims. The others may still win any way",
    "mo.swim.sub.2": "{seat}: the next draw wins. The others may now win only by self-draw",
    "mo.swim.sub.3": "{seat}: the next draw wins. The others may now win only on a kong replacement",
    "mo.kong_bloom": "Kong bloom", "mo.kong_bloom.sub": "{seat}: a win on a kong's replacement tile",
    "mo.flying": "Flying", "mo.flying.sub": "{seat}: four melds, the last tile paired",
    "mo.timeout": "Time ran out", "mo.timeout.sub": "{action} for you",
    "mo.timeout.line": "Time ran out: {action} for you.",
    "mo.discarded": "{tile} discarded", "mo.passed": "passed",
    "gold.label": "Gold", "mo.line": "{title}: {sub}.",
  },
  "zh-Hans": {
    "mo.gold": "开金", "mo.gold.sub": "{tile}是金：可当任何一张牌",
    "mo.covered": "盖牌", "mo.covered.sub": "{seat}的第一张牌盖着打出：能用金胡的可以抢金",
    "mo.reveal": "翻牌", "mo.reveal.sub": "{seat}的盖牌：{tile}",
    "mo.rob_gold": "抢金", "mo.rob_gold.sub": "{seat}抢到翻开的金，胡了",
    "mo.three_golds": "三金倒", "mo.three_golds.sub": "{seat}有三张金，胡了",
    "mo.bonus": "分饼 第{round}轮", "mo.bonus.sub": "四家都打{tile}：庄家付每家{amount}",
    "mo.flower_kong": "花杠", "mo.flower_kong.sub": "{seat}：第{count}个花杠，+{amount}",
    "mo.flower_kong.sub0": "{seat}：第{count}个花杠",
    "mo.swim.1": "单游", "mo.swim.2": "双游", "mo.swim.3": "三游",
    "mo.swim.sub.1": "{seat}：下一张摸牌就胡，不再碰杠；其他人照常可胡",
    "mo.swim.sub.2": "{seat}下一张摸牌就胡；其他人只能自摸",
    "mo.swim.sub.3": "{seat}下一张摸牌就胡；其他人只能杠上开花",
    "mo.kong_bloom": "杠上开花", "mo.kong_bloom.sub": "{seat}摸杠后的补牌胡了",
    "mo.flying": "飞起来", "mo.flying.sub": "{seat}：四组都是碰杠，单钓胡牌",
    "mo.timeout": "时间到", "mo.timeout.sub": "已替你{action}",
    "mo.timeout.line": "时间到：已替你{action}。",
    "mo.discarded": "打出{tile}", "mo.passed": "过",
    "gold.label": "金", "mo.line": "{title}：{sub}。",
  },
  "zh-Hant": {
    "mo.gold": "開金", "mo.gold.sub": "{tile}是金：可當任何一張牌",
    "mo.covered": "蓋牌", "mo.covered.sub": "{seat}的第一張牌蓋著打出：能用金胡的可以搶金",
    "mo.reveal": "翻牌", "mo.reveal.sub": "{seat}的蓋牌：{tile}",
    "mo.rob_gold": "搶金", "mo.rob_gold.sub": "{seat}搶到翻開的金，胡了",
    "mo.three_golds": "三金倒", "mo.three_golds.sub": "{seat}有三張金，胡了",
    "mo.bonus": "分餅 第{round}輪", "mo.bonus.sub": "四家都打{tile}：莊家付每家{amount}",
    "mo.flower_kong": "花槓", "mo.flower_kong.sub": "{seat}：第{count}個花槓，+{amount}",
    "mo.flower_kong.sub0": "{seat}：第{count}個花槓",
    "mo.swim.1": "單游", "mo.swim.2": "雙游", "mo.swim.3": "三游",
    "mo.swim.sub.1": "{seat}：下一張摸牌就胡，不再碰槓；其他人照常可胡",
    "mo.swim.sub.2": "{seat}下一張摸牌就胡；其他人只能自摸",
    "mo.swim.sub.3": "{seat}下一張摸牌就胡；其他人只能槓上開花",
    "mo.kong_bloom": "槓上開花", "mo.kong_bloom.sub": "{seat}摸槓後的補牌胡了",
    "mo.flying": "飛起來", "mo.flying.sub": "{seat}：四組都是碰槓，單釣胡牌",
    "mo.timeout": "時間到", "mo.timeout.sub": "已替你{action}",
    "mo.timeout.line": "時間到：已替你{action}。",
    "mo.discarded": "打出{tile}", "mo.passed": "過",
    "gold.label": "金", "mo.line": "{title}：{sub}。",
  },
});

/**
 * The moment an event makes, or null: {key, title, sub, tile, line}. `events` is the whole
 * list the event came in (the payments that follow a bonus or a flower kong give its amount);
 * `line` is a sentence for the live region when the ordinary narration says less.
 */
export function momentOf(ev, events, s, seatName) {
  const seat = ev.seat !== undefined && ev.seat !== null ? seatName(ev.seat, s) : "";
  const tile = ev.tile ? tileName(ev.tile) : "";
  const moment = (key, vars, code = ev.tile || null, sub = `mo.${key}.sub`) => {
    const title = t(`mo.${key}`, vars);
    const text = t(sub, vars);
    return { key, title, sub: text, tile: code, line: t("mo.line", { title, sub: text }) };
  };
  switch (ev.type) {
    case "gold":
      return moment("gold", { tile });
    case "discard":
      return ev.covered ? moment("covered", { seat }, null) : null;
    case "reveal":
      return moment("reveal", { seat, tile });
    case "bonus": {
      const amount = paymentAfter(ev, events, "first_discard_bonus");
      return moment("bonus", { round: ev.round, tile, amount });
    }
    case "flower_kong": {
      const amount = receivedAfter(ev, events, "flower_kong");
      return amount ? moment("flower_kong", { seat, count: ev.count, amount }, null)
        : moment("flower_kong", { seat, count: ev.count }, null, "mo.flower_kong.sub0");
    }
    case "swim":
      return moment(`swim.${ev.level}`, { seat }, ev.tile, `mo.swim.sub.${ev.level}`);
    case "win": {
      if (ev.category === "rob_gold" || ev.category === "three_golds") return moment(ev.category, { seat });
      const patterns = (ev.patterns || []).map((p) => (Array.isArray(p) ? p[0] : p));
      if (patterns.includes("kong_bloom")) return moment("kong_bloom", { seat });
      if (patterns.includes("flying")) return moment("flying", { seat });
      return null;
    }
    default:
      return null;
  }
}

/** The moment of a decision the timer made: "Time ran out: 5p discarded for you". */
export function timeoutMoment(action) {
  const [kind, code] = String(action || "").split(" ");
  const what = kind === "discard" ? t("mo.discarded", { tile: tileName(code) })
    : kind === "pass" ? t("mo.passed") : [t(`action.${kind}`), code ? tileName(code) : ""].join(" ").trim();
  const title = t("mo.timeout");
  return { key: "timeout", title, sub: t("mo.timeout.sub", { action: what }), tile: code || null,
    line: t("mo.timeout.line", { action: what }) };
}

/** What `ev.seat` receives from the payments of `reason` right after `ev` (a kong's, all players'). */
function receivedAfter(ev, events, reason) {
  const i = events.indexOf(ev);
  let sum = 0;
  for (const e of events.slice(i + 1)) {
    if (e.type !== "payment" || e.reason !== reason) break;
    if (e.to === ev.seat) sum += e.amount;
  }
  return sum;
}

/** The amount of the first payment of `reason` after `ev` in its list (each pays the same). */
function paymentAfter(ev, events, reason) {
  const i = events.indexOf(ev);
  const payment = events.slice(i + 1).find((e) => e.type === "payment" && e.reason === reason);
  return payment ? payment.amount : 0;
}
