import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as emotionReact from '@emotion/react';

/**
 * The shell provides @emotion/react to every remote through src/vendor/emotion-react-client.ts; this checks the
 * list against the installed package (every export provided or left out on purpose) and against what the apps
 * import (a name used there and left out here fails this test, not a page at run time).
 */
const source = readFileSync(path.join(__dirname, 'emotion-react-client.ts'), 'utf8');
const provided = [...(source.match(/export \{([\s\S]*?)\} from 'emotion-react-full';/)?.[1] ?? '').matchAll(/(\w+),/g)].map((m) => m[1]);
const leftOut = (source.match(/Left out on purpose:([\s\S]*?)\.\n/)?.[1] ?? '').split(/[,\s*]+/).filter(Boolean);

const repoRoot = path.resolve(__dirname, '../../..');
const APP_SOURCES = ['shell/src', 'ui-kit/src', ...readdirSync(repoRoot).filter((name) => name.startsWith('remote-')).map((name) => `${name}/src`)];

/** Every value imported from '@emotion/react' by code that runs in the browser (tests load the package itself). */
function namesImportedByApps(): Map<string, string> {
  const used = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'testing' && entry.name !== 'node_modules') visit(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const text = readFileSync(file, 'utf8');
        if (/import\s+\*\s+as\s+\w+\s+from\s+['"]@emotion\/react['"]/.test(text)) used.set('*', path.relative(repoRoot, file));
        for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@emotion\/react['"]/g)) {
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

describe('@emotion/react provided by the shell', () => {
  it('provides every name the shell, the remotes and the ui-kit import from @emotion/react', () => {
    const used = namesImportedByApps();
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter(([name]) => !provided.includes(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('covers every export of the installed @emotion/react (provided or deliberately left out)', () => {
    const all = Object.keys(emotionReact).filter((name) => name !== 'default' && name !== '__esModule');
    expect(all.filter((name) => !provided.includes(name) && !leftOut.includes(name))).toEqual([]);
    expect(provided.filter((name) => !all.includes(name))).toEqual([]);
    expect(leftOut).toEqual(['ClassNames', 'withTheme']);
  });
});
