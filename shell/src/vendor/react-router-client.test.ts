import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as reactRouter from 'react-router';

/**
 * The shell provides react-router to every remote through src/vendor/react-router-client.ts; this checks
 * the list against the installed react-router: every export is either provided or left out on purpose.
 */
const source = readFileSync(path.join(__dirname, 'react-router-client.ts'), 'utf8');
const provided = [...(source.match(/export \{([\s\S]*?)\} from 'react-router-full';/)?.[1] ?? '').matchAll(/(\w+),/g)].map((m) => m[1]);
const leftOut = (source.match(/Left out on purpose:([\s\S]*?)\.\n/)?.[1] ?? '').split(/[,\s*]+/).filter(Boolean);

describe('react-router provided by the shell', () => {
  it('covers every export of the installed react-router (provided or deliberately left out)', () => {
    const all = Object.keys(reactRouter).filter((name) => name !== 'default' && name !== '__esModule');
    const unaccounted = all.filter((name) => !provided.includes(name) && !leftOut.includes(name));
    expect(unaccounted).toEqual([]);
    expect(provided.filter((name) => !all.includes(name))).toEqual([]);
  });

  it('keeps everything a browser app routes with', () => {
    for (const name of ['createBrowserRouter', 'RouterProvider', 'Link', 'NavLink', 'Navigate', 'Outlet', 'useNavigate', 'useLocation', 'useParams', 'useSearchParams', 'useMatches', 'useRouteError', 'useBlocker', 'generatePath', 'matchPath', 'MemoryRouter']) {
      expect(provided).toContain(name);
    }
    for (const name of ['createRequestHandler', 'createCookie', 'ServerRouter']) expect(leftOut).toContain(name);
  });
});
