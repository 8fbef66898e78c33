import js from '@eslint/js';
import confusingBrowserGlobals from 'confusing-browser-globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'web/dist-ssr/**',
      '**/node_modules/**',
      'web/e2e/screenshots/**',
      'var/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The workspace is type-checked as one program with the browser's lib (tsconfig.check.json),
    // where `name`, `status` or `window` type-check anywhere: this keeps browser globals, and
    // Vite's import.meta.env, out of the code that runs in Node.
    files: [
      'packages/core/**/*.ts',
      'packages/db/**/*.ts',
      'packages/shared/src/**/*.ts',
      'server/**/*.ts',
      'worker/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
      'soak/**/*.ts',
    ],
    // Drives Chromium: its page callbacks run in the browser.
    ignores: ['bench/web.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          ...confusingBrowserGlobals,
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
        ].map((name) => ({ name, message: 'a browser global: this code runs in Node' })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: "Vite's import.meta.env exists only in the web bundle: read process.env here",
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
