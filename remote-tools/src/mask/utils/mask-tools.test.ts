import { boundsOf, createMask, isEmpty, selectedCount, strokeSegment, toRgba } from './mask';
import { fillPolygon } from './polygon';
import { UndoStack } from './undo-stack';
import { smartBrushSelect, wandSelect, type Pixels } from './wand';

/** A 20x10 picture: left half grey 100, right half grey 100 + `step` (a soft or hard edge). */
function twoHalves(step: number): Pixels {
  const width = 20;
  const height = 10;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = x < 10 ? 100 : 100 + step;
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const count = (part: Uint8Array) => part.reduce((sum, v) => sum + v, 0);

describe('magic wand', () => {
  it('stops at a colour step larger than the tolerance and crosses a smaller one', () => {
    const picture = twoHalves(40);
    const tight = wandSelect(picture, 2, 2, 20);
    expect(count(tight)).toBe(100);
    expect(tight[5 * 20 + 15]).toBe(0);
    const loose = wandSelect(picture, 2, 2, 60);
    expect(count(loose)).toBe(200);
  });

  it('selects only pixels connected to the click', () => {
    const picture = twoHalves(0);
    // a wall of a different colour at x = 10 splits the picture
    for (let y = 0; y < 10; y++) picture.data.set([0, 0, 0, 255], (y * 20 + 10) * 4);
    const part = wandSelect(picture, 15, 5, 10);
    expect(count(part)).toBe(90);
    expect(part[5 * 20 + 2]).toBe(0);
  });

  it('a click outside the picture selects nothing', () => {
    expect(count(wandSelect(twoHalves(0), -3, 4, 50))).toBe(0);
  });
});

describe('smart brush', () => {
  it('stays inside the brush circle and stops at the edge', () => {
    const picture = twoHalves(80);
    const part = smartBrushSelect(picture, 8, 5, 4, 20);
    expect(count(part)).toBeGreaterThan(10);
    for (let y = 0; y < 10; y++) {
      for (let x = 0; x < 20; x++) {
        if (!part[y * 20 + x]) continue;
        expect(x).toBeLessThan(10);
        expect((x - 8) ** 2 + (y - 5) ** 2).toBeLessThanOrEqual(16);
      }
    }
  });
});

describe('polygon fill', () => {
  it('fills a rectangle exactly', () => {
    const part = fillPolygon([{ x: 2, y: 1 }, { x: 8, y: 1 }, { x: 8, y: 5 }, { x: 2, y: 5 }], 10, 10);
    expect(count(part)).toBe(6 * 4);
    expect(part[1 * 10 + 2]).toBe(1);
    expect(part[5 * 10 + 2]).toBe(0);
    expect(part[1 * 10 + 8]).toBe(0);
  });

  it('fills a triangle about half its box', () => {
    const part = fillPolygon([{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 0, y: 100 }], 100, 100);
    expect(count(part)).toBeGreaterThan(4900);
    expect(count(part)).toBeLessThan(5100);
    expect(part[99 * 100 + 99]).toBe(0);
  });

  it('needs three points', () => {
    expect(count(fillPolygon([{ x: 0, y: 0 }, { x: 5, y: 5 }], 10, 10))).toBe(0);
  });
});

describe('brush and eraser', () => {
  it('a stroke covers its path without gaps and the eraser takes it back', () => {
    const mask = createMask(50, 20);
    strokeSegment(mask, { x: 5, y: 10 }, { x: 45, y: 10 }, 3, 1);
    for (let x = 5; x < 45; x++) expect(mask.data[10 * 50 + x]).toBe(1);
    expect(boundsOf(mask)).toEqual({ x: 2, y: 7, w: 46, h: 6 });
    strokeSegment(mask, { x: 0, y: 10 }, { x: 50, y: 10 }, 6, 0);
    expect(isEmpty(mask)).toBe(true);
  });

  it('exports white on black', () => {
    const mask = createMask(2, 1);
    mask.data[1] = 1;
    expect([...toRgba(mask)]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
    expect(selectedCount(mask)).toBe(1);
  });
});

describe('undo stack', () => {
  it('undoes and redoes in order, and a new change forgets the redo', () => {
    const stack = new UndoStack<string>();
    stack.push('a');
    stack.push('b');
    expect(stack.undo('c')).toBe('b');
    expect(stack.undo('b')).toBe('a');
    expect(stack.undo('a')).toBeNull();
    expect(stack.redo('a')).toBe('b');
    expect(stack.canRedo).toBe(true);
    stack.push('b');
    expect(stack.canRedo).toBe(false);
    expect(stack.redo('x')).toBeNull();
  });

  it('keeps at most its limit, dropping the oldest', () => {
    const stack = new UndoStack<number>(3);
    [1, 2, 3, 4, 5].forEach((n) => stack.push(n));
    expect(stack.undo(6)).toBe(5);
    expect(stack.undo(5)).toBe(4);
    expect(stack.undo(4)).toBe(3);
    expect(stack.undo(3)).toBeNull();
  });
});
