import { createEventBus } from './events';

describe('event bus', () => {
  it('delivers a payload to every listener of that event only', () => {
    const bus = createEventBus();
    const credits: number[] = [];
    const logins: string[] = [];
    bus.on('credits:changed', ({ credits: value }) => credits.push(value));
    bus.on('account:login-required', ({ reason }) => logins.push(reason));
    bus.emit('credits:changed', { credits: 42 });
    expect(credits).toEqual([42]);
    expect(logins).toEqual([]);
  });

  it('stops delivering after unsubscribe and keeps the last payload for late subscribers', () => {
    const bus = createEventBus();
    const seen: number[] = [];
    const off = bus.on('credits:changed', ({ credits }) => seen.push(credits));
    bus.emit('credits:changed', { credits: 1 });
    off();
    bus.emit('credits:changed', { credits: 2 });
    expect(seen).toEqual([1]);
    expect(bus.last('credits:changed')).toEqual({ credits: 2 });
  });

  it('keeps delivering to other listeners when one throws', () => {
    const bus = createEventBus();
    const seen: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    bus.on('billing:open', () => {
      throw new Error('boom');
    });
    bus.on('billing:open', ({ tab }) => seen.push(tab ?? 'none'));
    bus.emit('billing:open', { tab: 'credits' });
    expect(seen).toEqual(['credits']);
    spy.mockRestore();
  });

  it('keeps a request made before anyone listens and hands it to the first listener, once', async () => {
    let clock = 1000;
    const bus = createEventBus(() => clock);
    bus.emit('account:open-checkin', { forced: true });
    const first: unknown[] = [];
    const second: unknown[] = [];
    bus.on('account:open-checkin', (payload) => first.push(payload));
    bus.on('account:open-checkin', (payload) => second.push(payload));
    await Promise.resolve();
    expect(first).toEqual([{ forced: true }]);
    expect(second).toEqual([]);
    clock += 1;
    bus.emit('account:open-checkin', {});
    expect(first).toEqual([{ forced: true }, {}]);
    expect(second).toEqual([{}]);
  });

  it('drops a kept request that is too old, and never replays notifications', async () => {
    let clock = 0;
    const bus = createEventBus(() => clock);
    bus.emit('billing:open', { tab: 'credits' });
    bus.emit('credits:changed', { credits: 3 });
    clock = 31_000;
    const opened: unknown[] = [];
    const credits: unknown[] = [];
    bus.on('billing:open', (payload) => opened.push(payload));
    bus.on('credits:changed', (payload) => credits.push(payload));
    await Promise.resolve();
    expect(opened).toEqual([]);
    expect(credits).toEqual([]);
  });
});
