// The moments worth stopping for: a short banner on the table, a sentence for the live region
// and a sound. Longyan's gold turned (docs/RULES.md "Start of the hand"), the covered first
// discard and its reveal (robbing the gold), three golds, the first-discard bonus (分饼) with
// what each receives, flower kongs, each swim level and what it forbids the others ("Swimming
// the gold"); Xinyu's kong bloom and flying (its patterns table); a decision timer running out.
// Every fact comes from the engine's events; nothing here decides a rule.

import { t, tileName, addStrings } from "../i18n/i18n.js";

addStrings({
  en: {
    "moment.gold": "Gold revealed", "moment.gold.sub": "{tile} is the gold: it stands for any tile",
    "moment.covered": "Covered first discard", "moment.covered.sub": "{seat}: face down. A hand that wins with the gold may rob it now",
    "moment.reveal": "Turned over", "moment.reveal.sub": "{seat}'s covered tile: {tile}",
    "moment.rob_gold": "Robbing the gold", "moment.rob_gold.sub": "{seat}: a win with the turned gold",
    "moment.three_golds": "Three golds", "moment.three_golds.sub": "{seat}: three golds, a win",
    "moment.bonus": "First-discard bonus, round {round}", "moment.bonus.sub": "All four discarded {tile}: the dealer pays each {amount}",
    "moment.flower_kong": "Flower kong", "moment.flower_kong.sub": "{seat}: flower kong {count}, +{amount}",
    "moment.flower_kong.sub0": "{seat}: flower kong {count}",
    "moment.swim.1": "Single swim", "moment.swim.2": "Double swim", "moment.swim.3": "Triple swim",
    "moment.swim.sub.1": "{seat}: the next draw wins, no more claims. The others may still win any way",
    "moment.swim.sub.2": "{seat}: the next draw wins. The others may now win only by self-draw",
    "moment.swim.sub.3": "{seat}: the next draw wins. The others may now win only on a kong replacement",
    "moment.kong_bloom": "Kong bloom", "moment.kong_bloom.sub": "{seat}: a win on a kong's replacement tile",
    "moment.flying": "Flying", "moment.flying.sub": "{seat}: four melds, the last tile paired",
    "moment.timeout": "Time ran out", "moment.timeout.sub": "{action} for you",
    "moment.timeout.line": "Time ran out: {action} for you.",
    "moment.discarded": "{tile} discarded", "moment.passed": "passed",
    "table.goldLabel": "Gold", "moment.line": "{title}: {sub}.",
  },
  "zh-Hans": {
    "moment.gold": "开金", "moment.gold.sub": "{tile}是金：可当任何一张牌",
    "moment.covered": "盖牌", "moment.covered.sub": "{seat}的第一张牌盖着打出：能用金胡的可以抢金",
    "moment.reveal": "翻牌", "moment.reveal.sub": "{seat}的盖牌：{tile}",
    "moment.rob_gold": "抢金", "moment.rob_gold.sub": "{seat}抢到翻开的金，胡了",
    "moment.three_golds": "三金倒", "moment.three_golds.sub": "{seat}有三张金，胡了",
    "moment.bonus": "分饼 第{round}轮", "moment.bonus.sub": "四家都打{tile}：庄家付每家{amount}",
    "moment.flower_kong": "花杠", "moment.flower_kong.sub": "{seat}：第{count}个花杠，+{amount}",
    "moment.flower_kong.sub0": "{seat}：第{count}个花杠",
    "moment.swim.1": "单游", "moment.swim.2": "双游", "moment.swim.3": "三游",
    "moment.swim.sub.1": "{seat}：下一张摸牌就胡，不再碰杠；其他人照常可胡",
    "moment.swim.sub.2": "{seat}下一张摸牌就胡；其他人只能自摸",
    "moment.swim.sub.3": "{seat}下一张摸牌就胡；其他人只能杠上开花",
    "moment.kong_bloom": "杠上开花", "moment.kong_bloom.sub": "{seat}摸杠后的补牌胡了",
    "moment.flying": "飞起来", "moment.flying.sub": "{seat}：四组都是碰杠，单钓胡牌",
    "moment.timeout": "时间到", "moment.timeout.sub": "已替你{action}",
    "moment.timeout.line": "时间到：已替你{action}。",
    "moment.discarded": "打出{tile}", "moment.passed": "过",
    "table.goldLabel": "金", "moment.line": "{title}：{sub}。",
  },
  "zh-Hant": {
    "moment.gold": "開金", "moment.gold.sub": "{tile}是金：可當任何一張牌",
    "moment.covered": "蓋牌", "moment.covered.sub": "{seat}的第一張牌蓋著打出：能用金胡的可以搶金",
    "moment.reveal": "翻牌", "moment.reveal.sub": "{seat}的蓋牌：{tile}",
    "moment.rob_gold": "搶金", "moment.rob_gold.sub": "{seat}搶到翻開的金，胡了",
    "moment.three_golds": "三金倒", "moment.three_golds.sub": "{seat}有三張金，胡了",
    "moment.bonus": "分餅 第{round}輪", "moment.bonus.sub": "四家都打{tile}：莊家付每家{amount}",
    "moment.flower_kong": "花槓", "moment.flower_kong.sub": "{seat}：第{count}個花槓，+{amount}",
    "moment.flower_kong.sub0": "{seat}：第{count}個花槓",
    "moment.swim.1": "單游", "moment.swim.2": "雙游", "moment.swim.3": "三游",
    "moment.swim.sub.1": "{seat}：下一張摸牌就胡，不再碰槓；其他人照常可胡",
    "moment.swim.sub.2": "{seat}下一張摸牌就胡；其他人只能自摸",
    "moment.swim.sub.3": "{seat}下一張摸牌就胡；其他人只能槓上開花",
    "moment.kong_bloom": "槓上開花", "moment.kong_bloom.sub": "{seat}摸槓後的補牌胡了",
    "moment.flying": "飛起來", "moment.flying.sub": "{seat}：四組都是碰槓，單釣胡牌",
    "moment.timeout": "時間到", "moment.timeout.sub": "已替你{action}",
    "moment.timeout.line": "時間到：已替你{action}。",
    "moment.discarded": "打出{tile}", "moment.passed": "過",
    "table.goldLabel": "金", "moment.line": "{title}：{sub}。",
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
  const moment = (key, vars, code = ev.tile || null, sub = `moment.${key}.sub`) => {
    const title = t(`moment.${key}`, vars);
    const text = t(sub, vars);
    return { key, title, sub: text, tile: code, line: t("moment.line", { title, sub: text }) };
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
        : moment("flower_kong", { seat, count: ev.count }, null, "moment.flower_kong.sub0");
    }
    case "swim":
      return moment(`swim.${ev.level}`, { seat }, ev.tile, `moment.swim.sub.${ev.level}`);
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
  const what = kind === "discard" ? t("moment.discarded", { tile: tileName(code) })
    : kind === "pass" ? t("moment.passed") : [t(`action.${kind}`), code ? tileName(code) : ""].join(" ").trim();
  const title = t("moment.timeout");
  return { key: "timeout", title, sub: t("moment.timeout.sub", { action: what }), tile: code || null,
    line: t("moment.timeout.line", { action: what }) };
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
