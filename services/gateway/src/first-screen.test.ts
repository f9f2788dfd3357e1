/** The first screens of remotes' Node bundles: loaded once per version, kept per input, a page as before when one is missing or throws. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { firstScreenRenderer } from './first-screen.js';

const ROUTE = { module: 'remote_create/CreateScreen', props: { mode: 'text-to-video' } };

/** a remote's version folder with `body` as its CreateScreen first-screen file (CommonJS, as its build writes it) */
function versionWith(body: string | null): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'first-screen-'));
  mkdirSync(path.join(folder, 'server', 'first-screen'), { recursive: true });
  if (body !== null) writeFileSync(path.join(folder, 'server', 'first-screen', 'CreateScreen.cjs'), body);
  return folder;
}

function collectingLog() {
  const lines: string[] = [];
  const { log } = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
  return { log, lines };
}

describe('first screens of remotes', () => {
  it('loads a version\'s file once and renders an input once, with the route\'s props and the page\'s path', () => {
    const folder = versionWith(`
      globalThis.firstScreenLoads = (globalThis.firstScreenLoads ?? 0) + 1;
      let renders = 0;
      exports.firstScreenHtml = ({ pathname, props, apiBase }) => '<div id="first-screen-prerender">' + [pathname, props.mode, apiBase, ++renders].join(' ') + '</div>';`);
    const { log } = collectingLog();
    const render = firstScreenRenderer(() => folder, log);
    expect(render(ROUTE, '/text-to-video', 'https://api.example')).toBe('<div id="first-screen-prerender">/text-to-video text-to-video https://api.example 1</div>');
    expect(render(ROUTE, '/text-to-video', 'https://api.example')).toBe('<div id="first-screen-prerender">/text-to-video text-to-video https://api.example 1</div>');
    expect(render(ROUTE, '/text-to-video/cats', 'https://api.example')).toContain('/text-to-video/cats text-to-video https://api.example 2');
    expect((globalThis as { firstScreenLoads?: number }).firstScreenLoads).toBe(1);
  });

  it('answers nothing (the page as before) without a file, for a remote not served here, and for a file that does not load or lacks the function', () => {
    const { log, lines } = collectingLog();
    expect(firstScreenRenderer(() => versionWith(null), log)(ROUTE, '/text-to-video')).toBe('');
    expect(firstScreenRenderer(() => null, log)(ROUTE, '/text-to-video')).toBe('');
    expect(lines).toHaveLength(0);
    expect(firstScreenRenderer(() => versionWith('throw new Error("broken build")'), log)(ROUTE, '/text-to-video')).toBe('');
    expect(firstScreenRenderer(() => versionWith('exports.other = 1;'), log)(ROUTE, '/text-to-video')).toBe('');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['prerender: a first-screen file did not load', 'prerender: a first-screen file without firstScreenHtml']);
  });

  it('answers nothing when the render throws, once per input (logged once), and still renders other inputs', () => {
    const folder = versionWith(`
      let calls = 0;
      exports.firstScreenHtml = ({ props }) => { calls++; if (props.mode === 'bad') throw new Error('no such mode'); return '<div>' + calls + '</div>'; };`);
    const { log, lines } = collectingLog();
    const render = firstScreenRenderer(() => folder, log);
    const bad = { module: ROUTE.module, props: { mode: 'bad' } };
    expect(render(bad, '/x')).toBe('');
    expect(render(bad, '/x')).toBe('');
    expect(lines).toHaveLength(1);
    expect(render(ROUTE, '/text-to-video')).toBe('<div>2</div>');
  });

  it('ignores a module name that is not an exposed name (no path out of the folder)', () => {
    const { log } = collectingLog();
    expect(firstScreenRenderer(() => versionWith(null), log)({ module: 'remote_create/../../x' }, '/x')).toBe('');
  });
});
