// Lint keeps the import boundaries of docs/architecture.md true.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

// A file two folders away is imported by its package subpath (package.json "imports").
const upTwo = { group: ['../../*', '../../**'], message: 'Import by subpath (#src/..., #client/..., #db/...), not through ../../.' }

// NOTE: a group is read like a .gitignore, where a line that starts with '#' is a comment: a '#'
// subpath matches only with its '#' escaped by a backslash, which `subpaths` adds.
const subpaths = (group) => group.map((p) => (p.startsWith('#') ? `\\${p}` : p))

const noServerImports = {
  patterns: [
    upTwo,
    { group: ['bun:*', 'node:*'], message: 'src/contract and client code must stay isomorphic.' },
    {
      group: subpaths(['**/db/*', '**/src/features/*', '**/src/lib/*', '**/src/plugins/*', '**/src/web/*', '#db/*', '#src/features/*', '#src/lib/*', '#src/plugins/*', '#src/web/*', '#src/app*', '#src/config*', '#src/server*', '#src/cli/*', '#src/seed/*']),
      message: 'Only src/contract is shared with the client.',
    },
  ],
}

// The client's layers (client/README.md): the two apps compose features, features build on
// client/lib and client/ui, and those two build on neither a feature nor an app.
const notSite = { group: subpaths(['#client/site/*', '../site/*']), message: 'The admin never imports the public site: shared code belongs in client/lib, client/ui or a feature.' }
const notAdmin = { group: subpaths(['#client/admin/*', '../admin/*']), message: 'The public site never imports the admin: shared code belongs in client/lib, client/ui or a feature.' }
const notApps = { group: subpaths(['#client/admin/*', '#client/site/*', '../admin/*', '../site/*']), message: 'Features, client/lib and client/ui never import the admin or the site: the apps import them.' }
const notFeatures = { group: subpaths(['#client/features/*', '../features/*']), message: 'client/lib and client/ui never import a feature: features build on them.' }
const notOtherFeature = {
  group: subpaths(['#client/features/*']),
  message: 'A feature imports its own files with ./ and no other feature: move what two features share to client/lib or client/ui.',
}
/** From a file at the top of a feature's folder, ../ leaves the feature. */
const outOfFeature = { group: ['../*'], message: 'A feature imports its own files with ./ and shared code by #client/lib/... or #client/ui/....' }
const clientBlock = (files, ...extra) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns: [...noServerImports.patterns, ...extra] }] } })

/** What server code never imports: tests, and the client's pages and admin (the web layer renders the site's app and routes only). */
const serverRules = [
  { group: subpaths(['**/tests/*', '#tests/*']), message: 'Production code never imports tests.' },
  { group: subpaths(['#client/site/pages/*', '**/client/site/pages/*', '#client/admin/*', '**/client/admin/*']), message: 'The server renders the site through client/site/app and its route table only.' },
]
/** Shared layers (plugins, lib) and the database never reach into a feature: features build on them. */
const noFeatures = { group: subpaths(['#src/features/*', '**/features/*']), message: 'Plugins, lib and db/ never import a feature.' }

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'bench/out/', '.scratch/'] },
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
    rules: { 'no-restricted-imports': ['error', { patterns: [upTwo, ...serverRules, noFeatures] }] },
  },
  { files: ['src/contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', noServerImports] } },
  clientBlock(['client/**/*.{ts,tsx}']),
  clientBlock(['client/admin/**/*.{ts,tsx}'], notSite),
  clientBlock(['client/site/**/*.{ts,tsx}'], notAdmin),
  clientBlock(['client/features/**/*.{ts,tsx}'], notApps, notOtherFeature),
  clientBlock(['client/features/*/*.{ts,tsx}'], notApps, notOtherFeature, outOfFeature),
  clientBlock(['client/lib/**/*.{ts,tsx}', 'client/ui/**/*.{ts,tsx}'], notApps, notFeatures),
)
