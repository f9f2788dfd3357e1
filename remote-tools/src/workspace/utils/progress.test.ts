import { displayProgress, nextProgress } from './progress';

it('follows the curve of spec section 4 and stops at 99', () => {
  let value = 0;
  const at: number[] = [];
  for (let s = 1; s <= 200; s++) {
    value = nextProgress(value);
    at[s] = value;
  }
  expect(at[5]).toBe(20);
  expect(at[35]).toBe(50);
  expect(at[95]).toBe(80);
  expect(at[200]).toBeLessThan(99);
  let capped = 98.995;
  for (let s = 0; s < 10; s++) capped = nextProgress(capped);
  expect(capped).toBe(99);
  expect(displayProgress(99.6)).toBe(100);
  expect(displayProgress(-3)).toBe(0);
});
