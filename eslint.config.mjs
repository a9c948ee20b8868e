// Lint is part of `npm test`. The import rules keep domain code pure (docs/ARCHITECTURE.md: no clock, no random,
// no I/O, no framework import in deciders, events and libs/baccarat).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const impure = {
  paths: ['@nestjs/common', '@nestjs/core', '@nestjs/cqrs', 'typeorm', 'pg', 'kafkajs', 'fs', 'node:fs', 'crypto', 'node:crypto', 'http'],
  patterns: ['@nestjs/*'],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.cache/**', '.data/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/*/src/**/*.decider.ts', 'apps/*/src/**/*.events.ts', 'libs/baccarat/src/**/*.ts', 'apps/*/src/**/*.reactor.ts'],
    ignores: ['libs/baccarat/src/cli/**', 'libs/baccarat/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', impure],
      'no-restricted-globals': ['error', { name: 'Date', message: 'Domain code is pure: pass time in with the command.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Domain code is pure: pass randomness in.' }],
    },
  },
);
