// An object with the part of the canvas 2D API that the tile painters use (tiles.js, handdraw.js), writing SVG
// instead of pixels: so a downloaded SVG is drawn by the very painters the table uses (one tile
// art). Paths are kept in the user space of the moment they are filled or stroked and carry the
// current transform as their `transform` attribute; clips become <clipPath> groups closed by
// restore(). The tiles' characters are outlines (faces.json), filled as paths: no font is
// needed to draw the file; text (fillText) stays text.

let nextId = 0;

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const num = (n) => (Math.abs(n) < 1e-9 ? "0" : String(Math.round(n * 1000) / 1000));

class Gradient {
  constructor(x0, y0, x1, y1) {
    this.coords = [x0, y0, x1, y1];
    this.stops = [];
    this.id = null;
  }
  addColorStop(offset, color) {
    this.stops.push([offset, color]);
  }
}

const BASELINES = { middle: "central", top: "text-before-edge", hanging: "hanging", bottom: "text-after-edge",
  alphabetic: "alphabetic", ideographic: "ideographic" };
const ANCHORS = { center: "middle", left: "start", start: "start", right: "end", end: "end" };

export class SvgContext {
  constructor() {
    this.prefix = `mjsvg${nextId++}-`;
    this.ids = 0;
    this.defs = [];
    this.body = [];
    this.stack = [];
    this.openGroups = 0;
    this.m = [1, 0, 0, 1, 0, 0];
    this.fillStyle = "#000";
    this.strokeStyle = "#000";
    this.lineWidth = 1;
    this.lineCap = "butt";
    this.lineJoin = "miter";
    this.font = "10px sans-serif";
    this.textAlign = "start";
    this.textBaseline = "alphabetic";
    this.d = [];
    this.cur = null;      // current point (user space), null when no subpath
    this.startPt = null;
  }

  // --- state -------------------------------------------------------------------------------
  save() {
    this.stack.push({
      m: [...this.m], fillStyle: this.fillStyle, strokeStyle: this.strokeStyle, lineWidth: this.lineWidth,
      lineCap: this.lineCap, lineJoin: this.lineJoin, font: this.font, textAlign: this.textAlign,
      textBaseline: this.textBaseline, groups: this.openGroups,
    });
  }
  restore() {
    const s = this.stack.pop();
    if (!s) return;
    while (this.openGroups > s.groups) {
      this.body.push("</g>");
      this.openGroups--;
    }
    Object.assign(this, { m: s.m, fillStyle: s.fillStyle, strokeStyle: s.strokeStyle, lineWidth: s.lineWidth,
      lineCap: s.lineCap, lineJoin: s.lineJoin, font: s.font, textAlign: s.textAlign, textBaseline: s.textBaseline });
  }
  transform(a, b, c, d, e, f) {
    const [A, B, C, D, E, F] = this.m;
    this.m = [A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F];
  }
  translate(x, y) {
    this.transform(1, 0, 0, 1, x, y);
  }
  scale(x, y) {
    this.transform(x, 0, 0, y, 0, 0);
  }
  rotate(a) {
    this.transform(Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0);
  }
  createLinearGradient(x0, y0, x1, y1) {
    return new Gradient(x0, y0, x1, y1);
  }

  // --- paths -------------------------------------------------------------------------------
  beginPath() {
    this.d = [];
    this.cur = null;
    this.startPt = null;
  }
  moveTo(x, y) {
    this.d.push(`M${num(x)} ${num(y)}`);
    this.cur = [x, y];
    this.startPt = [x, y];
  }
  lineTo(x, y) {
    if (!this.cur) return this.moveTo(x, y);
    this.d.push(`L${num(x)} ${num(y)}`);
    this.cur = [x, y];
  }
  closePath() {
    if (!this.cur) return;
    this.d.push("Z");
    this.cur = this.startPt;
  }
  quadraticCurveTo(cx, cy, x, y) {
    if (!this.cur) this.moveTo(cx, cy);
    this.d.push(`Q${num(cx)} ${num(cy)} ${num(x)} ${num(y)}`);
    this.cur = [x, y];
  }
  arcTo(x1, y1, x2, y2, r) {
    if (!this.cur) return this.moveTo(x1, y1);
    const [x0, y0] = this.cur;
    const ux = x0 - x1, uy = y0 - y1, vx = x2 - x1, vy = y2 - y1;
    const lu = Math.hypot(ux, uy), lv = Math.hypot(vx, vy);
    const cross = ux * vy - uy * vx;
    if (!r || !lu || !lv || Math.abs(cross) < 1e-9) return this.lineTo(x1, y1);
    const angle = Math.acos(Math.max(-1, Math.min(1, (ux * vx + uy * vy) / (lu * lv))));
    const dist = r / Math.tan(angle / 2);
    const t1 = [x1 + (ux / lu) * dist, y1 + (uy / lu) * dist];
    const t2 = [x1 + (vx / lv) * dist, y1 + (vy / lv) * dist];
    this.lineTo(t1[0], t1[1]);
    const sweep = cross < 0 ? 1 : 0; // turning clockwise on screen (y down)
    this.d.push(`A${num(r)} ${num(r)} 0 0 ${sweep} ${num(t2[0])} ${num(t2[1])}`);
    this.cur = t2;
  }
  arc(x, y, r, a0, a1, ccw = false) {
    this.ellipse(x, y, r, r, 0, a0, a1, ccw);
  }
  ellipse(x, y, rx, ry, rot, a0, a1, ccw = false) {
    const cos = Math.cos(rot), sin = Math.sin(rot);
    const at = (a) => [x + rx * Math.cos(a) * cos - ry * Math.sin(a) * sin, y + rx * Math.cos(a) * sin + ry * Math.sin(a) * cos];
    const start = at(a0);
    if (this.cur) this.lineTo(start[0], start[1]);
    else this.moveTo(start[0], start[1]);
    let delta = a1 - a0;
    const full = Math.abs(delta) >= Math.PI * 2 - 1e-9;
    if (full) delta = ccw ? -Math.PI * 2 : Math.PI * 2;
    else if (!ccw && delta < 0) delta = (delta % (Math.PI * 2)) + Math.PI * 2;
    else if (ccw && delta > 0) delta = (delta % (Math.PI * 2)) - Math.PI * 2;
    const deg = num((rot * 180) / Math.PI);
    const sweep = delta > 0 ? 1 : 0;
    // an SVG arc cannot close on itself: draw a full turn as two halves
    const steps = full ? 2 : 1;
    for (let k = 1; k <= steps; k++) {
      const p = at(a0 + (delta * k) / steps);
      const large = Math.abs(delta / steps) > Math.PI ? 1 : 0;
      this.d.push(`A${num(rx)} ${num(ry)} ${deg} ${large} ${sweep} ${num(p[0])} ${num(p[1])}`);
      this.cur = p;
    }
  }

