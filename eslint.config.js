// Lint keeps the import boundaries of docs/architecture.md true.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

// A file two folders away is imported by its package subpath (package.json "imports").
const upTwo = { group: ['../../*', '../../**'], message: 'Import by subpath (#src/..., #client/..., #db/...), not through ../../.' }

const noServerImports = {
  patterns: [
    upTwo,
    { group: ['bun:*', 'node:*'], message: 'src/contract and client code must stay isomorphic.' },
    { group: ['**/db/*', '**/src/features/*', '**/src/lib/*', '**/src/plugins/*', '**/src/web/*', '#db/*', '#src/features/*', '#src/lib/*', '#src/plugins/*', '#src/web/*', '#src/app*', '#src/config*', '#src/server*', '#src/cli/*'], message: 'Only src/contract is shared with the client.' },
  ],
}

/** What server code never imports: tests, and the client's pages and admin (the web layer renders the site's app and routes only). */
const serverRules = [
  { group: ['**/tests/*', '#tests/*'], message: 'Production code never imports tests.' },
  { group: ['#client/site/pages/*', '**/client/site/pages/*', '#client/admin/*', '**/client/admin/*'], message: 'The server renders the site through client/site/app and its route table only.' },
]
/** Shared layers (plugins, lib) and the database never reach into a feature: features build on them. */
const noFeatures = { group: ['#src/features/*', '**/features/*'], message: 'Plugins, lib and db/ never import a feature.' }

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
  { files: ['**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [upTwo] }] } },
  // NOTE: in a flat config the last block that matches a file sets its rule: general blocks first.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/main.ts', 'src/app.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upTwo, ...serverRules] }] },
  },
  {
    files: ['src/plugins/**/*.ts', 'src/lib/**/*.ts', 'db/**/*.ts'],
    // NOTE: db/seed.ts still calls the services; it moves out of db/ (issue 18, part 4).
    ignores: ['db/seed.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upTwo, ...serverRules, noFeatures] }] },
  },
  { files: ['src/contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', noServerImports] } },
  { files: ['client/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', noServerImports] } },
)
