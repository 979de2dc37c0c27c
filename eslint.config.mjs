// Lint: ESLint's and typescript-eslint's recommended rules, without type information (fast).
// Layout is Prettier's (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    'bench/out/',
    'test-results/',
    'frameworks/generated/',
    'examples/*/.next/',
    'site/',
    'site-src/.vitepress/cache/',
    'tmp/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  // TypeScript checks names in .ts files; plain JavaScript needs to be told which globals exist.
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  { files: ['demo/**/*.js', 'bench/lib/page/**/*.js', 'test/e2e/page/**/*.js'], languageOptions: { globals: globals.browser } },
  // The example apps: servers in Node, client components in the browser.
  { files: ['examples/**/*.js'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  // `const { dropped: _, ...kept } = value` leaves a field out on purpose.
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] } },
  // The sandbox tests read answers as untyped JSON, the way a client of the service would.
  { files: ['test/sandbox/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
