// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noNode = { group: ['node:*', 'fs', 'fs-extra', 'path', 'os', 'child_process'], message: 'pure layer: no Node built-ins or I/O here' };
const noSdk = { group: ['@anthropic-ai/sdk', '@anthropic-ai/sdk/*'], message: 'only src/model/anthropic/ talks to the SDK' };
const noOpenai = { group: ['openai', 'openai/*'], message: 'only src/model/openaiCompatible/ talks to the openai package' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.memlog-bench/**', '.memlog-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', 'bin/*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [noSdk, noOpenai] }],
    },
  },
  {
    // Pure layers. In src/resume/ only the loader reads files (decision 10); what the context reads, src/jobs/context/ reads (decision 32H).
    files: [
      'src/projections/**',
      'src/compaction/**',
      'src/consolidation/**',
      'src/context/**',
      'src/resume/**',
      'src/transcript/*Schema.ts',
      'src/transcript/contentGuards.ts',
      'src/transcript/modelResponse.ts',
      'src/transcript/logEntry.ts',
      'src/transcript/entryRef.ts',
      'src/transcript/lineSplitter.ts',
      'src/transcript/lineDecoder.ts',
      'src/transcript/transcriptParser.ts',
    ],
    ignores: ['src/resume/loadConversation.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noSdk] }] },
  },
  {
    // The session pages are built and drawn by pure code; only these four files touch the disk.
    files: ['src/report/**'],
    ignores: [
      'src/report/loadSession.ts',
      'src/report/findReportSessions.ts',
      'src/report/findProjectEffects.ts',
      'src/report/writeReport.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noSdk] }] },
  },
  {
    files: ['src/model/anthropic/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noOpenai] }] },
  },
  {
    files: ['src/model/openaiCompatible/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noSdk] }] },
  },
  {
    // The CLI sees each layer through its barrel (what the layer offers), never a module inside it. errors.ts is
    // the base layer's error kinds whole, so it counts as one: the public root would load every layer (decision 118).
    files: ['src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noSdk,
            {
              regex: '^\\.\\./(?!(?:(?:[\\w-]+/)*index|errors)\\.js$)',
              message:
                "the CLI imports a layer's barrel (../<layer>/index.js), the error kinds (../errors.js) or the public root (../index.js), not a module inside a layer",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // A plain-JavaScript bench child that runs on the compiled library as well as under tsx.
  { files: ['bench/*.mjs'], languageOptions: { globals: { process: 'readonly', URL: 'readonly' } } },
);
