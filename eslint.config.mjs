// The lint of the whole repository (flat config). Besides typescript-eslint's checks it holds the
// architecture to its word: no remote imports another remote or the shell; services never import web code;
// inside a remote, imports run one way (exposes -> features -> lib/shared) and never in a cycle, and features
// compose only in app/ and exposes/ (one feature never imports another); the API's modules import one way
// (MODULE_LAYERS); no import
// reaches into another package's src/ (each package declares what it offers in its `exports` map);
// file names are kebab-case. `npm test` runs it (scripts/test-all.ts); scripts/eslint-config.test.ts proves
// that a forbidden import fails.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readFileSync } from 'node:fs';
import { createJiti } from 'jiti';
import { readdirSync } from 'node:fs';

const jiti = createJiti(import.meta.url);
/** @type {{ REMOTES: readonly { pkg: string }[] }} */
const { REMOTES } = await jiti.import('./shared-contracts/src/remotes.ts');
const REMOTE_DIRS = REMOTES.map((remote) => remote.pkg);
const WEB_DIRS = ['shell', 'ui-kit', ...REMOTE_DIRS];

const TS = ['**/*.{ts,tsx,mts,cts}'];
const TESTS = ['**/*.test.{ts,tsx}', 'test-support/**', 'e2e/**', '**/testing/**', '**/test/**'];

/** Package names and deep paths no file may import (the `exports` maps say what each package offers). */
const DEEP_SRC = {
  group: ['@studio/*/src', '@studio/*/src/**', 'shared-contracts/src', 'shared-contracts/src/**', 'shell/src/**', 'remote-*/src/**'],
  message: "Import a package by its public entry (its package.json `exports`), not by a path into its src/.",
};

/**
 * The engines offer what their package.json `exports` names (the root, types, errors, registry, media, comfyui,
 * speech, vision, moderation); any other path into the package is an internal and fails here, inside the
 * engines package too when it names itself.
 */
const ENGINE_ENTRIES = Object.keys(JSON.parse(readFileSync(new URL('./services/engines/package.json', import.meta.url), 'utf8')).exports)
  .filter((entry) => entry !== '.' && entry !== './package.json')
  .map((entry) => entry.slice(2));
const ENGINE_INTERNALS = {
  regex: `^@studio/engines/(?!(${ENGINE_ENTRIES.join('|')})$)`,
  message: `Import the engines by a public entry (@studio/engines or @studio/engines/{${ENGINE_ENTRIES.join(',')}}), never an internal file.`,
};

/**
 * A page link is built from its named route (`routePath('Name', params, query)`), never typed as a path: a renamed or
 * moved route then fails to compile where it is linked. The site's root '/' (the spec's Go Home) is not a named
 * route; paths outside the route table (the account service's /account/..., files) are built with `new URL`.
 */
const HARD_CODED_LINKS = [
  {
    selector: 'JSXAttribute[name.name=/^(to|href)$/] > Literal[value=/^\\/[^/]/]',
    message: "Link to a page by its named route: routePath('Name', params, query) from shared-contracts, not a path string.",
  },
  {
    selector: 'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/^\\/[^/]/]',
    message: "Link to a page by its named route: routePath('Name', params, query) from shared-contracts, not a path string.",
  },
  {
    selector: 'CallExpression[callee.name="navigate"] > Literal[value=/^\\/[^/]/]',
    message: "Navigate to a page by its named route: navigate(routePath('Name', params, query)), not a path string.",
  },
];

/** The same rule for `import()` (the API loads heavy engine parts lazily): no-restricted-imports sees only static imports. */
const ENGINE_INTERNALS_LAZY = {
  // esquery's regex may not hold a slash: '.' stands for it
  selector: `ImportExpression > Literal[value=/^@studio.engines.(?!(${ENGINE_ENTRIES.join('|')})$)/]`,
  message: ENGINE_INTERNALS.message,
};

