import { FIRST_SCREEN_PICTURES, GRID_FIRST_ROW, pictureLoading } from './first-screen';

describe('pictureLoading', () => {
  it('loads the first screen eagerly, the first picture at high priority, and the rest lazily', () => {
    expect(pictureLoading(0)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(pictureLoading(1)).toEqual({ loading: 'eager', fetchPriority: 'auto' });
    expect(pictureLoading(FIRST_SCREEN_PICTURES - 1).loading).toBe('eager');
    expect(pictureLoading(FIRST_SCREEN_PICTURES)).toEqual({ loading: 'lazy', fetchPriority: 'auto' });
    expect(pictureLoading(2, 2).loading).toBe('lazy');
    // a two-column grid's first row both at high priority
    expect(pictureLoading(1, FIRST_SCREEN_PICTURES, GRID_FIRST_ROW)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(pictureLoading(2, FIRST_SCREEN_PICTURES, GRID_FIRST_ROW)).toEqual({ loading: 'eager', fetchPriority: 'auto' });
  });
});
