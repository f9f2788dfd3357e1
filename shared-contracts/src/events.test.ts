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
});