/** Web code imports no service code: the algorithm catalogue the screens read is the contract's (shared-contracts/algorithms). */
const SERVICES_FROM_WEB = {
  regex: '^@studio/(api|db|account|gateway|engines|mail)(/.*)?$',
  message: 'Web code reads the services only through the contract (the algorithm catalogue is shared-contracts/algorithms).',
};

/** A zone of import-x/no-restricted-paths: files under `target` may not import files under `from`. */
function zone(target, from, message, except) {
  return { target, from, message, ...(except ? { except } : {}) };
}

/** Inside a remote: lib/ and shared/ never import a feature or an expose; features never import exposes. */
const layerZones = REMOTE_DIRS.flatMap((remote) => [
  zone(`./${remote}/src/lib`, `./${remote}/src`, 'lib/ is below every feature: it never imports one.', ['./lib', './globals.d.ts']),
  zone(`./${remote}/src/shared`, `./${remote}/src`, 'shared/ is below every feature: it never imports one.', ['./shared', './globals.d.ts']),
  zone(`./${remote}/src/!(exposes)/**/*`, `./${remote}/src/exposes`, 'Features never import an expose: exposes import features.'),
]);

/** A package's folders under src/ (features and layers alike), read at lint time so a new one is ruled too. */
function foldersOf(dir) {
  return readdirSync(new URL(`./${dir}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** A remote's layers below its features: every feature may use them, they use no feature. */
const BASE_LAYERS = ['lib', 'shared', 'types'];
/** Where features are composed: they may import any feature. */
const COMPOSERS = ['app', 'exposes'];
/**
 * Folders that are building blocks of a remote's features rather than features: any feature may use them,
 * they never import a feature (they may use each other).
 */
const BUILDING_BLOCKS = {
  'remote-create': ['uploads', 'media', 'preview', 'crop', 'leave', 'examples', 'tasks'],
  'remote-tools': ['editors', 'workspace', 'mask'],
  'remote-billing': ['purchase'],
};

/** What a remote's features may take from app/: remote-account's runtime type, which its exposes hand down as a prop. */
const FROM_APP = { 'remote-account': ['./app/runtime.ts'] };

/** Inside a remote: a feature imports no other feature (they compose in app/ and exposes/); a building block imports none. */
const featureZones = REMOTE_DIRS.flatMap((remote) => {
  const folders = foldersOf(`${remote}/src`);
  const blocks = BUILDING_BLOCKS[remote] ?? [];
  const below = folders.filter((folder) => BASE_LAYERS.includes(folder) || blocks.includes(folder)).map((folder) => `./${folder}`);
  return folders
    .filter((folder) => !BASE_LAYERS.includes(folder) && !COMPOSERS.includes(folder))
    .map((folder) =>
      zone(
        `./${remote}/src/${folder}`,
        `./${remote}/src`,
        blocks.includes(folder)
          ? `${folder}/ is a building block of ${remote}'s features (eslint.config.mjs BUILDING_BLOCKS): it never imports a feature.`
          : 'Features compose only in app/ and exposes/: a feature never imports another; what two share goes to lib/ or shared/.',
        [...new Set([`./${folder}`, './globals.d.ts', ...below, ...(FROM_APP[remote] ?? [])])],
      ),
    );
});

/**
 * The API's modules (services/api/src/modules), lowest first: a module imports only modules listed before
 * it, so no two import each other. A module missing from the list fails the config test.
 */
