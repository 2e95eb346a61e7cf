// How long importing a record file takes (web/keep/record.js importRecord, issue 55: 20,000 lines took
// 29.8 s before; the aim is under a second). `node bench/record_import.mjs`: 5,000 and 20,000 lines
// into a record of 5, each the median of 5 runs, printed in ms. Measured here, never asserted in tests.
import { importRecord, RECORD_KEY } from "../web/keep/record.js";

class MemoryStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

const now = Date.now();
const line = (i) => ({ variant: i % 2 ? "xinyu" : "longyan", at: now - i * 60_000, hands: 8, score: (i % 41) - 20, place: 1 + (i % 4), wins: i % 3, dealtIn: i % 2 });
for (const n of [5000, 20000]) {
  const text = JSON.stringify({ kind: "mahjong-record", version: 1, lines: Array.from({ length: n }, (_, i) => line(i)) });
  const times = [];
  for (let run = 0; run < 5; run++) {
    const s = new MemoryStorage();
    s.setItem(RECORD_KEY, JSON.stringify([0, 1, 2, 3, 4].map((i) => line(n + i))));
    const t0 = performance.now();
    importRecord(s, text);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${n} lines: ${times[2].toFixed(1)} ms (median of 5)`);
}
