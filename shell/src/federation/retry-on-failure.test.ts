import { retryOnFailure } from './retry-on-failure';

type Args = Parameters<NonNullable<ReturnType<typeof retryOnFailure>['getModuleFactory']>>[0];

function argsWith(get: () => Promise<unknown>): Args {
  return { remoteEntryExports: { get, init: jest.fn() }, expose: './Page', moduleInfo: { name: 'remote_x', entry: '/x/remoteEntry.js' } } as unknown as Args;
}

describe('retryOnFailure', () => {
  it('gives the factory of the first try without loading the library', async () => {
    const factory = () => ({ default: 1 });
    const get = jest.fn().mockResolvedValue(factory);
    await expect(retryOnFailure({ retryTimes: 2, retryDelay: 1 }).getModuleFactory?.(argsWith(get))).resolves.toBe(factory);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('asks a failed module get again through the library: three tries in all, as RetryPlugin with retryTimes 2', async () => {
    const factory = () => ({ default: 1 });
    const get = jest.fn().mockRejectedValueOnce(new Error('down')).mockRejectedValueOnce(new Error('down')).mockResolvedValue(factory);
    await expect(retryOnFailure({ retryTimes: 2, retryDelay: 1 }).getModuleFactory?.(argsWith(get))).resolves.toBe(factory);
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('gives up after the third failed try', async () => {
    const get = jest.fn().mockRejectedValue(new Error('down'));
    await expect(retryOnFailure({ retryTimes: 2, retryDelay: 1 }).getModuleFactory?.(argsWith(get))).rejects.toThrow('down');
    expect(get).toHaveBeenCalledTimes(3);
  });

  it("hands a failed entry to the library's loadEntryError, which loads it again", async () => {
    const exports = { get: jest.fn(), init: jest.fn() };
    const getRemoteEntry = jest.fn().mockRejectedValueOnce(new Error('entry down')).mockResolvedValue(exports);
    const globalLoading: Record<string, unknown> = { key: Promise.resolve() };
    const args = { getRemoteEntry, origin: {}, remoteInfo: { name: 'remote_x', entry: '/x/remoteEntry.js' }, remoteEntryExports: undefined, globalLoading, uniqueKey: 'key' };
    const answer = await retryOnFailure({ retryTimes: 2, retryDelay: 1 }).loadEntryError?.(args as never);
    expect(answer).toBe(exports);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect(globalLoading.key).toBeUndefined();
  });
});
