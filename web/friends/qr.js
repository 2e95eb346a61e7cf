// The room link as a QR code, to show a friend across the table: an <svg> of the modules that
// qrcode-generator (npm, pinned in package-lock.json, bundled by build.py) computes, built as
// DOM nodes (no markup from the library reaches the page).

import qrcode from "qrcode-generator";

const SVG = "http://www.w3.org/2000/svg";

/** An <svg> QR code of `text` (error correction M, a quiet zone of four modules). @param {string} text */
export function qrSvg(text) {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  const size = n + 8;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("aria-hidden", "true");
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  svg.append(back);
  let d = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(path);
  return svg;
}