const MODULE_LAYERS = [
  'algorithms', 'country', 'credits', 'feedback', 'storage', 'users', 'catalogue', 'content', 'tracking', 'checkin',
  'identity', 'billing', 'accounts', 'developer', 'tasks', 'tool-previews', 'discovery', 'health', 'metrics',
];
const API_MODULES = './services/api/src/modules';
const moduleZones = MODULE_LAYERS.map((name, at) =>
  zone(
    `${API_MODULES}/${name}`,
    API_MODULES,
    `The API's modules import one way (eslint.config.mjs MODULE_LAYERS): ${name} may import only the modules listed before it.`,
    [`./${name}`, './registry.ts', './types.ts', ...MODULE_LAYERS.slice(0, at).map((below) => `./${below}`)],
  ),
);
const unlayered = foldersOf('services/api/src/modules').filter((name) => !MODULE_LAYERS.includes(name));
if (unlayered.length > 0) throw new Error(`eslint.config.mjs: place the API module(s) ${unlayered.join(', ')} in MODULE_LAYERS`);

/** Between packages: what may import what. */
const packageZones = [
  // no remote imports another remote or the shell
  ...REMOTE_DIRS.flatMap((remote) => [
    ...REMOTE_DIRS.filter((other) => other !== remote).map((other) =>
      zone(`./${remote}`, `./${other}`, `A remote never imports another remote: share through shared-contracts or ui-kit, or load it with loadRemote.`),
    ),
    zone(`./${remote}`, './shell', 'A remote never imports the shell: it gets what it needs through ShellApi (useShell()).'),
  ]),
  // the shell never imports a remote's code (it loads remotes through Module Federation)
  ...REMOTE_DIRS.map((remote) => zone('./shell', `./${remote}`, 'The shell loads remotes through Module Federation, never by import.')),
  // ui-kit and the contract sit below every app
  ...['ui-kit', 'shared-contracts'].flatMap((pkg) =>
    ['shell', ...REMOTE_DIRS, 'services'].map((app) => zone(`./${pkg}`, `./${app}`, `${pkg} sits below the apps and never imports one.`)),
  ),
  zone('./shared-contracts', './ui-kit', 'The contract has no UI.'),
  // services never import web code
  ...WEB_DIRS.map((web) => zone('./services', `./${web}`, 'Services never import web code (the contract is the only thing they share).')),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.bench/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
      // sources of earlier releases, checked out to build their remotes (scripts/release/build-at.ts)
      '.cache/**',
      '**/*.d.ts',
      '**/*.js',
      '**/*.cjs',
    ],
  },
  {
    files: TS,
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    plugins: { 'import-x': importX, 'check-file': checkFile, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json', alwaysTryTypes: true })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      // TypeScript checks these better than the lint (undefined names, redeclared overloads)
      'no-undef': 'off',
      'no-redeclare': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      // flags `let x = null; try { x = ... }` patterns the code uses on purpose
      'no-useless-assignment': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // boundaries
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...packageZones, ...layerZones, ...featureZones, ...moduleZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 12 }],
      'import-x/no-relative-packages': 'error',
      'import-x/no-self-import': 'error',
      'no-restricted-imports': ['error', { patterns: [DEEP_SRC, ENGINE_INTERNALS] }],
      'no-restricted-syntax': ['error', ENGINE_INTERNALS_LAZY],
      // size: the guide's limits (tests are exempt below)
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 120 }],
      // kebab-case file and folder names
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,mts}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: WEB_DIRS.map((dir) => `${dir}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [DEEP_SRC, SERVICES_FROM_WEB, ENGINE_INTERNALS] }],
      'no-restricted-syntax': ['error', ENGINE_INTERNALS_LAZY, ...HARD_CODED_LINKS],
    },
  },
  {
    // tests may use the shared test kit (test-support/) by a relative path and doubles may be loose
    files: TESTS,
    rules: {
      // a test may render an expose to test a feature through it
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: packageZones }],
      // a test may navigate by path: it checks what a path resolves to
      'no-restricted-syntax': ['error', ENGINE_INTERNALS_LAZY],
      'import-x/no-relative-packages': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      'max-lines': 'off',
      'max-lines-per-function': 'off',
    },
  },
  {
    // each app's build config uses the root's shared rspack helpers (rspack.shared.ts)
    files: ['*/rspack.config.ts'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
);
