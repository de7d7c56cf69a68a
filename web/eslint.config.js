import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/import-boundaries.js';

export default defineConfig(
  { ignores: ['dist/', 'dev-dist/', 'coverage/', 'test-results/', 'playwright-report/', 'src/api/schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { pocketchart: boundaries },
    rules: {
      'pocketchart/import-boundaries': 'error',
      // MUI 9's Typography takes a palette key ('textSecondary'), not a path: `color="text.secondary"`
      // matches none of its colours and quietly shows the text in the primary colour.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'][value.value=/^text\\./]",
          message: "Typography's colour is a palette key: color=\"textSecondary\", not color=\"text.secondary\".",
        },
      ],
    },
  },
  {
    files: ['e2e/**', 'scripts/**', 'build/**', 'eslint/**', '*.config.{js,ts}', '../bench/**'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      // `_name` marks a deliberately unused argument.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
