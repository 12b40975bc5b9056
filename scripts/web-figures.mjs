// Figures on the web app's front door (issue 27): `as` casts, untyped or asserted `send` calls,
// hand-written error checks, modal casts, imports that run up the floors, the largest functions.
// Reads packages/web/src as text through the TypeScript parser; writes nothing.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';
import webFloors from './web-floors.cjs';

const SRC = 'packages/web/src';

// The floors of packages/web/src, lowest first (one list with the lint rule).
const FLOORS = webFloors.WEB_FLOORS;
// Before the merge the store was two folders.
const ALIASES = { app: 'store', state: 'store' };

function folderOf(file) {
  const parts = relative(SRC, file).split('/');
  const top = parts[0] === 'components' ? parts.slice(0, 2).join('/') : parts[0];
  return ALIASES[top] ?? top;
}
const floorOf = (folder) => FLOORS.findIndex((floor) => floor.includes(folder));

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // Test helpers are test code, like the tests beside the files.
    if (statSync(path).isDirectory()) return name === 'test-helpers' ? [] : walk(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const figures = {
  files: 0,
  asCasts: 0,
  sendCalls: 0,
  sendWithTypeArgs: 0,
  sendAnswerAsserted: 0,
  errorOfCalls: 0,
  pushModalCalls: 0,
  modalOptionCasts: 0,
  coreDeepImports: 0,
};
const upward = [];
const functions = [];

const isSendCall = (node) =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.name.text === 'send';

for (const file of walk(SRC)) {
  figures.files++;
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const isConst = ts.isTypeReferenceNode(node.type) && node.type.getText() === 'const';
      if (!isConst) {
        figures.asCasts++;
        let inner = node.expression;
        while (ts.isAwaitExpression(inner) || ts.isParenthesizedExpression(inner)) {
          inner = inner.expression;
        }
        if (isSendCall(inner)) figures.sendAnswerAsserted++;
        if (/^(props\.)?options\./.test(node.expression.getText())) figures.modalOptionCasts++;
      }
    }
    if (isSendCall(node)) {
      figures.sendCalls++;
      if (node.typeArguments?.length) figures.sendWithTypeArgs++;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      if (name === 'errorOf' || name === 'errorCode') figures.errorOfCalls++;
    }
    if (
      ts.isCallExpression(node) &&
      ((ts.isIdentifier(node.expression) && node.expression.text === 'pushModal') ||
        (ts.isPropertyAccessExpression(node.expression) &&
          node.expression.name.text === 'pushModal'))
    ) {
      figures.pushModalCalls++;
    }
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const lines = lineOf(node.end) - lineOf(node.getStart()) + 1;
      let name = node.name?.getText();
      if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText();
      if (name)
        functions.push({
          lines,
          where: `${relative(SRC, file)}:${lineOf(node.getStart())} ${name}`,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  for (const spec of source.statements.flatMap((s) =>
    (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier
      ? [s.moduleSpecifier.text]
      : [],
  )) {
    if (/^@coffer\/core\/(?!(ui|testing)$)/.test(spec)) figures.coreDeepImports++;
    if (!spec.startsWith('.')) continue;
    const from = folderOf(file);
    const to = folderOf(normalize(join(dirname(file), spec)));
    if (from === to) continue;
    const [a, b] = [floorOf(from), floorOf(to)];
    if (b > a || (a === b && a >= 0)) upward.push(`${relative(SRC, file)} -> ${spec}`);
  }
}

functions.sort((x, y) => y.lines - x.lines);
console.log(JSON.stringify(figures, null, 2));
console.log(`upward or sideways imports: ${upward.length}`);
for (const line of upward) console.log(`  ${line}`);
console.log('largest functions (lines):');
for (const f of functions.slice(0, 10)) console.log(`  ${f.lines} ${f.where}`);
