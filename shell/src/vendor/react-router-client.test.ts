import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as reactRouter from 'react-router';

/**
 * The shell provides react-router to every remote through src/vendor/react-router-client.ts; this checks
 * the list against the installed react-router: every export is either provided or left out on purpose.
 */
const source = readFileSync(path.join(__dirname, 'react-router-client.ts'), 'utf8');
const fromRouter = [...(source.match(/export \{([\s\S]*?)\} from 'react-router-full';/)?.[1] ?? '').matchAll(/(\w+),/g)].map((m) => m[1]);
/** names the shell implements itself for its declarative router (useBlocker) */
const ownNames = [...source.matchAll(/export \{ (\w+) \} from '\.\.\/routing\//g)].map((m) => m[1]);
const provided = [...fromRouter, ...ownNames];
const leftOut = (source.match(/Left out on purpose:([\s\S]*?)\.\n/)?.[1] ?? '').split(/[,\s*]+/).filter(Boolean);

const repoRoot = path.resolve(__dirname, '../../..');
const APP_SOURCES = ['shell/src', 'ui-kit/src', ...readdirSync(repoRoot).filter((name) => name.startsWith('remote-')).map((name) => `${name}/src`)];

/**
 * The server-rendering entries (createServerRenderConfig in an app's rspack.config.ts): rendered in Node by the
 * gateway, bundled with react-router itself, never through the share scope.
 */
const SERVER_ENTRIES = new Set([
  ...['shell', ...readdirSync(repoRoot).filter((name) => name.startsWith('remote-'))].flatMap((app) =>
    [...readFileSync(path.join(repoRoot, app, 'rspack.config.ts'), 'utf8').matchAll(/createServerRenderConfig\([^)]*?entry: '([^']+)'/g)].map((m) => path.join(repoRoot, app, m[1] ?? '')),
  ),
  // and what they render with: ui-kit's server-only entries (`./first-screen-server`), which no browser code imports
  ...Object.entries((JSON.parse(readFileSync(path.join(repoRoot, 'ui-kit', 'package.json'), 'utf8')) as { exports: Record<string, string> }).exports)
    .filter(([subpath]) => subpath.endsWith('-server'))
    .map(([, file]) => path.join(repoRoot, 'ui-kit', file)),
]);

/** Every value imported from 'react-router' by code that runs in the browser (tests load react-router itself). */
function namesImportedByApps(): Map<string, string> {
  const used = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'testing' && entry.name !== 'node_modules') visit(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !SERVER_ENTRIES.has(file)) {
        for (const match of readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]react-router['"]/g)) {
          if (match[1]) continue;
          for (const part of (match[2] ?? '').split(',')) {
            const name = part.trim().split(/\s+as\s+/)[0] ?? '';
            if (name && !name.startsWith('type ')) used.set(name, path.relative(repoRoot, file));
          }
        }
      }
    }
  };
  for (const dir of APP_SOURCES) visit(path.join(repoRoot, dir));
  return used;
}

describe('react-router provided by the shell', () => {
  it('provides every name the shell, the remotes and the ui-kit import from react-router', () => {
    expect(SERVER_ENTRIES).toContain(path.join(repoRoot, 'shell/src/layout/server-header.tsx'));
    expect(SERVER_ENTRIES).toContain(path.join(repoRoot, 'ui-kit/src/first-screen-server.tsx'));
    for (const file of SERVER_ENTRIES) expect(existsSync(file)).toBe(true);
    const used = namesImportedByApps();
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter(([name]) => !provided.includes(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('covers every export of the installed react-router (provided or deliberately left out)', () => {
    const all = Object.keys(reactRouter).filter((name) => name !== 'default' && name !== '__esModule');
    const unaccounted = all.filter((name) => !provided.includes(name) && !leftOut.includes(name));
    expect(unaccounted).toEqual([]);
    expect(provided.filter((name) => !all.includes(name))).toEqual([]);
  });

  it('keeps everything a browser app routes with', () => {
    for (const name of ['unstable_HistoryRouter', 'UNSAFE_createBrowserHistory', 'Link', 'NavLink', 'Navigate', 'Outlet', 'useNavigate', 'useLocation', 'useParams', 'useSearchParams', 'useBlocker', 'generatePath', 'matchPath', 'matchRoutes']) {
      expect(provided).toContain(name);
    }
    // a remote renders inside the shell's router, where a router of its own throws
    for (const name of ['BrowserRouter', 'MemoryRouter']) expect(leftOut).toContain(name);
    // the data router is not part of the first load any more (the shell's useBlocker replaces its own)
    expect(ownNames).toEqual(['useBlocker']);
    for (const name of ['createBrowserRouter', 'RouterProvider', 'useMatches', 'useRouteError', 'createRequestHandler', 'createCookie', 'ServerRouter']) expect(leftOut).toContain(name);
  });
});
