// build.py's bytecode step, run by Node with the vendored Pyodide itself, so the bytecode is
// exactly its Python's:  node tools/precompile.mjs <pyodide dir> <lock file> <stdlib zip> <wheel>... <engine wheel>
// (the import report, what the engine can import and whether the site ships it, is written to the
// file named by MAHJONG_IMPORTS, or printed)
// Boots the runtime, installs the engine's wheel (the last one) with micropip, plays a hand of
// each rule set through the bridge (web/engine/warmup.py), then tools/site_bytecode.py trims the
// standard library to what was imported and compiles it, in the zip and wheels given (rewritten
// in place). PYTHONNODEBUGRANGES: the bytecode it compiles keeps line numbers, not column ranges.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const [dir, lock, stdlib, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: dir + "/",
  lockFileContents: fs.readFileSync(lock, "utf8"), // the site's lock, inline in engine.json
  packageBaseUrl: dir + "/",
  packages: ["micropip"],
  env: { PYTHONNODEBUGRANGES: "1" },
});

const inside = (file) => "/tmp/in/" + path.basename(file);
py.FS.mkdirTree("/tmp/in");
for (const file of [...wheels, stdlib]) py.FS.writeFile(inside(file), fs.readFileSync(file));
py.globals.set("STDLIB", inside(stdlib));
py.globals.set("WHEELS", py.toPy(wheels.map(inside)));
// the engine's own bytecode keeps its docstrings and asserts, and its other pages' modules; the
// vendored wheels' are -OO and lean (only what the install imported)
const vendored = wheels.map((_, i) => i < wheels.length - 1);
py.globals.set("WHEEL_OPTIMIZE", py.toPy(vendored.map((v) => (v ? 2 : 0))));
py.globals.set("WHEEL_LEAN", py.toPy(vendored));

await py.runPythonAsync(`
import micropip
await micropip.install("emfs:" + WHEELS[-1], deps=False)
`);
const warmup = py.runPython(fs.readFileSync(path.join(here, "..", "web", "engine", "warmup.py"), "utf8") + "\nrun");
console.log("warm-up hands: " + warmup().toJs().join(", "));
try {
  py.runPython("raise ValueError('an error crossing into JavaScript')"); // Pyodide's own error path
} catch {
  // expected
}
py.globals.set("REPORT", "/tmp/in/imports.json");
py.runPython(fs.readFileSync(path.join(here, "site_bytecode.py"), "utf8"));
const report = py.FS.readFile("/tmp/in/imports.json", { encoding: "utf8" });
if (process.env.MAHJONG_IMPORTS) fs.writeFileSync(process.env.MAHJONG_IMPORTS, report);
else console.log(report);
for (const file of [...wheels, stdlib]) fs.writeFileSync(file, py.FS.readFile(inside(file)));
