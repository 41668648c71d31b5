// ESLint: the recommended sets, the layer rule, shared/'s ban on ambient effects, and the size limits. Syntax only (no
// type-aware rules), so it stays fast; the types are checked by `npm run typecheck`.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerImports } from './eslint-rules/layer-imports.js';

const PORTS = 'shared/ is pure: take it from shared/ports.ts';

export default defineConfig(
  { ignores: ['out/', 'dist/', 'test-results/', '.tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { local: { rules: { 'layer-imports': layerImports } } },
    rules: {
      'local/layer-imports': 'error',
      // A leading _ marks a name kept on purpose; a caught error may go unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Matching control characters is the point where server text is escaped and CR, LF or NUL refused.
      'no-control-regex': 'off',
      // Two spaces in a pattern mirror the column layout of the text it checks.
      'no-regex-spaces': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    // The rules of hooks; the React Compiler's rules (recommended-latest) are for code written for the compiler.
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Test doubles and JSON fixtures are typed loosely on purpose.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The pure core performs no effects: the clock, randomness, crypto and the network come in through ports.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['crypto', 'fetch', 'process', 'performance'].map((name) => ({
          name,
          message: `${PORTS} (CryptoPort, RandomPort, ClockPort, or a port of its own).`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: `${PORTS} (ClockPort).` },
        { object: 'Math', property: 'random', message: `${PORTS} (RandomPort).` },
        ...['crypto', 'fetch', 'process', 'performance'].map((property) => ({
          object: 'globalThis',
          property,
          message: `${PORTS}.`,
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: `${PORTS} (ClockPort): new Date() reads the clock.`,
        },
        { selector: "CallExpression[callee.name='Date']", message: `${PORTS} (ClockPort): Date() reads the clock.` },
      ],
    },
  },
  {
    // Small files and functions (the project's standards): one concept per file. Blank lines and comments do not
    // count, so a comment that says why never pushes code into a split. Not test/: a describe or it callback is a
    // list of cases rather than a function to split (114 of the 123 test functions over 80 lines are those).
    files: ['{shared,host,mock-provider,renderer,electron,platform,scripts}/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  }
);
