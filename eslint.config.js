// Lint keeps the import boundaries of docs/architecture.md true.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const noServerImports = {
  patterns: [
    { group: ['bun:*', 'node:*'], message: 'src/contract and client code must stay isomorphic.' },
    { group: ['**/db/*', '**/src/features/*', '**/src/lib/*', '**/src/plugins/*', '**/src/web/*'], message: 'Only src/contract is shared with the client.' },
  ],
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'bench/out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', noServerImports] } },
  { files: ['client/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', noServerImports] } },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/main.ts', 'src/app.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/tests/*'], message: 'Production code never imports tests.' }] }] },
  },
)
