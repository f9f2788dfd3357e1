/**
 * Loads a front end's Node bundle (the shell's header, /home's and each route's first screen: CommonJS files that
 * rspack wrote into a dist folder) as Node's own loader does, but without the require hooks the process has
 * registered. `npm start` and the e2e suite's server run under tsx, whose hook compiled each ~1.2 MB bundle again
 * with esbuild and kept its code and an inline source map (the code held twice, the map parsed into Node's source
 * map cache): the eight bundles took 137 MB of V8 heap under tsx, 24 MB loaded plainly (issue 25, memory of the
 * composed product). The bundles are plain JavaScript built for Node: nothing to compile.
 *
 * Every call loads the file afresh (not Node's module cache): its callers keep what they loaded, once per file or
 * remote version, and the shell's header is loaded again when the shell is rebuilt. A chunk a bundle asks for by a
 * relative path (rspack's `require("./" + chunk)`) loads the same way, once per load; anything else (Node's own
 * modules) through Node's require from the bundle's folder.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compileFunction } from 'node:vm';

interface LoadedModule {
  exports: unknown;
}

function loadInto(file: string, loaded: Map<string, LoadedModule>): unknown {
  const known = loaded.get(file);
  if (known) return known.exports;
  const mod: LoadedModule = { exports: {} };
  loaded.set(file, mod);
  const code = readFileSync(file, 'utf8');
  const run = compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file });
  const dir = path.dirname(file);
  const nodeRequire = createRequire(file);
  const bundleRequire = Object.assign((id: string): unknown => (id.startsWith('./') || id.startsWith('../') ? loadInto(path.resolve(dir, id), loaded) : nodeRequire(id)), {
    resolve: nodeRequire.resolve,
    cache: nodeRequire.cache,
  });
  try {
    run.call(mod.exports, mod.exports, bundleRequire, mod, file, dir);
  } catch (error) {
    loaded.delete(file);
    throw error;
  }
  return mod.exports;
}

/** The exports of the CommonJS bundle at `file` (throws as `require` would: a missing file, a syntax error, a throw). */
export function loadServerBundle(file: string): unknown {
  return loadInto(path.resolve(file), new Map());
}
