"""The page's shape (issue 45), read with the TypeScript parser (tests/support/js_shape.mjs): no
function over 80 lines without its reason said in a `// long: …` line right above it, and a page's
state in its store or in one object, not in module-level `let`s (a few per file; more only where a
file's reason is written below). Each check failed on the tree before the change: createKeeper
was 296 lines, app.js kept 12 module-level `let`s."""
from __future__ import annotations

import functools
import json
import subprocess
from pathlib import Path

from test_page_js import ROOT, node

SHAPE = ROOT / "tests" / "support" / "js_shape.mjs"
MAX_LETS = 2
# files whose module-level `let`s are their one instance's state, with the reason
MANY_LETS = {
    "web/engine/engine-worker.js": "a worker's global scope is its one instance: the boot's stage, the downloads, the queue",
}


@functools.cache
def shape() -> dict[str, dict]:
    """Every page script's long functions and module-level lets (read once a run)."""
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "web").rglob("*.js"))
    done = subprocess.run([node(), str(SHAPE), *files], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_no_function_over_80_lines_without_its_reason():
    unsaid = {f"{path}:{f['line']} {f['name']} ({f['length']} lines)"
              for path, facts in shape().items() for f in facts["long"] if not f["reason"]}
    assert sorted(unsaid) == [], "split it by job, or say why it is long in a `// long: …` line right above it"


def test_the_page_keeps_its_state_in_its_store_or_one_object():
    many = {path: [v["name"] for v in facts["lets"]] for path, facts in shape().items()
            if len(facts["lets"]) > MAX_LETS and path not in MANY_LETS}
    assert many == {}, f"more than {MAX_LETS} module-level lets: gather the state in one object (or say why in MANY_LETS)"
    assert not (ROOT / "web/game/app.js").read_text(encoding="utf-8").count("\nlet "), "app.js: the page object or the store"
    stale = [path for path in MANY_LETS if len(shape()[path]["lets"]) <= MAX_LETS]
    assert stale == [], "within the limit now: take these off MANY_LETS"


def test_the_shape_reader_sees_long_functions_and_lets(tmp_path: Path):
    """The reader itself: a long function is found and its reason read; module-level lets are counted."""
    body = "\n".join(f"  x += {i};" for i in range(85))
    script = tmp_path / "sample.js"
    script.write_text(f"let a = 1;\nlet b, c;\nfunction long1() {{\n  let x = 0;\n{body}\n}}\n"
                      f"// long: one table of cases, read top to bottom\nexport const long2 = () => {{\n  let x = 0;\n{body}\n}};\n",
                      encoding="utf-8")
    done = subprocess.run([node(), str(SHAPE), str(script)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    facts = json.loads(done.stdout)[str(script)]
    assert [(f["name"], f["reason"]) for f in facts["long"]] == [("long1", None), ("long2", "one table of cases, read top to bottom")]
    assert [v["name"] for v in facts["lets"]] == ["a", "b", "c"]
