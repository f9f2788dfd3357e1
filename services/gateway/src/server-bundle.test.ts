/** A front end's Node bundle loaded as CommonJS without the process's require hooks: its chunks, Node's modules, afresh each time. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadServerBundle } from './server-bundle.js';

function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(folder, name), body);
  return folder;
}

describe('loadServerBundle', () => {
  it("runs the file as CommonJS: its chunk by a relative path (once per load), Node's own modules, module.exports and __dirname", () => {
    const folder = folderWith({
      'main.cjs': `
        const { join } = require('node:path');
        require('node:fs').appendFileSync(join(__dirname, 'loads'), 'm');
        const chunk = require('./' + '12.main.cjs');
        const again = require('./12.main.cjs');
        module.exports = { html: (name) => chunk.greet(name) + (chunk === again ? ' same' : ' twice'), file: __filename, self: this === module.exports };`,
      '12.main.cjs': `
        require('node:fs').appendFileSync(require('node:path').join(__dirname, 'loads'), 'c');
        exports.greet = (name) => '<p>hello ' + name + '</p>';`,
    });
    const loaded = loadServerBundle(path.join(folder, 'main.cjs')) as { html(name: string): string; file: string; self: boolean };
    expect(loaded.html('you')).toBe('<p>hello you</p> same');
    expect(loaded.file).toBe(path.join(folder, 'main.cjs'));
    expect(loaded.self).toBe(true);
    expect(readFileSync(path.join(folder, 'loads'), 'utf8')).toBe('mc');
    // afresh each time (a rebuilt shell's header is loaded again): not Node's cached module
    loadServerBundle(path.join(folder, 'main.cjs'));
    expect(readFileSync(path.join(folder, 'loads'), 'utf8')).toBe('mcmc');
  });

  it('throws as require would: a missing file, a syntax error, a throw while it runs', () => {
    const folder = folderWith({ 'broken.cjs': 'exports.a = (;', 'throws.cjs': "throw new Error('no screen here');" });
    expect(() => loadServerBundle(path.join(folder, 'missing.cjs'))).toThrow(/ENOENT/);
    expect(() => loadServerBundle(path.join(folder, 'broken.cjs'))).toThrow(/Unexpected token/);
    expect(() => loadServerBundle(path.join(folder, 'throws.cjs'))).toThrow('no screen here');
  });
});
