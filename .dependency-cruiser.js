// Import boundaries, checked by `pnpm lint` (dependency-cruiser). docs/architecture.md explains
// the layering; packages/core/floors.json places each folder of packages/core on a floor.
// Imports that break a rule today are listed in .dependency-cruiser-known-violations.json and
// tolerated; any other breach fails lint. `pnpm lint:deps:baseline` rewrites that list: only
// when the list shrinks, or when the change is meant and said in the commit.
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';

const CORE = '^packages/core/src/';
const { floors } = JSON.parse(
  readFileSync(new URL('./packages/core/floors.json', import.meta.url), 'utf8'),
);

const anyOf = (folders) => `(${folders.join('|')})`;

// A folder may import folders on lower floors only. An import to its own floor or above is an
// import running back up: the way two-way pairs and circles of folders start.
const upwardRules = floors.flatMap((floor, level) => {
  const sameOrAbove = floors.slice(level).flat();
  return floor.map((folder) => ({
    name: `core-import-up:${folder}`,
    comment: `${folder} (floor ${level}) imports a folder on its floor or above; move the code down or the folder up in packages/core/floors.json`,
    severity: 'error',
    from: { path: `${CORE}${folder}/` },
    to: {
      path: `${CORE}${anyOf(sameOrAbove)}/`,
      pathNot: `${CORE}${folder}/`,
    },
  }));
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...upwardRules,
    {
      // The floors already forbid it (any circle needs one import running back up); this says
      // so by name, from the folder graph itself, and holds even for an import put on the
      // known list. Two-way pairs are circles of two.
      name: 'core-no-folder-circle',
      comment:
        'Folders of packages/core import each other one way: no two-way pair, no circle of folders. Move the shared code down (or into common/), the cross-domain command up into flows/, or pass the dependency in.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${CORE}[^/]+$` },
      to: { path: `${CORE}[^/]+$`, circular: true },
    },
    {
      // Each folder shows what it offers in its index.ts; a file behind it may change without
      // the folders that use it noticing. A lazy import() stays deep: it loads on first use.
      name: 'core-front-door',
      comment:
        'Another folder of packages/core is entered through its index.ts, never a file behind it: import from "../<folder>"',
      severity: 'error',
      from: { path: `${CORE}([^/]+)/`, pathNot: '\\.test\\.tsx?$' },
      to: {
        path: `${CORE}[^/]+/`,
        pathNot: [`${CORE}$1/`, `${CORE}[^/]+/index\\.ts$`],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'core-folder-unplaced',
      comment: 'Every folder of packages/core has a floor in packages/core/floors.json',
      severity: 'error',
      from: { path: `${CORE}[^/]+/`, pathNot: `${CORE}${anyOf(floors.flat())}/` },
      to: {},
    },
    {
      name: 'core-no-app-imports',
      comment: 'packages/core serves server and worker; it never imports them or the web',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^(@kanak/)?(server|worker|web)(/|$)' },
    },
    {
      name: 'db-below-core',
      comment:
        'packages/db holds the schema and migrations; it imports no core, server, worker or web',
      severity: 'error',
      from: { path: '^packages/db/' },
      to: { path: '^(packages/|@kanak/)?(core|server|worker|web)(/|$)' },
    },
    {
      name: 'server-worker-apart',
      comment:
        'server and worker meet in packages/core and the outbox, never by importing each other',
      severity: 'error',
      from: { path: '^(server|worker)/' },
      to: { path: '^(@kanak/)?(server|worker)(/|$)', pathNot: '^$1(/|$)' },
    },
    {
      name: 'shared-browser-safe',
      comment: 'packages/shared runs in the browser: it imports no core, db or testkit',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(packages/|@kanak/)(core|db|testkit)(/|$)' },
    },
    {
      name: 'shared-no-node-builtins',
      comment: 'packages/shared runs in the browser: no Node built-in modules',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-no-server-packages',
      comment: 'packages/shared runs in the browser: no database, queue, mail or server packages',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: {
        path: 'node_modules/(kysely|pg|ioredis|bullmq|nodemailer|pino|fastify|@fastify|@node-rs|jose|pdfkit|exceljs|prom-client)/',
      },
    },
    {
      name: 'web-no-backend-imports',
      comment: 'The web talks to the server over HTTP; it may import the server router type only',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^((packages/|@kanak/)(core|db|testkit)|(@kanak/)?worker)(/|$)' },
    },
    {
      name: 'web-server-types-only',
      comment: 'The web may import the server router type only (import type), never server code',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(@kanak/)?server(/|$)', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    // web's '@/x' is web/src/x (web/tsconfig.json extends a file dependency-cruiser misplaces)
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      dot: { collapsePattern: `${CORE}[^/]+` },
    },
  },
};