  // --- painting ----------------------------------------------------------------------------
  paint(style) {
    if (style instanceof Gradient) {
      if (!style.id) {
        style.id = `${this.prefix}${this.ids++}`;
        const [x1, y1, x2, y2] = style.coords;
        const stops = style.stops.map(([o, c]) => `<stop offset="${num(o)}" stop-color="${esc(c)}"/>`).join("");
        this.defs.push(`<linearGradient id="${style.id}" gradientUnits="userSpaceOnUse" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}">${stops}</linearGradient>`);
      }
      return `url(#${style.id})`;
    }
    return esc(style);
  }
  matrix() {
    // the scale and turn to 6 digits (a glyph's outline is in units of 1/1000 em: 0.0204 written
    // 0.02 drew it 2% small), the offsets to 1/1000 px
    const [a, b, c, d, e, f] = this.m;
    const fine = (/** @type {number} */ n) => (Math.abs(n) < 1e-12 ? "0" : String(Number(n.toPrecision(6))));
    return `matrix(${[a, b, c, d].map(fine).join(" ")} ${num(e)} ${num(f)})`;
  }
  /** The current path, or `path` when given: tiles.js's glyph outlines (their SVG path data in `svg`). */
  fill(path = undefined) {
    if (path?.svg) {
      this.body.push(`<path d="${esc(path.svg)}" transform="${this.matrix()}" fill="${this.paint(this.fillStyle)}"/>`);
      return;
    }
    if (!this.d.length) return;
    this.body.push(`<path d="${this.d.join("")}" transform="${this.matrix()}" fill="${this.paint(this.fillStyle)}"/>`);
  }
  /** The current path, or `path` when given (faces.json's, its SVG path data in `svg`). */
  stroke(path = undefined) {
    const d = path?.svg ? esc(path.svg) : this.d.join("");
    if (!d) return;
    this.body.push(`<path d="${d}" transform="${this.matrix()}" fill="none" stroke="${this.paint(this.strokeStyle)}" ` +
      `stroke-width="${num(this.lineWidth)}" stroke-linecap="${esc(this.lineCap)}" stroke-linejoin="${esc(this.lineJoin)}"/>`);
  }
  clip(path = undefined) {
    const id = `${this.prefix}${this.ids++}`;
    const d = path?.svg ? esc(path.svg) : this.d.join("");
    this.defs.push(`<clipPath id="${id}"><path d="${d}" transform="${this.matrix()}"/></clipPath>`);
    this.body.push(`<g clip-path="url(#${id})">`);
    this.openGroups++;
  }
  fillRect(x, y, w, h) {
    this.body.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" transform="${this.matrix()}" fill="${this.paint(this.fillStyle)}"/>`);
  }
  fillText(text, x, y) {
    this.body.push(`<text x="${num(x)}" y="${num(y)}" transform="${this.matrix()}" fill="${this.paint(this.fillStyle)}" ` +
      `style="font:${esc(this.font)}" text-anchor="${ANCHORS[this.textAlign] || "start"}" ` +
      `dominant-baseline="${BASELINES[this.textBaseline] || "alphabetic"}">${esc(text)}</text>`);
  }

  /** The drawing as a standalone SVG document `width`×`height` (css px); `title` for its alt text. */
  toSVG(width, height, title = "") {
    while (this.openGroups > 0) {
      this.body.push("</g>");
      this.openGroups--;
    }
    const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" role="img">`;
    const t = title ? `<title>${esc(title)}</title>` : "";
    return `${head}${t}<defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}
