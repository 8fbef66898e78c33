import js from '@eslint/js';
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
    // The workspace is type-checked as one program with the browser's lib (tsconfig.check.json):
    // this keeps browser globals out of the code that runs in Node.
    files: [
      'packages/core/src/**/*.ts',
      'packages/db/src/**/*.ts',
      'server/src/**/*.ts',
      'worker/src/**/*.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location'].map(
          (name) => ({ name, message: 'a browser global: this code runs in Node' }),
        ),
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
