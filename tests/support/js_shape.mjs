// The page's shape, read with the TypeScript parser (the pinned dev dependency): each script's long
// functions and its module-level `let`s, as JSON on stdout for tests/js/test_page_shape.py.
//   node tests/support/js_shape.mjs web/a.js web/b.js ...
// A function's length is its lines from its first to its last; its reason is a `// long: …` line
// right above the statement it starts on (or right above the function itself).
import fs from "node:fs";
import ts from "typescript";

const LONG = 80;

function shapeOf(file) {
  const text = fs.readFileSync(file, "utf8");
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const lines = text.split("\n");
  const lineOf = (/** @type {number} */ pos) => src.getLineAndCharacterOfPosition(pos).line;
  /** The `// long:` reason on the line above `node` or above the statement holding it. */
  const reasonAbove = (node) => {
    for (let n = node; n && n !== src; n = n.parent) {
      const above = lines[lineOf(n.getStart()) - 1] ?? "";
      const match = above.match(/^\s*\/\/\s*long:\s*(.+)$/);
      if (match) return match[1];
      if (ts.isStatement(n) || ts.isClassElement(n) || ts.isPropertyAssignment(n)) break;
    }
    return null;
  };
  const nameOf = (node) => node.name?.getText() ?? (node.parent?.name ? node.parent.name.getText() : "(anonymous)");
  const long = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const first = lineOf(node.getStart());
      const length = lineOf(node.end) - first + 1;
      if (length > LONG) long.push({ name: nameOf(node), line: first + 1, length, reason: reasonAbove(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  const lets = [];
  for (const statement of src.statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Let) {
      for (const d of statement.declarationList.declarations) lets.push({ name: d.name.getText(), line: lineOf(d.getStart()) + 1 });
    }
  }
  return { long, lets };
}

process.stdout.write(JSON.stringify(Object.fromEntries(process.argv.slice(2).map((f) => [f, shapeOf(f)]))));
