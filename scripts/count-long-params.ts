// Counts functions that take more than three positional parameters (function declarations,
// methods, function expressions and arrow functions), outside tests, in the packages, server and
// worker sources. Usage: tsx scripts/count-long-params.ts [--list]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const roots = [
  'packages/core/src',
  'packages/shared/src',
  'packages/db/src',
  'packages/testkit/src',
  'server/src',
  'worker/src',
];
const files: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      files.push(full);
  }
};
for (const root of roots) walk(root);

interface Found {
  file: string;
  line: number;
  name: string;
  params: number;
  exported: boolean;
}
const found: Found[] = [];
const isExported = (node: ts.Node): boolean => {
  let n: ts.Node | undefined = node;
  while (n && !ts.isSourceFile(n)) {
    if (
      ts.canHaveModifiers(n) &&
      ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    )
      return true;
    if (ts.isBlock(n)) return false;
    n = n.parent;
  }
  return false;
};
for (const file of files) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionLike(node) &&
      !ts.isFunctionTypeNode(node) &&
      !ts.isCallSignatureDeclaration(node) &&
      !ts.isConstructSignatureDeclaration(node) &&
      !ts.isMethodSignature(node)
    ) {
      const params = node.parameters.filter(
        (p) => !(ts.isIdentifier(p.name) && p.name.text === 'this'),
      );
      if (params.length > 3) {
        const name =
          (node as ts.FunctionDeclaration).name?.getText(source) ??
          (ts.isVariableDeclaration(node.parent)
            ? node.parent.name.getText(source)
            : '(anonymous)');
        found.push({
          file,
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          name,
          params: params.length,
          exported: isExported(node),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
const byRoot = new Map<string, number>();
for (const f of found) {
  const root = roots.find((r) => f.file.startsWith(r))!;
  byRoot.set(root, (byRoot.get(root) ?? 0) + 1);
}
console.log(
  `functions with more than 3 parameters: ${found.length} (${found.filter((f) => f.exported).length} exported)`,
);
for (const [root, n] of byRoot) console.log(`  ${root}: ${n}`);
if (process.argv.includes('--list'))
  for (const f of found)
    console.log(`${f.exported ? 'export ' : '       '}${f.params} ${f.file}:${f.line} ${f.name}`);
