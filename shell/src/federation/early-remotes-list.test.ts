import { fetchRemotesListEarly, inlineRemotesList, INLINE_REMOTES_LIST_ID, takeEarlyRemotesList } from './early-remotes-list';

const LIST = { remotes: [{ name: 'remote_explore', version: '1.0.0', entry: '/remotes/remote-explore/1.0.0/mf-manifest.json' }] };

function writeInline(text: string) {
  document.head.innerHTML = `<script id="${INLINE_REMOTES_LIST_ID}" type="application/json">${text}</script>`;
}

describe('the remotes list at start', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    document.head.innerHTML = '';
    takeEarlyRemotesList();
  });

  it('takes the list the gateway wrote into the page, without asking /remotes.json', async () => {
    const fetchSpy = jest.fn();
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    writeInline(JSON.stringify(LIST));
    fetchRemotesListEarly();
    const response = await takeEarlyRemotesList();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(response?.ok).toBe(true);
    expect(await response?.json()).toEqual(LIST);
    // once: a retry reads /remotes.json afresh
    expect(takeEarlyRemotesList()).toBeNull();
  });

  it('asks /remotes.json (no-store) when the page has no list or an unreadable one', () => {
    const fetchSpy = jest.fn(() => Promise.resolve({ ok: true, status: 200, json: async () => LIST }));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    writeInline('{"remotes": nope');
    expect(inlineRemotesList()).toBeNull();
    fetchRemotesListEarly();
    expect(fetchSpy).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
  });
});
