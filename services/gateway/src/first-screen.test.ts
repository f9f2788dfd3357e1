/** The first screens of remotes' Node bundles: loaded once per version, kept per input, a page as before when one is missing or throws. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { firstScreenAnswers, firstScreenDataBlock, firstScreenRenderer } from './first-screen.js';

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

/** `render` as the gateway calls it, inside a request of an app (its calls are that app's) */
async function renderIn(render: ReturnType<typeof firstScreenRenderer>, route: Parameters<ReturnType<typeof firstScreenRenderer>>[0], pathname: string, apiBase?: string): Promise<string> {
  const app = Fastify();
  app.get('/page', async (request) => render(route, pathname, request, apiBase));
  const answer = (await app.inject({ method: 'GET', url: '/page' })).json<{ html: string }>();
  await app.close();
  return answer.html;
}

describe('first screens of remotes', () => {
  it('loads a version\'s file once and renders an input once, with the route\'s props and the page\'s path', async () => {
    const folder = versionWith(`
      require('node:fs').appendFileSync(require('node:path').join(__dirname, 'loads'), 'x');
      let renders = 0;
      exports.firstScreenHtml = ({ pathname, props, apiBase }) => '<div id="first-screen-prerender">' + [pathname, props.mode, apiBase, ++renders].join(' ') + '</div>';`);
    const { log } = collectingLog();
    const render = firstScreenRenderer(() => folder, log);
    expect(await renderIn(render, ROUTE, '/text-to-video', 'https://api.example')).toBe('<div id="first-screen-prerender">/text-to-video text-to-video https://api.example 1</div>');
    expect(await renderIn(render, ROUTE, '/text-to-video', 'https://api.example')).toBe('<div id="first-screen-prerender">/text-to-video text-to-video https://api.example 1</div>');
    expect(await renderIn(render, ROUTE, '/text-to-video/cats', 'https://api.example')).toContain('/text-to-video/cats text-to-video https://api.example 2');
    expect(readFileSync(path.join(folder, 'server', 'first-screen', 'loads'), 'utf8')).toBe('x');
  });

  it('answers nothing (the page as before) without a file, for a remote not served here, and for a file that does not load or lacks the function', async () => {
    const { log, lines } = collectingLog();
    expect(await renderIn(firstScreenRenderer(() => versionWith(null), log), ROUTE, '/text-to-video')).toBe('');
    expect(await renderIn(firstScreenRenderer(() => null, log), ROUTE, '/text-to-video')).toBe('');
    expect(lines).toHaveLength(0);
    expect(await renderIn(firstScreenRenderer(() => versionWith('throw new Error("broken build")'), log), ROUTE, '/text-to-video')).toBe('');
    expect(await renderIn(firstScreenRenderer(() => versionWith('exports.other = 1;'), log), ROUTE, '/text-to-video')).toBe('');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['prerender: a first-screen file did not load', 'prerender: a first-screen file without firstScreenHtml']);
  });

  it('answers nothing when the render throws, once per input (logged once), and still renders other inputs', async () => {
    const folder = versionWith(`
      let calls = 0;
      exports.firstScreenHtml = ({ props }) => { calls++; if (props.mode === 'bad') throw new Error('no such mode'); return '<div>' + calls + '</div>'; };`);
    const { log, lines } = collectingLog();
    const render = firstScreenRenderer(() => folder, log);
    const bad = { module: ROUTE.module, props: { mode: 'bad' } };
    expect(await renderIn(render, bad, '/x')).toBe('');
    expect(await renderIn(render, bad, '/x')).toBe('');
    expect(lines).toHaveLength(1);
    expect(await renderIn(render, ROUTE, '/text-to-video')).toBe('<div>2</div>');
  });

  it("keeps one markup per input, the latest answers': a refreshed answer replaces it instead of adding one beside it (the answers change every 30 s)", async () => {
    const folder = versionWith(`
      let renders = 0;
      exports.firstScreenCalls = () => ['/v1/list'];
      exports.firstScreenHtml = ({ data }) => '<div>' + data['/v1/list'] + ' ' + ++renders + '</div>';`);
    const { log } = collectingLog();
    let answer = 'first';
    const answersOf = async () => ({ data: { '/v1/list': answer }, key: answer });
    const render = firstScreenRenderer(() => folder, log, answersOf as unknown as ReturnType<typeof firstScreenAnswers>);
    expect(await renderIn(render, ROUTE, '/text-to-video')).toBe('<div>first 1</div>');
    expect(await renderIn(render, ROUTE, '/text-to-video')).toBe('<div>first 1</div>');
    answer = 'second';
    expect(await renderIn(render, ROUTE, '/text-to-video')).toBe('<div>second 2</div>');
    // the first answer's markup was not kept beside the second's: it is rendered again
    answer = 'first';
    expect(await renderIn(render, ROUTE, '/text-to-video')).toBe('<div>first 3</div>');
  });

  it('ignores a module name that is not an exposed name (no path out of the folder)', async () => {
    const { log } = collectingLog();
    expect(await renderIn(firstScreenRenderer(() => versionWith(null), log), { module: 'remote_create/../../x' }, '/x')).toBe('');
  });
});

describe("first screens' answers", () => {
  it('waits a bounded time for a slow call: the page goes without the answer, the next one gets it; a fresh answer is asked once', async () => {
    const folder = versionWith(`
      exports.firstScreenCalls = () => ['/v1/slow', '//elsewhere.example/x'];
      exports.firstScreenHtml = ({ data }) => '<div>' + JSON.stringify(data ?? null) + '</div>';`);
    let answer = () => {};
    let asked = 0;
    const app = Fastify();
    app.get('/v1/slow', async () => {
      asked++;
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return { code: 0, msg: 'ok', trace_id: '', data: { n: 1 } };
    });
    const render = firstScreenRenderer(() => folder, app.log, firstScreenAnswers({ waitMs: 50 }));
    app.get('/page', async (request) => render(ROUTE, '/text-to-video', request));
    const first = (await app.inject({ method: 'GET', url: '/page' })).json<{ html: string; data?: unknown }>();
    expect(first).toEqual({ html: '<div>null</div>' });
    answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = (await app.inject({ method: 'GET', url: '/page' })).json<{ html: string; data?: unknown }>();
    expect(second).toEqual({ html: '<div>{"/v1/slow":{"n":1}}</div>', data: { '/v1/slow': { n: 1 } } });
    await app.inject({ method: 'GET', url: '/page' });
    // one call for the three pages, and never to another host
    expect(asked).toBe(1);
    await app.close();
  });

  it('renders without the answers when the screen throws with them, and carries none', async () => {
    const folder = versionWith(`
      exports.firstScreenCalls = () => ['/v1/list'];
      exports.firstScreenHtml = ({ data }) => { if (data) data['/v1/list'].items.map(String); return '<div>plain</div>'; };`);
    const app = Fastify();
    app.get('/v1/list', async () => ({ code: 0, msg: 'ok', trace_id: '', data: { other: true } }));
    const render = firstScreenRenderer(() => folder, app.log);
    app.get('/page', async (request) => render(ROUTE, '/text-to-video', request));
    expect((await app.inject({ method: 'GET', url: '/page' })).json()).toEqual({ html: '<div>plain</div>' });
    await app.close();
  });

  it('writes the answers as a data block nothing in them can close', () => {
    expect(firstScreenDataBlock({ '/v1/x': { title: '</script><b>' } })).toBe('<script id="first-screen-data" type="application/json">{"/v1/x":{"title":"\\u003c/script>\\u003cb>"}}</script>');
  });
});
