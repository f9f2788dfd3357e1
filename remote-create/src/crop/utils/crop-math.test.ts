import {
  applyAspect,
  aspectChoicesFor,
  clampRatio,
  clampToImage,
  defaultCrop,
  downscaleSize,
  fitScale,
  maxSideOf,
  roundRect,
  wheelScale,
  zoomRange,
} from './crop-math';

describe('downscale', () => {
  it('keeps an image whose longest side is at most 2000', () => {
    expect(downscaleSize(2000, 1200)).toEqual({ width: 2000, height: 1200 });
    expect(downscaleSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
  it('scales the longest side down to 2000 keeping the ratio', () => {
    expect(downscaleSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(downscaleSize(1080, 5400)).toEqual({ width: 400, height: 2000 });
  });
  it('uses a smaller given maximum, never a larger one', () => {
    expect(maxSideOf(1024)).toBe(1024);
    expect(maxSideOf(5000)).toBe(2000);
    expect(maxSideOf(undefined)).toBe(2000);
    expect(downscaleSize(4096, 2048, 1024)).toEqual({ width: 1024, height: 512 });
    expect(downscaleSize(4096, 2048, 8000)).toEqual({ width: 2000, height: 1000 });
  });
});

describe('aspect choices', () => {
  it('offers 16:9, 9:16, 1:1, 4:3 and 3:4 within the default bounds', () => {
    expect(aspectChoicesFor().map((c) => c.label)).toEqual(['16:9', '9:16', '1:1', '4:3', '3:4']);
  });
  it('drops the choices outside the minimum and maximum ratio', () => {
    expect(aspectChoicesFor(1, 2).map((c) => c.label)).toEqual(['16:9', '1:1', '4:3']);
    expect(aspectChoicesFor(0.5, 1).map((c) => c.label)).toEqual(['9:16', '1:1', '3:4']);
    expect(aspectChoicesFor(0.75, 4 / 3).map((c) => c.label)).toEqual(['1:1', '4:3', '3:4']);
  });
  it('offers none in multiple mode', () => {
    expect(aspectChoicesFor(undefined, undefined, true)).toEqual([]);
  });
});

describe('zoom', () => {
  it('fits the whole image in the viewport', () => {
    expect(fitScale({ width: 2000, height: 1000 }, { width: 500, height: 500 })).toBe(0.25);
    expect(fitScale({ width: 1000, height: 2000 }, { width: 500, height: 500 })).toBe(0.25);
  });
  it('runs from fit to five times fit in ten steps', () => {
    const range = zoomRange(0.5);
    expect(range.min).toBe(0.5);
    expect(range.max).toBe(2.5);
    expect(range.step).toBeCloseTo(0.2);
  });
  it('moves 0.2 per wheel tick, in towards negative deltaY, and stays in range', () => {
    const range = zoomRange(0.5);
    expect(wheelScale(1, -120, range)).toBeCloseTo(1.2);
    expect(wheelScale(1, 3, range)).toBeCloseTo(0.8);
    expect(wheelScale(1, 0, range)).toBe(1);
    expect(wheelScale(2.45, -1, range)).toBe(2.5);
    expect(wheelScale(0.6, 1, range)).toBe(0.5);
  });
});

describe('crop bounds', () => {
  const image = { width: 1000, height: 600 };
  it('keeps a crop inside the image', () => {
    expect(clampToImage({ x: -20, y: -5, width: 300, height: 200 }, image)).toEqual({ x: 0, y: 0, width: 300, height: 200 });
    expect(clampToImage({ x: 900, y: 500, width: 300, height: 200 }, image)).toEqual({ x: 700, y: 400, width: 300, height: 200 });
    expect(clampToImage({ x: 10, y: 10, width: 5000, height: 5000 }, image)).toEqual({ x: 0, y: 0, width: 1000, height: 600 });
  });
  it('shrinks the longer side to honour the ratio bounds', () => {
    expect(clampRatio({ x: 0, y: 0, width: 400, height: 100 }, 0.5, 2)).toEqual({ x: 0, y: 0, width: 200, height: 100 });
    expect(clampRatio({ x: 0, y: 0, width: 100, height: 400 }, 0.5, 2)).toEqual({ x: 0, y: 0, width: 100, height: 200 });
    expect(clampRatio({ x: 0, y: 0, width: 100, height: 100 }, 0.5, 2)).toEqual({ x: 0, y: 0, width: 100, height: 100 });
  });
  it('opens with 412x412 on screen at the fit zoom, centred', () => {
    // fit 0.5: 412 screen px are 824 image px, larger than the 600 px height, so it shrinks to 600
    expect(defaultCrop(image, 0.5, null)).toEqual({ x: 200, y: 0, width: 600, height: 600 });
    // fit 1: 412x412 image px, centred
    expect(defaultCrop({ width: 2000, height: 1000 }, 1, null)).toEqual({ x: 794, y: 294, width: 412, height: 412 });
  });
  it('shapes the default crop by the ratio bounds', () => {
    const crop = defaultCrop({ width: 2000, height: 1000 }, 1, null, 1.5, 2);
    expect(crop.width / crop.height).toBeCloseTo(1.5);
    expect(crop.width).toBe(412);
  });
  it('applies an aspect inside the current box and the image', () => {
    const next = applyAspect({ x: 100, y: 100, width: 400, height: 400 }, 16 / 9, image);
    expect(next.width).toBe(400);
    expect(next.height).toBeCloseTo(225);
    expect(next.y).toBeCloseTo(187.5);
  });
  it('rounds to whole pixels without leaving the image', () => {
    expect(roundRect({ x: 699.6, y: 0.4, width: 300.6, height: 10.2 }, image)).toEqual({ x: 700, y: 0, width: 300, height: 10 });
  });
});
