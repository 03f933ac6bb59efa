import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'admin',
  'auth',
  'favorites',
  'guide',
  'home',
  'map',
  'profile',
  'ranking',
  'reports',
  'routes',
  'stats',
  'store-search',
  'store-sheet',
  'submission',
  'timeline',
];

/**
 * Layers (Bulletproof React): app → features → shared (api, components, config, hooks,
 * i18n, lib, stores, styles, testing). A feature never imports another feature or the
 * app; shared code imports neither. No barrel files: import modules directly.
 */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: 'Features must not import each other: compose them in src/app.',
          },
          { group: ['@/app', '@/app/**'], message: 'Features must not import from src/app.' },
          { group: ['../../*', '../../**'], message: 'Leave the feature through "@/…" shared modules only.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'scripts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/{api,components,config,hooks,i18n,lib,stores,styles}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features', '@/features/**', '@/app', '@/app/**'], message: 'Shared code must not import features or the app.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
);
