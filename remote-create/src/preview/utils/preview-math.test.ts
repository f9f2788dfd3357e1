import { clampZoom, rotate, step, zoomIn, zoomOut } from './preview-math';

describe('image preview zoom', () => {
  it('steps by 0.2', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomIn(zoomIn(1))).toBe(1.4);
    expect(zoomOut(1)).toBe(0.8);
  });
  it('stops at 4 going in and 0.25 going out', () => {
    let zoom = 1;
    for (let i = 0; i < 30; i += 1) zoom = zoomIn(zoom);
    expect(zoom).toBe(4);
    for (let i = 0; i < 30; i += 1) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.25);
    expect(clampZoom(10)).toBe(4);
    expect(clampZoom(0)).toBe(0.25);
  });
});

describe('image preview rotation and group', () => {
  it('turns in quarter turns both ways and wraps at 360', () => {
    expect(rotate(0, 1)).toBe(90);
    expect(rotate(270, 1)).toBe(0);
    expect(rotate(0, -1)).toBe(270);
  });
  it('moves through the group and stays at its ends', () => {
    expect(step(0, 3, 1)).toBe(1);
    expect(step(2, 3, 1)).toBe(2);
    expect(step(0, 3, -1)).toBe(0);
    expect(step(0, 0, 1)).toBe(0);
  });
});
