// `pnpm build:bundles`: server, worker and the operator commands compiled to JavaScript in dist/,
// for the production image (no tsx, no TypeScript at run time). The @kanak/* workspace packages
// are bundled in; npm packages stay external and come from a production install of node_modules,
// so native ones (@node-rs/argon2, msgpackr-extract) and jsdom's data files load as installed.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

import * as esbuild from 'esbuild';
import type { Plugin } from 'esbuild';

/** Output name (under dist/, without .js) → source entry. */
const ENTRIES: Record<string, string> = {
  // dist/server/main.js sits two levels below the image's /app, as server/src/main.ts does
  // below the repository: its defaults for WEB_DIST and UPLOAD_DIR resolve the same way.
  'server/main': 'server/src/main.ts',
  'server/serve': 'server/src/serve.ts',
  'worker/main': 'worker/src/main.ts',
  'worker/run': 'worker/src/run.ts',
  'worker/healthcheck': 'worker/src/healthcheck.ts',
  'cli/migrate': 'scripts/db-migrate.ts',
  'cli/seed': 'scripts/db-seed.ts',
  'cli/admin-create': 'scripts/admin-create.ts',
};

/** Workspace package name → folder. */
const WORKSPACE: Record<string, string> = {
  '@kanak/server': 'server',
  '@kanak/worker': 'worker',
  '@kanak/core': 'packages/core',
  '@kanak/db': 'packages/db',
  '@kanak/shared': 'packages/shared',
};
/** The image installs the production closure of this package (Dockerfile: `pnpm deploy`). */
const DEPLOYED = '@kanak/server';
/** Imported by a computed name (svg-dom.ts), so the metafile cannot see them. */
const DYNAMIC_IMPORTS = ['jsdom', 'dompurify'];

/** Bare imports other than @kanak/* stay imports (resolved from node_modules at run time). */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kanak/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * An entry importing another entry (main.ts's `await import('./serve')`) imports its bundle
 * instead of taking a copy in: main.js starts tracing before serve.js, and with it pg and the
 * other instrumented packages, is loaded (a bundle's own npm imports all run before its code).
 */
const entriesStayApart: Plugin = {
  name: 'entries-stay-apart',
  setup(build) {
    const outputOf = new Map(
      Object.entries(ENTRIES).map(([out, entry]) => [path.join(root, entry), out]),
    );
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = outputOf.get(path.resolve(args.resolveDir, `${args.path}.ts`));
      const from = outputOf.get(args.importer);
      if (!target || !from) return undefined;
      const relative = path.posix.relative(path.posix.dirname(from), target);
      return { path: `${relative.startsWith('.') ? '' : './'}${relative}.js`, external: true };
    });
  },
};

/** "pkg/sub" → "pkg", "@scope/pkg/sub" → "@scope/pkg". */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

async function npmDependencies(pkg: string): Promise<string[]> {
  const dir = WORKSPACE[pkg];
  if (!dir) throw new Error(`${pkg} is not a workspace package this script knows`);
  const manifest = JSON.parse(await readFile(path.join(root, dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {});
}

/** The npm packages `pnpm deploy --prod` of DEPLOYED installs: its own and its workspace packages'. */
async function runtimeDependencies(): Promise<Set<string>> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = async (pkg: string) => {
    if (seen.has(pkg)) return;
    seen.add(pkg);
    for (const name of await npmDependencies(pkg))
      if (name.startsWith('@kanak/')) await visit(name);
      else names.add(name);
  };
  await visit(DEPLOYED);
  return names;
}

await rm(outdir, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(
    Object.entries(ENTRIES).map(([out, entry]) => [out, path.join(root, entry)]),
  ),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [entriesStayApart, externalNpmPackages],
  metafile: true,
  logLevel: 'warning',
});
const { metafile } = result;

// Every external import must be a production dependency of a bundled package: anything else
// (a devDependency, a package only hoisted here) would be missing from the image.
const allowed = await runtimeDependencies();
const builtins = new Set(builtinModules);
const missing = new Map<string, string>();
// The worker runs from the same node_modules: what it depends on must come with the server's.
for (const name of await npmDependencies('@kanak/worker'))
  if (!name.startsWith('@kanak/') && !allowed.has(name)) missing.set(name, 'worker/package.json');
for (const name of DYNAMIC_IMPORTS)
  if (!allowed.has(name)) missing.set(name, 'packages/core/src/uploads/svg-dom.ts');
for (const [file, input] of Object.entries(metafile.inputs))
  for (const imported of input.imports) {
    // Relative ones are the other entries' bundles (entriesStayApart).
    if (!imported.external || /^(node:|\.)/.test(imported.path)) continue;
    const name = packageName(imported.path);
    if (!builtins.has(name) && !allowed.has(name)) missing.set(name, file);
  }
if (missing.size > 0) {
  for (const [name, file] of missing)
    console.error(`✗ ${file} imports ${name}, which no runtime package lists in dependencies`);
  process.exit(1);
}

// The bundles are ES modules wherever dist/ is copied to.
await mkdir(outdir, { recursive: true });
await writeFile(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
const sizes = Object.entries(metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => `  ${file} ${(output.bytes / 1024).toFixed(0)} KiB`);
console.log(`Bundled into dist/:\n${sizes.join('\n')}`);
