import { PURCHASE_POLL_MAX_TRIES } from 'shared-contracts';
import { PurchasePoll, type PollDeps } from './purchase-poll';

function setup(answers: () => { total: number }) {
  let visible = true;
  const timers: (() => void)[] = [];
  const asked: number[] = [];
  const success = jest.fn();
  let now = 1_000_000;
  const deps: PollDeps = {
    ask: async (seconds) => {
      asked.push(seconds);
      return { ...answers(), list: [{ order_id: 'o1', sku_id_list: [1], created_at: 1 }] };
    },
    onSuccess: success,
    now: () => now,
    isVisible: () => visible,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => undefined,
  };
  const poll = new PurchasePoll(deps, now);
  const fire = async () => {
    now += 2000;
    const fn = timers.shift();
    fn?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { poll, fire, asked, success, timers, hide: () => (visible = false), show: () => (visible = true) };
}

describe('purchase poll', () => {
  it('asks every 2 s with the seconds since the dialog opened and stops on an order', async () => {
    let total = 0;
    const t = setup(() => ({ total }));
    t.poll.start();
    await t.fire();
    await t.fire();
    expect(t.asked).toEqual([3, 5]);
    total = 1;
    await t.fire();
    expect(t.success).toHaveBeenCalledTimes(1);
    expect(t.poll.active).toBe(false);
    expect(t.timers).toHaveLength(0);
    t.poll.start();
    expect(t.timers).toHaveLength(0);
  });

  it('stops while the page is hidden and starts again when visible', async () => {
    const t = setup(() => ({ total: 0 }));
    t.poll.start();
    t.hide();
    await t.fire();
    expect(t.asked).toEqual([]);
    expect(t.poll.active).toBe(false);
    t.poll.start();
    expect(t.timers).toHaveLength(0);
    t.show();
    t.poll.start();
    await t.fire();
    expect(t.asked).toHaveLength(1);
  });

  it('asks at once when told (the checkout tab said it is paid), even between regular asks', async () => {
    let total = 0;
    const t = setup(() => ({ total }));
    t.poll.start();
    await t.fire();
    total = 1;
    t.poll.checkNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.success).toHaveBeenCalledTimes(1);
    expect(t.asked).toHaveLength(2);
    t.poll.checkNow();
    expect(t.asked).toHaveLength(2);
  });

  it('gives up after 450 tries', async () => {
    const t = setup(() => ({ total: 0 }));
    t.poll.start();
    for (let i = 0; i < PURCHASE_POLL_MAX_TRIES + 5; i += 1) await t.fire();
    expect(t.asked).toHaveLength(450);
    expect(t.poll.active).toBe(false);
  });
});
