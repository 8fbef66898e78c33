// `pnpm build` (which `pnpm start` runs, whatever NODE_ENV it was started with) makes a production
// web: the bundles the browser loads and the server render carry React's production build, never
// its development one (several times slower, and its console asks for the DevTools).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from './shop-support';

/** Strings only React's development builds contain. */
const DEVELOPMENT_REACT = [
  'Download the React DevTools',
  'Hydration failed because',
  'react-dom.development',
  'react-dom-server.node.development',
];

function bundles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file));
}

describe('the built web', () => {
  it('ships production React to the browser and to the server render', () => {
    const files = [
      ...bundles(path.join(WEB_DIST, 'assets')),
      path.resolve(WEB_DIST, '../dist-ssr/entry-server.js'),
    ];
    expect(files.length).toBeGreaterThan(1);
    const react = files.filter((file) => fs.readFileSync(file, 'utf8').includes('react.element'));
    // React itself is in there (the check below reads the right files).
    expect(react.length).toBeGreaterThan(0);
    const development = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return DEVELOPMENT_REACT.filter((marker) => text.includes(marker)).map(
        (marker) => `${path.relative(WEB_DIST, file)}: ${marker}`,
      );
    });
    expect(development).toEqual([]);
  });
});
