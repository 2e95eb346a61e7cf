"""Static output (issue 37): Markdown-only sites, print and feeds show images and run no script. The
site publishes every tile face as an SVG file of its own (tiles/<code>.svg, tiles/hant/<code>.svg)
and tools/render_hand.mjs renders a notation to SVG and PNG offline; both are drawn by the page's
own painters with the faces' characters as outlines (web/art/glyphs.js), so no file depends on the
reader's fonts (a downloaded SVG did: its characters were text). The files are checked against the
page's own drawing, pixel by pixel, at one size."""
from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
CODES = ([f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
         + [f"{n}f" for n in range(1, 9)])

# In the page: each file drawn 120 css px wide (its width and height set so, its viewBox kept: the
# browser draws it at that size) beside the page's own tile (tiles.js tileImage, the painter of the
# table and the diagrams) of the same face: per face the mean difference of the channels (0-255),
# and the largest difference of a 4 x 4 block's averages (the edges' smoothing differs a little
# between the two, ~18 at most; a face half a pixel off is ~56, a stroke more or less ~200).
COMPARE = """async ([codes, base]) => {
  const tiles = await import(base + "tiles.js");
  const W = 120, H = Math.round(W * tiles.TILE_H), K = 4;
  const out = {};
  for (const [file, code, script] of codes) {
    const text = await (await fetch(base + file)).text();
    const sized = text.replace(/ width="[^"]*" height="[^"]*"/, ` width="${W}" height="${W * tiles.TILE_H}"`);
    const img = new Image();
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(sized); // (the page's policy: img-src 'self' data:)
    await img.decode();
    const a = new OffscreenCanvas(W, H).getContext("2d");
    a.drawImage(img, 0, 0);
    const b = new OffscreenCanvas(W, H).getContext("2d");
    b.drawImage(tiles.tileImage(code, W, 1, "", script), 0, 0);
    const A = a.getImageData(0, 0, W, H).data, B = b.getImageData(0, 0, W, H).data;
    let sum = 0;
    for (let i = 0; i < A.length; i++) sum += Math.abs(A[i] - B[i]);
    let block = 0;
    for (let by = 0; by + K <= H; by += K) for (let bx = 0; bx + K <= W; bx += K) for (let c = 0; c < 4; c++) {
      let d = 0;
      for (let y = by; y < by + K; y++) for (let x = bx; x < bx + K; x++) d += A[(y * W + x) * 4 + c] - B[(y * W + x) * 4 + c];
      block = Math.max(block, Math.abs(d) / (K * K));
    }
    out[file] = [sum / A.length, block];
  }
  return out;
}"""

# Fails if the page draws a tile face with text (a font) rather than outlines.
COUNT_TEXT = """() => {
  window.__text = 0;
  for (const C of [CanvasRenderingContext2D, OffscreenCanvasRenderingContext2D]) {
    const fill = C.prototype.fillText;
    C.prototype.fillText = function (...args) { window.__text++; return fill.apply(this, args); };
  }
}"""


def test_every_tile_face_is_an_svg_file_that_needs_no_font_and_is_the_pages_drawing(page, site, console_errors):
    tiles = Path(site.dist) / "tiles"
    files = [(f"tiles/{c}.svg", c, "hans") for c in CODES] + [(f"tiles/hant/{c}.svg", c, "hant") for c in CODES]
    files.append(("tiles/back.svg", "back", "hans"))
    for name, _, _ in files:
        root = ET.parse(Path(site.dist) / name).getroot()  # parses
        assert root.tag == f"{SVG}svg" and float(root.get("width")) == 36, name
        assert root.find(f".//{SVG}text") is None, f"{name} holds text: it would need the reader's fonts"
        assert len(root.findall(f".//{SVG}path")) >= 4, name
    assert ET.parse(tiles / "1m.svg").getroot().find(f"{SVG}title").text == "1 Characters"
    assert ET.parse(tiles / "hant" / "1m.svg").getroot().find(f"{SVG}title").text == "一萬"
    assert (tiles / "1m.svg").read_bytes() != (tiles / "hant" / "1m.svg").read_bytes()  # 万 and 萬
    page.add_init_script(f"({COUNT_TEXT})()")
    page.goto(site.url + "tiles.html#123m1z6z7f?lang=zh-Hant&download=0")
    page.wait_for_function("() => document.querySelector('#hand').shadowRoot?.querySelector('canvas')")
    got = page.evaluate(COMPARE, [[list(f) for f in files], site.url])
    worst = {name: [round(mean, 2), round(block, 1)] for name, (mean, block) in got.items() if mean > 1.5 or block > 30}
    assert worst == {}, worst
    assert page.evaluate("window.__text") == 0  # the page's faces are outlines too
    assert console_errors == []


def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.fail("node is missing (tests/run.sh installs it)")
    return path


def test_a_notation_renders_to_svg_and_png_offline_as_the_page_draws_it(page, site, tmp_path, console_errors):
    notation = "123m456p78s|win 9s from left|pong 7z from across|gold 5m"
    env = {"PATH": "/usr/bin:/bin", "MAHJONG_CHROMIUM": "/usr/bin/chromium"}  # (no network needed)
    done = subprocess.run([node(), str(ROOT / "tools" / "render_hand.mjs"), notation, "--out", str(tmp_path / "hand"),
                           "--scale", "1", "--lang", "zh-Hant"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    svg = ET.parse(tmp_path / "hand.svg").getroot()
    assert svg.find(f".//{SVG}text") is None
    assert svg.find(f"{SVG}title").text.startswith("手牌：一萬、二萬")
    png = (tmp_path / "hand.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (round(float(svg.get("width"))), round(float(svg.get("height")))), (width, height)
    # a notation that cannot be read: said, marked, nothing written
    bad = subprocess.run([node(), str(ROOT / "tools" / "render_hand.mjs"), "123m|pong 7z from behind", "--out",
                          str(tmp_path / "bad")], capture_output=True, text=True, env=env, timeout=60)
    assert bad.returncode == 1 and "“from” takes left, across or right, not “behind”" in bad.stderr
    assert "^^^^" in bad.stderr and not (tmp_path / "bad.svg").exists()
    # the PNG is the page's <mj-hand> at the same size
    root = Path(site.dist).parent
    shutil.copy(tmp_path / "hand.png", root / "hand.png")
    (root / "static-host.html").write_text(
        "<!doctype html><html lang='zh-Hant'><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<script type='module' src='/mahjong/mj-hand.js'></script></head><body style='margin:0'>"
        f"<mj-hand id='hand' size='36' rows='1' tiles='{notation}'></mj-hand></body></html>", encoding="utf-8")
    page.goto(site.url.replace("/mahjong/", "/static-host.html"))
    page.wait_for_function("() => document.querySelector('#hand').shadowRoot?.querySelector('canvas')")
    diff = page.evaluate("""async () => {
      const canvas = document.querySelector('#hand').shadowRoot.querySelector('canvas');
      const img = new Image();
      img.src = '/hand.png';
      await img.decode();
      if (img.naturalWidth !== canvas.width || img.naturalHeight !== canvas.height) return ['size', img.naturalWidth, canvas.width];
      const a = new OffscreenCanvas(canvas.width, canvas.height).getContext('2d');
      a.drawImage(img, 0, 0);
      const A = a.getImageData(0, 0, canvas.width, canvas.height).data;
      const B = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let sum = 0;
      for (let i = 0; i < A.length; i++) sum += Math.abs(A[i] - B[i]);
      const W = canvas.width, H = canvas.height, K = 4;
      let block = 0;
      for (let by = 0; by + K <= H; by += K) for (let bx = 0; bx + K <= W; bx += K) for (let c = 0; c < 4; c++) {
        let d = 0;
        for (let y = by; y < by + K; y++) for (let x = bx; x < bx + K; x++) d += A[(y * W + x) * 4 + c] - B[(y * W + x) * 4 + c];
        block = Math.max(block, Math.abs(d) / (K * K));
      }
      return ['mean', sum / A.length, block];
    }""")
    # (the canvas sets each tile on whole pixels, crisp; the file where the layout says: up to half a
    # pixel apart, ~80 at most in a block; a tile of another face is over 200)
    assert diff[0] == "mean" and diff[1] < 4 and diff[2] < 120, diff
    assert console_errors == []
