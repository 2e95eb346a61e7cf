// The pages' calls back, counted (docs/architecture.md "Trips counted by calls"): for each page's
// controller, the functions of its own it hands to what it calls (a factory's options, a
// constructor's arguments: each a way back into the page) and the listeners it registers (`on(...)`:
// news heard, nothing called back on the way of a move). Imports say who may call whom; this says
// who is handed a way back.
//   node tools/calls.mjs            # the text picture docs/architecture.md carries
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// the pages on the table component (the friends page joins as it moves onto it)
const PAGES = ["web/game/app.js", "web/replay/replay.js"];

/** The functions `file` hands to the factories and constructors it imports, by callee; its listeners. */
function callsOf(file) {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const imported = new Set();
  const functions = new Set();
  for (const s of src.statements) {
    if (ts.isImportDeclaration(s) && s.importClause?.namedBindings && ts.isNamedImports(s.importClause.namedBindings)) {
      for (const e of s.importClause.namedBindings.elements) imported.add(e.name.text);
    }
    if (ts.isFunctionDeclaration(s) && s.name) functions.add(s.name.text);
  }
  const isFunction = (n) => ts.isArrowFunction(n) || ts.isFunctionExpression(n) || (ts.isIdentifier(n) && functions.has(n.text));
  /** @type {Record<string, number>} */
  const handed = {};
  let listeners = 0;
  const visit = (node) => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : null;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === "on" && node.arguments.some(isFunction)) listeners += 1;
      else if (name && imported.has(name)) {
        let count = 0;
        for (const arg of node.arguments) {
          if (isFunction(arg)) count += 1;
          if (ts.isObjectLiteralExpression(arg)) {
            for (const p of arg.properties) {
              if (ts.isMethodDeclaration(p)) count += 1;
              else if (ts.isPropertyAssignment(p) && isFunction(p.initializer)) count += 1;
              else if (ts.isShorthandPropertyAssignment(p) && functions.has(p.name.text)) count += 1;
            }
          }
        }
        if (count) handed[name] = (handed[name] ?? 0) + count;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return { handed, listeners };
}

const lines = ["the pages' controllers: functions of their own handed to what they call (each a way back in), and listeners"];
for (const file of PAGES) {
  const { handed, listeners } = callsOf(file);
  const total = Object.values(handed).reduce((a, b) => a + b, 0);
  const to = Object.entries(handed).sort(([a], [b]) => a.localeCompare(b)).map(([n, k]) => `${n} ${k}`).join(", ");
  lines.push(`  ${file.padEnd(24)} ${String(total).padStart(3)} handed to ${Object.keys(handed).length} callees; ${listeners} listeners`);
  if (to) lines.push(`      ${to}`);
}
process.stdout.write(lines.join("\n") + "\n");
