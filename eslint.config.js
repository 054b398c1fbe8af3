// ESLint for the whole repository: TypeScript, React hooks, accessibility of JSX, one import style,
// kebab-case file names, and the architecture's boundaries (which folder may import which).
// `npm run lint` runs it with `prettier --check`; format is Prettier's job alone (eslint-config-prettier
// switches off every stylistic rule). Why each choice: the decision record "Lint, format and boundaries"
// in docs/decisions/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The shared layers of the app: anything may import them; they import only each other. */
const SHARED = ['ui', 'config', 'catalog', 'firebase', 'styles', 'data', 'session'];
/** The app's own folders that the cloud functions may bundle: pure data and pure functions. */
const FUNCTIONS_MAY_IMPORT = ['catalog', 'config', 'data'];
/** The pure shared layers: plain TypeScript that runs the same in Node and the browser, since the
 *  functions bundle them (docs/decisions/0128-pure-shared-layers.md). */
const PURE = ['catalog', 'data'];
/** What a pure layer never imports: the browser's libraries (React and what is built on it, the
 *  Firebase web SDK, the UI widgets) and the app's layers built on them. */
const BROWSER_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'react-hook-form',
  'react-slick',
  'focus-trap-react',
  'lucide-react',
  'sweetalert2',
  'typed.js',
  'firebase',
  '@firebase',
];
const BROWSER_LAYERS = ['firebase', 'ui', 'session', 'styles'];
/** The DOM's globals, which a pure layer never reads (Node has none of them). */
const DOM_GLOBALS = [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'matchMedia',
  'getComputedStyle',
  'requestAnimationFrame',
  'alert',
  'confirm',
];
/** Every feature folder, read from disk so that a new feature is fenced in without editing this file. */
const FEATURES = readdirSync(new URL('src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The local services' packages (every folder of emulators/ with a package.json), read from disk so
 *  that a new package is fenced in without editing this file. */
const PACKAGES = readdirSync(new URL('emulators', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(new URL(`emulators/${entry.name}/package.json`, import.meta.url)))
  .map((entry) => {
    const dir = join(import.meta.dirname, 'emulators', entry.name);
    return { dir, name: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name };
  });
const packageOf = (file) => PACKAGES.find(({ dir }) => file === dir || file.startsWith(dir + sep));

/** A package's relative imports stay inside it, and nothing outside reaches into one by a path:
 *  across a package's edge only its name and its exports are imported
 *  (docs/decisions/0126-local-services-as-packages.md#addendum-2026-11-29-no-import-leaves-a-package).
 *  A rule of its own because import zones judge the file an import resolves to, and a package
 *  imported by its name resolves to the same file as a path into it. */
const packageBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      leaves:
        '"{{specifier}}" leaves {{name}}: a package imports only its own files and other packages by their name. Move what it needs into the package, or have its caller pass it in.',
      reachesIn: '"{{specifier}}" is a path into {{name}}: import the package by its name, "{{name}}", and what it exports.',
    },
  },
  create(context) {
    const importer = packageOf(context.filename);
    const check = (source) => {
      const specifier = source?.type === 'Literal' ? source.value : undefined;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const into = packageOf(resolve(dirname(context.filename), specifier));
      if (importer && into !== importer) context.report({ node: source, messageId: 'leaves', data: { specifier, name: importer.name } });
      else if (!importer && into) context.report({ node: source, messageId: 'reachesIn', data: { specifier, name: into.name } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `typeof import('…')` types a module loaded lazily: the same edge, without an import line.
      TSImportType: (node) => check(node.source),
    };
  },
};

/** The Stripe stand-in's code and the files above its four layers. */
const STRIPE_STAND_IN = 'emulators/stripe/src';
const STRIPE_TOP = ['server.ts', 'controls.ts', 'cli.ts', 'index.ts'];

/** Zones of import-x/no-restricted-paths: files under `target` may not import files under `from`
 *  (paths relative to the repository root; `@/` imports are resolved first, so they count too). */
const boundaryZones = [
  {
    target: SHARED.map((dir) => `./src/${dir}`),
    from: ['./src/features', './src/app', './src/main.tsx', './src/entry-server.tsx'],
    message: 'A shared layer never imports a feature or the app: move the shared thing down into a shared layer.',
  },
  {
    target: PURE.map((dir) => `./src/${dir}`),
    from: [
      // The resolver answers `react` with its types (@types/react), so those count as the package.
      ...BROWSER_PACKAGES.flatMap((name) => [`./node_modules/${name}`, `./node_modules/@types/${name}`]).filter((dir) =>
        existsSync(new URL(dir, import.meta.url)),
      ),
      ...BROWSER_LAYERS.map((dir) => `./src/${dir}`),
    ],
    message: `src/${PURE.join(' and src/')} are pure (the functions bundle them): no React, no Firebase, no UI. Data access belongs in src/firebase or the feature that uses it.`,
  },
  {
    target: './src/config',
    from: SHARED.filter((dir) => dir !== 'config').map((dir) => `./src/${dir}`),
    message: 'src/config is the lowest layer: every other layer reads it, it reads none of them (move what it needs into src/config).',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/main.tsx', './src/entry-server.tsx'],
    message: 'A feature never imports the app: the app composes features, not the other way round.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `The "${feature}" feature never imports another feature: move what both need into a shared layer (src/${SHARED.join(', src/')}).`,
  })),
  {
    target: './functions',
    from: './src',
    except: FUNCTIONS_MAY_IMPORT.map((dir) => `./${dir}`),
    message: `The functions bundle only ${FUNCTIONS_MAY_IMPORT.map((dir) => `src/${dir}`).join(', ')} of the app (pure data, no React, no Firebase web SDK).`,
  },
  {
    target: './src',
    from: ['./functions', './emulators', './scripts', './tests'],
    message: 'The app never imports the functions, the emulators, the scripts or the tests.',
  },
  {
    target: './emulators',
    from: './scripts',
    message:
      'The local stack and its packages never import scripts/: the scripts run the stack, not the other way round. Move what both need into emulators/.',
  },
  // The Stripe stand-in's layers, one direction (docs/decisions/0127-stripe-stand-in-layers.md):
  // core → resources → API routes and hosted pages → server, controls and command line.
  {
    target: `./${STRIPE_STAND_IN}/core`,
    from: [
      `./${STRIPE_STAND_IN}/resources`,
      `./${STRIPE_STAND_IN}/api`,
      `./${STRIPE_STAND_IN}/hosted`,
      ...STRIPE_TOP.map((file) => `./${STRIPE_STAND_IN}/${file}`),
    ],
    message:
      "The Stripe stand-in's core (the store, ids, events and their delivery, the clocks, request parsing) never imports a Stripe resource, its API routes, hosted pages or server: they all build on it.",
  },
  {
    target: `./${STRIPE_STAND_IN}/resources`,
    from: [`./${STRIPE_STAND_IN}/api`, `./${STRIPE_STAND_IN}/hosted`, ...STRIPE_TOP.map((file) => `./${STRIPE_STAND_IN}/${file}`)],
    message: "The Stripe stand-in's resources never import its API routes, hosted pages or server: they are the layer those build on.",
  },
  {
    target: [`./${STRIPE_STAND_IN}/api`, `./${STRIPE_STAND_IN}/hosted`],
    from: STRIPE_TOP.map((file) => `./${STRIPE_STAND_IN}/${file}`),
    message: "The Stripe stand-in's API routes and hosted pages never import the server, the controls or the command line.",
  },
  {
    target: `./${STRIPE_STAND_IN}/api`,
    from: `./${STRIPE_STAND_IN}/hosted`,
    message: "The Stripe stand-in's API routes never import its hosted pages: both build on the resources.",
  },
  {
    target: `./${STRIPE_STAND_IN}/hosted`,
    from: `./${STRIPE_STAND_IN}/api`,
    message: "The Stripe stand-in's hosted pages never import its API routes: both build on the resources.",
  },
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'functions/lib/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'public/',
      'emulators/.data/',
    ],
  },
  js.configs.recommended,
  // Not type-aware: the typed rule set needed 2.7 times the CPU time (56 s against 21 s) for the
  // whole repository, and `npm run typecheck` already runs tsc in strict mode.
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: globals.node },
    plugins: { 'import-x': importX, 'check-file': checkFile, leopard: { rules: { 'package-boundaries': packageBoundaries } } },
    settings: {
      // import-x keeps what it resolved and parsed for 30 s by default (for editors); a lint run
      // outlasts that, so modules were parsed again for every file once it had passed.
      'import-x/cache': { lifetime: Infinity },
      // Without these import-x does not read TypeScript modules when it follows imports (no-cycle
      // would see no graph at all).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // One tsconfig per part: its `paths` (the app's `@/` alias) and file set decide resolution.
          project: ['tsconfig.app.json', 'tsconfig.node.json', 'functions/tsconfig.json'].map((file) => `${import.meta.dirname}/${file}`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // A `let x!: T` that a closure reads before its one assignment cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // TypeScript checks these better (tsc runs in `npm run typecheck`).
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `typeof import('./x')` stays allowed: it types a module that is loaded lazily (the Firebase
      // SDK, sign-up's services) or mocked (Vitest's importOriginal) without a static import.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],

      // Imports: resolvable, no duplicates, no cycles, no extension on first-party modules (every
      // runner here resolves them: Vite, Vitest, tsx, esbuild, Playwright), packages before
      // first-party modules.
      'import-x/no-unresolved': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/first': 'error',
      'import-x/extensions': [
        'error',
        'never',
        {
          fix: true,
          checkTypeImports: true,
          // Assets and styles keep their extension: it is part of their name for Vite.
          pattern: {
            scss: 'always',
            css: 'always',
            json: 'always',
            svg: 'always',
            png: 'always',
            webp: 'always',
            jpg: 'always',
            html: 'always',
          },
        },
      ],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin', 'external'],
          'newlines-between': 'ignore',
        },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      'leopard/package-boundaries': 'error',
      // About 4 s of the ~20 s CPU time of a whole-repository run: cheap enough to hold everywhere.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],

      // kebab-case file and folder names (`.test`, `.module`, `.testing` are middle extensions).
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,mts,cjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,functions,emulators,scripts,tests}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  { ...reactHooks.configs.flat['recommended-latest'], files: ['src/**/*.{ts,tsx}'] },
  { ...jsxA11y.flatConfigs.recommended, files: ['src/**/*.tsx'] },
  {
    files: ['src/**/*.tsx'],
    rules: {
      // Safari drops the list role of a list styled without bullets, so role="list" is not redundant.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // Key handlers are left out: on an element that cannot take focus they only see key events
      // bubbling up from a focused child (Escape in the menus, arrow keys in the carousel, as the
      // ARIA practices do it). Pointer handlers on such elements are still reported.
      'jsx-a11y/no-static-element-interactions': [
        'error',
        { allowExpressionValues: true, handlers: ['onClick', 'onMouseDown', 'onMouseUp'] },
      ],
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        {
          handlers: ['onClick', 'onError', 'onLoad', 'onMouseDown', 'onMouseUp'],
          body: ['onError', 'onLoad'],
          iframe: ['onError', 'onLoad'],
          img: ['onError', 'onLoad'],
        },
      ],
    },
  },
  {
    // The pure layers in words the import zones cannot see: the DOM's globals and JSX.
    files: PURE.map((dir) => `src/${dir}/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...DOM_GLOBALS.map((name) => ({ name, message: `src/${PURE.join(' and src/')} are pure (the functions bundle them): no DOM.` })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXElement, JSXFragment', message: `src/${PURE.join(' and src/')} are pure (the functions bundle them): no JSX.` },
      ],
    },
  },
  {
    // A `*.testing` module serves tests only: nothing else imports one, so no test rig ships in a
    // bundle or a service (docs/decisions/0129-test-helper-names.md). Tests, other test modules
    // and the runners' entry files may.
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    ignores: [
      '**/*.{test,spec,testing}.{ts,tsx}',
      'tests/**',
      '**/vitest.setup.ts',
      '**/vitest*.config.{ts,mts}',
      '**/playwright*.config.ts',
      '**/global-setup.ts',
      // Benchmarks drive the local services as the tests do, and never ship.
      'scripts/bench-*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        // `@leopard/rtdb-emulator/testing/…` is a package's way to the same modules.
        { patterns: [{ regex: '(\\.testing(\\.[cm]?[jt]sx?)?|/testing(/.*)?)$', message: 'Only tests import a *.testing module.' }] },
      ],
    },
  },
  {
    // The data viewer of the database emulator runs in the browser (docs/decisions/0131-rtdb-viewer-modules.md).
    files: ['emulators/rtdb/viewer/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
  prettier,
);
