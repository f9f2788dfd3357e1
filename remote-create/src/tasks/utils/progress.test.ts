import { makeTask } from '../../../test/tasks';
import { shownProgress } from '../components/task-card';
import { displayProgress, nextProgress, progressAfter } from './progress';

describe('the progress modal curve (spec section 4)', () => {
  it('adds 4 a second below 20, 1 below 50, 0.5 below 80, 0.01 below 99', () => {
    expect(nextProgress(0)).toBe(4);
    expect(nextProgress(16)).toBe(20);
    expect(nextProgress(20)).toBe(21);
    expect(nextProgress(49)).toBe(50);
    expect(nextProgress(50)).toBe(50.5);
    expect(nextProgress(79.5)).toBe(80);
    expect(nextProgress(80)).toBeCloseTo(80.01, 10);
  });

  it('never passes 99', () => {
    expect(nextProgress(98.995)).toBe(99);
    expect(nextProgress(99)).toBe(99);
    expect(progressAfter(100_000)).toBe(99);
  });

  it('the closed form matches ticking second by second', () => {
    let value = 0;
    for (let second = 0; second <= 2100; second += 1) {
      expect(progressAfter(second)).toBeCloseTo(value, 6);
      value = nextProgress(value);
    }
  });

  it('reaches 20 at 5 s, 50 at 35 s and 80 at 95 s', () => {
    expect(progressAfter(5)).toBe(20);
    expect(progressAfter(35)).toBe(50);
    expect(progressAfter(95)).toBe(80);
    expect(progressAfter(2.9)).toBe(8);
    expect(progressAfter(-3)).toBe(0);
  });

  it('shows values clamped to 0-100 and rounded', () => {
    expect(displayProgress(50.5)).toBe(51);
    expect(displayProgress(80.01)).toBe(80);
    expect(displayProgress(-5)).toBe(0);
    expect(displayProgress(140)).toBe(100);
    expect(displayProgress(Number.NaN)).toBe(0);
  });
});

describe('the progress a task card shows', () => {
  const since = 1_000_000;
  it("uses the server's figure when it has one", () => {
    expect(shownProgress(makeTask({ status: 'generating', progress: 42.4 }), since, since + 60_000)).toBe(42);
  });
  it('follows the curve when the server has none (null or 0)', () => {
    expect(shownProgress(makeTask({ status: 'generating', progress: null }), since, since + 5_000)).toBe(20);
    expect(shownProgress(makeTask({ status: 'generating', progress: 0 }), since, since + 35_000)).toBe(50);
    expect(shownProgress(makeTask({ status: 'generating', progress: null }), since, since + 10_000_000)).toBe(99);
  });
  it('jumps to 100 on success and shows 0 while queued', () => {
    expect(shownProgress(makeTask({ status: 'success', progress: null }), since, since)).toBe(100);
    expect(shownProgress(makeTask({ status: 'queued', progress: null }), since, since + 50_000)).toBe(0);
  });
});
