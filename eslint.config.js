// Lint keeps the import boundaries of docs/architecture.md true.
import { readdirSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
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

// The server's layers (docs/architecture.md, "Import boundaries"), top to bottom: main, cli, server,
// then app and seed, web, features, then config, plugins and lib; each imports only layers below it.

/**
 * Every client component (a .tsx under client/) as an import names it, but the site's app: an import
 * carries no extension, so the files are listed. NOTE: read when lint starts, so a new component is
 * covered without an edit here.
 */
const clientRoot = fileURLToPath(new URL('./client/', import.meta.url))
const clientComponents = readdirSync(clientRoot, { recursive: true })
  .map((f) => String(f).replaceAll('\\', '/'))
  .filter((f) => f.endsWith('.tsx') && f !== 'site/app.tsx')
  .flatMap((f) => [`#client/${f.slice(0, -4)}`, `**/client/${f.slice(0, -4)}`])

/** What server code never imports: tests; the admin, the site's pages and any other client component. */
const serverRules = [
  { group: subpaths(['**/tests/*', '#tests/*']), message: 'Production code never imports tests.' },
  {
    group: subpaths(['#client/site/pages/*', '**/client/site/pages/*', '#client/admin/*', '**/client/admin/*', ...clientComponents]),
    message:
      'The server imports no client component (.tsx): it renders the site through client/site/app.tsx and the route table (client/site/routes.ts) only, the one place where React runs on the server, so a component never reaches it by another path. A value both sides need (a constant, a type) goes in a .ts module or src/contract.',
  },
]
/** Shared layers (plugins, lib, config) and the database never reach into a feature: features build on them. */
const noFeatures = { group: subpaths(['#src/features/*', '**/features/*']), message: 'Plugins, lib, config and db/ never import a feature.' }
/** A layer of src/ as a subpath and as a path from a folder of src/ (upTwo stops ../../). */
const layers = (...names) => subpaths(names.flatMap((n) => [`#src/${n}`, `#src/${n}/*`, `../${n}`, `../${n}/*`]))
/** Web renders the site and is composed by the app: the app, its start, the command line and the seed are above it. */
const webNotAbove = { group: layers('app', 'server', 'main', 'cli', 'seed'), message: 'src/web never imports the app, server, main, cli or seed: they compose it. Take what you need as an argument.' }
/** Features serve the API; the app, web, the seed and the command line compose them, and client/ is web's to render. */
const featuresNotAbove = {
  group: [...layers('app', 'server', 'main', 'cli', 'seed', 'web'), ...subpaths(['#client/*'])],
  message: 'A feature never imports web, app, server, seed, cli or client/: they compose features. Take what you need as an argument (app.ts passes it), or move it down to src/lib.',
}
/**
 * Another feature through its public index.ts only (`#src/features/auth`), never a file inside it:
 * the index names what the feature offers the others.
 */
const notIntoFeature = { group: subpaths(['#src/features/*/*']), message: 'A feature imports another only through its index.ts (#src/features/<name>), and its own files with ./.' }
/** From a file at the top of a feature's folder, ../ leaves the feature. */
const outOfServerFeature = { group: ['../*'], message: 'A feature imports its own files with ./ and another feature by #src/features/<name> (its index.ts).' }
/** Plugins and lib are given their settings by whoever calls them (app.ts, server.ts): they never read the configuration. */
const noConfig = {
  group: [...layers('config', 'app-deps'), ...layers('app', 'server', 'main', 'cli', 'seed', 'web'), ...subpaths(['#client/*'])],
  message: 'Plugins and lib never import the configuration (or AppDeps), nor a layer above them (web, app, server, cli, seed, client/): they take the values they need as arguments.',
}
/** The configuration sits under the features that read it: it imports none of them, nor what composes them. */
const configNotAbove = {
  group: [...layers('app', 'server', 'main', 'cli', 'seed', 'web'), ...subpaths(['./app', './server', './main', './cli/*', './seed/*', './web/*'])],
  message: 'The configuration imports no feature and nothing above the features: a feature\'s variables are parsed in src/config/.',
}
const serverBlock = (files, ...extra) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns: [upTwo, ...serverRules, ...extra] }] } })
/**
 * no-restricted-imports reads import declarations only: an import() reaching above the features
 * (a lazily loaded seed, say) is refused here, for features and everything below them.
 */
const noLazyImportUp = {
  files: ['src/features/**/*.ts', 'src/config.ts', 'src/config/**/*.ts', 'src/plugins/**/*.ts', 'src/lib/**/*.ts', 'db/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: String.raw`ImportExpression > Literal[value=/^(#src\/(app|server|main|cli|seed|web)(\/|$)|#client\/)/]`,
        message: 'Features and the layers below them never load web, app, server, seed, cli or client/, lazily or not: take what you need as an argument.',
      },
    ],
  },
}

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
  { ...serverBlock(['src/**/*.ts']), ignores: ['src/main.ts', 'src/app.ts'] },
  serverBlock(['src/web/**/*.ts'], webNotAbove),
  serverBlock(['src/features/**/*.ts'], featuresNotAbove, notIntoFeature),
  serverBlock(['src/features/*/*.ts'], featuresNotAbove, notIntoFeature, outOfServerFeature),
  serverBlock(['src/config.ts', 'src/config/**/*.ts'], noFeatures, configNotAbove),
  serverBlock(['src/plugins/**/*.ts', 'src/lib/**/*.ts'], noFeatures, noConfig),
  serverBlock(['db/**/*.ts'], noFeatures),
  noLazyImportUp,
  { files: ['src/contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', noServerImports] } },
  clientBlock(['client/**/*.{ts,tsx}']),
  clientBlock(['client/admin/**/*.{ts,tsx}'], notSite),
  clientBlock(['client/site/**/*.{ts,tsx}'], notAdmin),
  clientBlock(['client/features/**/*.{ts,tsx}'], notApps, notOtherFeature),
  clientBlock(['client/features/*/*.{ts,tsx}'], notApps, notOtherFeature, outOfFeature),
  clientBlock(['client/lib/**/*.{ts,tsx}', 'client/ui/**/*.{ts,tsx}'], notApps, notFeatures),
)
