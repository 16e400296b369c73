// Function lengths: parses every TypeScript file in src/ (tests, test support and e2e excluded)
// with the TypeScript compiler and prints the longest functions, in lines from the line they start
// on to the line they end on (function declarations, arrow functions, function expressions and
// methods; a function inside another is counted on its own, and within its parent too).
//
//   npm run measure:functions            (the 15 longest)
//   TOP=40 npm run measure:functions
//
// Issue 36 asks that a reader not lose the thread: aim for functions of at most ~80 lines.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const top = Number(process.env.TOP ?? 15);

const isTestFile = (file) => /\.(test|spec)\.tsx?$/.test(file) || /(^|\/)(e2e|test-support)\//.test(file);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

const nameOf = (node) => {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText();
  }
  if (ts.isCallExpression(parent)) return `(anonymous, passed to ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
};

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isMethodDeclaration(node);

const functions = [];
for (const full of sourceFiles(path.join(root, 'src'))) {
  const file = path.relative(root, full);
  if (isTestFile(file)) continue;
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    if (isFunction(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      functions.push({ lines: end - start + 1, where: `${file}:${start}`, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

functions.sort((a, b) => b.lines - a.lines);
for (const { lines, where, name } of functions.slice(0, top)) {
  console.log(`${String(lines).padStart(5)}  ${where}  ${name}`);
}
