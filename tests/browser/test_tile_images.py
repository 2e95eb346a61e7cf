"""The tile images the page keeps are bounded by what they hold, the least recently drawn let go
first (issue 55, item 3): a long session met new tile sizes for hours (melds' widths, a flying
tile's in-between widths), and the images (canvas memory, outside the JS heap) grew towards 64 MB
before all were let go at once."""
from __future__ import annotations

PROBE = """async () => {
  const tiles = await import('./tiles.js');  // the public module (build.py PUBLIC_MODULES): the painter the page draws with
  const old = tiles.tileImage('5m', 30, 1);
  const recent = tiles.tileImage('1z', 30, 1);
  let bytes = 0;
  // new sizes, drawn once each, 12 MB of pixels in all (under the old bound of 64 MB), the recent tile drawn between
  for (let w = 31; bytes < 12e6; w++) {
    for (const code of ['1m', '9p', '7s', '3z']) {
      const image = tiles.tileImage(code, w, 1, 'dim');
      bytes += image.width * image.height * 4;
    }
    tiles.tileImage('1z', 30, 1);
  }
  return { oldKept: tiles.tileImage('5m', 30, 1) === old, recentKept: tiles.tileImage('1z', 30, 1) === recent, bytes };
}"""


def test_tile_images_kept_are_bounded_and_the_least_recently_drawn_go_first(page, site, console_errors):
    page.goto(site.url + "help.html")
    found = page.evaluate(PROBE)
    assert found["bytes"] >= 12e6
    assert found["oldKept"] is False, "an image not drawn since 12 MB of others were made is still kept"
    assert found["recentKept"] is True, "an image drawn all along was let go"
    assert console_errors == []
