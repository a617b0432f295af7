// One flat config for the whole workspace. The parser is typescript-eslint's, without type
// information (no `parserOptions.project`), so lint stays fast; tsc checks types separately.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = fileURLToPath(new URL('.', import.meta.url));
const subfolders = (dir) => {
  try {
    return readdirSync(join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

const remotes = subfolders('remotes').map((name) => `remotes/${name}`);
const apps = ['host', ...remotes];
const packageNames = (dir) =>
  subfolders(dir).flatMap((name) => {
    try {
      return [JSON.parse(readFileSync(join(root, dir, name, 'package.json'), 'utf8')).name];
    } catch {
      return [];
    }
  });
// The build factory (@portal/mf-build) runs in webpack configs, never in an app's code.
const sharedNames = packageNames('shared').filter((name) => name !== '@portal/mf-build');
const infraNames = packageNames('infra');
const only = (names) => ['@portal/*', ...names.flatMap((name) => [`!${name}`, `!${name}/*`])];
const code = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const inBrowserSrc = ['host/src', ...remotes.map((r) => `${r}/src`), 'shared/*/src'];

// A feature may import from its own folder and from the app's lib/ and components/, never from a
// sibling feature (ARCHITECTURE.md, CONVENTIONS.md "Boundaries"). One zone per feature, so a new
// feature folder is covered without touching this file.
const featureZones = apps.flatMap((app) => {
  const features = subfolders(`${app}/src/features`);
  return features.map((feature) => ({
    target: `./${app}/src/features/${feature}`,
    from: `./${app}/src/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move the shared piece to the app\'s lib/ or components/, or to a shared package.',
  }));
});

// Layers flow one way, shared/* -> lib/ and components/ -> features -> app (bulletproof-react's
// unidirectional architecture): an app's lib/ and components/ import no feature and not app/.
const layerZones = apps.flatMap((app) => [
  {
    target: [`./${app}/src/lib`, `./${app}/src/components`],
    from: [`./${app}/src/features`, `./${app}/src/app`],
    message: 'lib/ and components/ are shared by the features: they import no feature and not app/.',
  },
  {
    target: `./${app}/src/features`,
    from: `./${app}/src/app`,
    message: 'A feature does not import app/ (the wiring imports the features, not the other way round).',
  },
]);

// Paths (after resolution, so a relative `../../host/src/x` is caught as well as a package name).
const appZones = [
  ...remotes.map((remote) => ({
    target: `./${remote}`,
    from: ['./host', ...remotes.filter((r) => r !== remote).map((r) => `./${r}`), './infra'],
    message: 'A remote imports only shared/* packages: never the host, another remote or infra.',
  })),
  {
    target: './host',
    from: [...remotes.map((r) => `./${r}`), './infra'],
    message: 'The host reaches remotes only through Module Federation at run time, and never imports infra.',
  },
  {
    target: './shared',
    from: ['./host', './remotes', './infra'],
    message: 'shared/* imports no app: not the host, a remote or infra.',
  },
];

// Package names, checked before resolution: pnpm does not link a package its importer does not
// depend on, so `import '@portal/host'` from a remote would not resolve and no-restricted-paths
// alone would let it through.
// @mui/material is shared per component (shared/mf-build/src/mui-subpaths.cjs): the barrel would
// load all of it on every page.
const muiBarrel = { name: '@mui/material', message: "Import each component from its own path ('@mui/material/Button'), listed in shared/mf-build/src/mui-subpaths.cjs." };

const onlyShared = (who) => ({
  paths: [muiBarrel],
  patterns: [{ group: only(sharedNames), message: `${who} imports only the shared packages (${sharedNames.join(', ')}).` }],
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/coverage/', 'data/', '**/.webpack-cache/'],
  },
  // The parser and the plugin, none of typescript-eslint's style rules: tsc is the type checker.
  tseslint.configs.base,
  {
    files: [code],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x parses only .js files when it follows imports, and no-cycle
      // silently sees no TypeScript module at all.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: join(root, 'tsconfig.base.json') }),
        createNodeResolver(),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...featureZones, ...layerZones, ...appZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['**/*.{cjs,js}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['infra/**/*.{ts,tsx,mts,cts,mjs}', '*.{mjs,ts}', 'shared/mf-build/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: inBrowserSrc.map((dir) => `${dir}/**/*.{ts,tsx}`),
    ignores: ['shared/mf-build/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx,jsx}'],
    ignores: ['infra/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['**/*.{tsx,jsx}'],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // autoFocus is set only on MUI components: the first field of a dialog (what the WAI-ARIA
      // dialog pattern asks for) or of a single-purpose sign-in page. Raw DOM elements stay checked.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // A browser package reaches another package by its name, never by a relative path into its
    // folder (which would skip the package's entry point and the rules above).
    files: inBrowserSrc.map((dir) => `${dir}/**/*.{ts,tsx}`),
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  ...remotes.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', onlyShared('A remote')] },
  })),
  {
    files: ['host/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', onlyShared('The host')],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx,cjs,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [muiBarrel],
          patterns: [
            {
              group: ['@portal/host', '@portal/host/*', '@portal/remote-*', ...infraNames.flatMap((n) => [n, `${n}/*`])],
              message: 'shared/* imports no app: not the host, a remote or infra.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/__tests__/**', '**/testing/**', 'jest.*', '**/jest.*'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
