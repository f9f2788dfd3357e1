import { installChunkErrorReload, isChunkLoadError, isShellChunkError, reloadOnce, RELOAD_KEY } from './reload-guard';
import { mainScriptOfHtml, runningMainScript, startVersionCheck } from './version-check';

beforeEach(() => sessionStorage.clear());

describe('reload guard', () => {
  it('reloads once, then not again within 10 s, then again after', () => {
    const reload = jest.fn();
    let now = 50_000;
    const deps = { reload, now: () => now };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(reloadOnce('chunk', deps)).toBe(true);
    expect(sessionStorage.getItem(RELOAD_KEY)).toBe('50000');
    now += 9_999;
    expect(reloadOnce('chunk', deps)).toBe(false);
    now += 1;
    expect(reloadOnce('chunk', deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('tells chunk-load errors of the shell from those of remotes', () => {
    const shellChunk = Object.assign(new Error('Loading chunk 163 failed.\n(error: http://app/163.js)'), { name: 'ChunkLoadError', request: 'http://app/163.js' });
    const remoteChunk = Object.assign(new Error('Loading chunk 9 failed.'), { name: 'ChunkLoadError', request: 'http://app/remotes/remote-create/1.0.0/9.js' });
    expect(isChunkLoadError(shellChunk)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isShellChunkError(shellChunk)).toBe(true);
    expect(isShellChunkError(remoteChunk)).toBe(false);
  });

  it('reloads on an unhandled shell chunk error', () => {
    const reload = jest.fn();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const dispose = installChunkErrorReload(window, { reload });
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(event, 'reason', { value: Object.assign(new Error('Loading chunk 1 failed.'), { name: 'ChunkLoadError' }) });
    window.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    dispose();
    warn.mockRestore();
  });
});

describe('new-version check', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads the main script name from index.html', () => {
    expect(mainScriptOfHtml('<script defer="" src="/main.9f4e1020.js"></script>')).toBe('/main.9f4e1020.js');
    expect(mainScriptOfHtml('<html></html>')).toBeNull();
  });

  it('checks 1 s after start, then periodically, and reports a new build once', async () => {
    document.head.innerHTML = '<script src="/main.aaaaaaaa.js"></script>';
    expect(runningMainScript()).toBe('/main.aaaaaaaa.js');
    let served = 'aaaaaaaa';
    const fetchImpl = jest.fn(async () => ({ ok: true, text: async () => `<script defer src="/main.${served}.js"></script>` }) as unknown as Response);
    const onNewVersion = jest.fn();
    const stop = startVersionCheck({ intervalMs: 60_000, fetchImpl, onNewVersion });
    await jest.advanceTimersByTimeAsync(999);
    expect(fetchImpl).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]).toEqual([expect.stringMatching(/^\/index\.html\?_t=\d+$/), { cache: 'no-store' }]);
    expect(onNewVersion).not.toHaveBeenCalled();
    served = 'bbbbbbbb';
    await jest.advanceTimersByTimeAsync(60_000);
    expect(onNewVersion).toHaveBeenCalledWith('/main.bbbbbbbb.js');
    await jest.advanceTimersByTimeAsync(120_000);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    stop();
  });
});
