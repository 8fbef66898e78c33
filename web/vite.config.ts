import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

/** The two font files every first screen sets (body text, headings), preloaded from the head so
 * they arrive with the stylesheet instead of after it (web/src/fonts/fonts.css). */
const PRELOADED_FONTS = /^assets\/(inter-latin-wght|cormorant-garamond-latin-600)-[\w-]+\.woff2$/;

function preloadFonts(): Plugin {
  return {
    name: 'kanak-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.keys(bundle ?? {})
          .filter((file) => PRELOADED_FONTS.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head' as const,
          })),
    },
  };
}

const REPLAY_SOURCE = path.resolve(import.meta.dirname, 'src/hydration/replay-clicks.ts');

/**
 * The click replay (src/hydration/replay-clicks.ts) as its own small classic script, hashed like
 * every asset and loaded `async` from the head: it must run before the page's controls can be
 * pressed, not after the whole document as the app's module does. Same origin, so the CSP stays
 * `script-src 'self'`.
 */
function replayClicks(): Plugin {
  return {
    name: 'kanak-replay-clicks',
    apply: 'build',
    async buildStart() {
      if (this.environment.config.build.ssr) return;
      const { code } = await transformWithEsbuild(
        readFileSync(REPLAY_SOURCE, 'utf8'),
        REPLAY_SOURCE,
        { target: 'es2022', minify: true },
      );
      this.emitFile({ type: 'asset', name: 'replay-clicks.js', source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const asset = Object.values(bundle ?? {}).find(
          (file) => file.type === 'asset' && file.names.includes('replay-clicks.js'),
        );
        if (!asset) return [];
        return [
          {
            tag: 'script',
            attrs: { src: `/${asset.fileName}`, async: true },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // .br and .gz beside each asset, sent as they are by the server (@fastify/static preCompressed):
  // best compression once at build time instead of cheap compression on every request.
  // The server render (`--ssr`, into dist-ssr) is loaded by the server, never sent: not compressed.
  plugins: [
    react(),
    tailwindcss(),
    preloadFonts(),
    replayClicks(),
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            exclude: [/\.map$/],
            threshold: 1024,
          }),
        ]),
  ],
  // One self-contained file: the production image ships the server's dependencies, not the web's.
  // Production React in it whatever NODE_ENV the server runs with (Vite leaves it to run time).
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/trpc', '/api', '/auth', '/media', '/sandbox-pay'].map((p) => [p, api]),
    ),
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // web/dist/.vite/manifest.json: what each page loads first, summed by src/first-load.ts for
    // the budget test and the bench.
    manifest: !isSsrBuild,
    // Everything the entry imports statically in one chunk: rolldown's default split it into
    // 55 small files (icons, helpers), each a round trip the first paint waited for on a phone.
    // Lazy routes keep their own chunks.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial' as const] }] } },
          },
        }),
  },
}));
