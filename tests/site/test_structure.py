"""The page's structure (issue 32): web/ in folders by job, every page set up by the one page
shell, the engine reached one way, no rule set named in the page's logic, the table drawn without
engine calls. Each check reads the sources as text; each failed on the tree before the change."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
MODULE_SCRIPT = re.compile(r'<script type="module" src="\./([\w/-]+\.js)"')
IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?from\s*"([^"]+)"|^\s*import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)', re.M)


def scripts() -> list[Path]:
    return sorted(WEB.rglob("*.js"))


def code_of(path: Path) -> str:
    """The file without its comments (// lines and /* */ blocks, JSDoc included)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    return "\n".join(line.split("//")[0] if not line.lstrip().startswith("//") else "" for line in text.splitlines())


def imports(path: Path) -> set[Path]:
    out = set()
    for match in IMPORT.finditer(code_of(path)):
        spec = next(s for s in match.groups() if s)
        if spec.startswith("."):
            out.add((path.parent / spec).resolve())
    return out


def test_web_holds_the_pages_and_folders_by_job():
    loose = [p.name for p in WEB.iterdir() if p.is_file() and p.suffix != ".html"]
    assert len(loose) <= 10, loose
    assert {p.name for p in WEB.iterdir() if p.is_dir()} >= {"engine", "shell", "i18n", "art", "table", "overlay", "keep", "game", "replay", "tutorial"}


def test_every_page_starts_with_the_page_shell():
    shell = (WEB / "shell" / "page.js").resolve()
    for page in sorted(WEB.glob("*.html")):
        entries = [WEB / src for src in MODULE_SCRIPT.findall(page.read_text(encoding="utf-8"))]
        assert entries, page.name
        assert any(shell in imports(entry) for entry in entries), f"{page.name}: no module script of it opens the page shell"


def test_the_engine_is_reached_one_way():
    """Calls go through engine/engine.js's `call`; startEngine() is the boot's and the lifecycle's."""
    for path in scripts():
        if path.parent.name == "engine":
            continue
        code = code_of(path)
        assert not re.search(r"\b(?:startEngine\(\)|client|engine)\.call\(", code), path.relative_to(ROOT)


def test_the_table_makes_no_engine_calls():
    engine = (WEB / "engine").resolve()
    for path in sorted((WEB / "table").glob("*.js")) + sorted((WEB / "overlay").glob("*.js")):
        assert not [p for p in imports(path) if p.is_relative_to(engine)], path.relative_to(ROOT)


def test_the_canvas_knows_nothing_of_the_overlay():
    """table/ draws the table on its canvas; overlay/ holds the DOM widgets over it, which may read
    the table's model (model.js, narrate.js) but are never read by it (issue 45)."""
    overlay = (WEB / "overlay").resolve()
    for path in sorted((WEB / "table").glob("*.js")):
        assert not [p for p in imports(path) if p.is_relative_to(overlay)], path.relative_to(ROOT)
    assert not [p.name for p in (WEB / "table").iterdir() if p.suffix == ".css"]   # the overlay's style is overlay/ui.css


def test_the_page_names_no_rule_set_in_its_logic():
    """Rule sets are the engine's (engine/catalog.js); their names live only in the words (i18n) and
    in the settings' stored default."""
    allowed = {WEB / "keep" / "settings.js"}  # DEFAULTS.variant: the first visit's rule set, before the catalog
    for path in scripts():
        if path in allowed or path.parent.name == "i18n":
            continue
        code = code_of(path)
        assert not re.search(r"""["'`](?:xinyu|longyan)["'`]""", code), path.relative_to(ROOT)
        assert not re.search(r"variant\s*===?\s*[\"']", code), path.relative_to(ROOT)


def test_every_test_file_has_its_own_name():
    """pytest imports the test files by their names (no packages): two files of one name stop the
    whole run at collection."""
    names = [p.name for p in (ROOT / "tests").rglob("test_*.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def import_cycles() -> list[list[str]]:
    """The page's modules that import one another, each group with its members (Tarjan's strongly
    connected components of the static import graph, dynamic imports included)."""
    graph = {p: {q for q in imports(p) if q.suffix == ".js"} for p in scripts()}
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    on_stack: set[Path] = set()
    groups: list[list[str]] = []

    def visit(v: Path) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(str(w.relative_to(ROOT)))
                if w == v:
                    break
            if len(group) > 1 or v in graph.get(v, ()):
                groups.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return groups


def test_no_page_module_imports_one_that_imports_it():
    """Data flows one way (issue 45): no module of the page is reached again from the modules it
    imports, however far round."""
    assert import_cycles() == []


def test_input_asks_the_renderer_nothing():
    """input.js turns pointer and keys into intents; which tile is under the pointer comes from the
    hit regions the last frame left in the store (its handTileAt), never from a call into the renderer."""
    code = code_of(WEB / "table" / "input.js")
    assert not re.search(r"\brenderer\b|\bhitTest\b|\bRenderer\b", code)
    assert (WEB / "table" / "render.js").resolve() not in imports(WEB / "table" / "input.js")
    assert "hitTest" not in code_of(WEB / "table" / "render.js")   # one hit test: input.js handTileAt


def test_an_intent_answers_with_a_deed_and_calls_no_page_back():
    """table/deeds.js (game/intents.js before) says what an intent means (a deed: an action, a toggle, words, a frame) and the
    page that asked plays it; it is handed no function of the page to call back (humanAct, redraw)."""
    code = code_of(WEB / "table" / "deeds.js")
    assert not re.search(r"\b(?:humanAct|redraw|toggle|renderer|ui)\s*\(", code)
    assert not re.search(r"\b(?:humanAct|renderer|createIntentHandler)\b", code)
    # the table component plays the deeds (the game's table); the friends page its own, until it moves onto it
    for page in (WEB / "table" / "table.js", WEB / "friends" / "friends.js"):
        assert "deedOf(" in code_of(page), page.relative_to(ROOT)


def test_the_game_page_hears_its_session_and_hands_it_no_move_path():
    """One move path (issue 54): the table's session (table/session.js) owns the store, the bots' loop,
    the clock and the steps, and tells its listeners; the game page hands it none of its own functions
    to call back on a move (the old tookState, settled, move, played) and builds none of its parts."""
    app = code_of(WEB / "game" / "app.js")
    assert not re.search(r"\bonTook\(|\b(?:settled|move|onFault|tookState)\s*[:,)]|\bhumanAct\b|\bafterState\b", app)
    assert not re.search(r"\b(?:createBotLoop|createClock|createSteps|createStore)\(", app)
    assert "createSession(" in app and "session.on(" in app
    api = code_of(WEB / "game" / "api.js")
    assert "session.act(" in api   # the embed API's moves take the path a tap takes
    session = WEB / "table" / "session.js"
    assert {p.parent.name for p in imports(session)} <= {"table", "i18n"}, "the session knows no page"


def test_one_frame_loop_paints_the_table():
    """The table component (table/table.js) holds the one frame loop and the one Renderer the game and
    the replay viewer use (the friends page moves onto it next: listed until then)."""
    not_yet = {WEB / "friends" / "friends.js"}
    for path in scripts():
        if path in not_yet or path.parent.name == "table" or path.parent.name == "art":
            continue
        code = code_of(path)
        assert not re.search(r"\bnew Renderer\(|\.draw\(view\b", code), path.relative_to(ROOT)
    for page in (WEB / "game" / "app.js", WEB / "replay" / "replay.js"):
        assert "createTable(" in code_of(page), page.relative_to(ROOT)
