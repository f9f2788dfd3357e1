import { IMAGE_LIMIT } from 'shared-contracts/upload-limits';
import { fitSize, scaledText } from './fit-image';

// issue 21 case 9: a 12 MP phone photo (4032x3024) was refused with 'Resolution is not supported'
describe('fitting a photo to the upload limit', () => {
  it('scales a 12 MP phone photo, either way round, to fit 3840*2160', () => {
    expect(fitSize(4032, 3024, IMAGE_LIMIT)).toEqual({ width: 2880, height: 2160 });
    expect(fitSize(3024, 4032, IMAGE_LIMIT)).toEqual({ width: 2160, height: 2880 });
    expect(fitSize(8000, 2000, IMAGE_LIMIT)).toEqual({ width: 3840, height: 960 });
    expect(scaledText({ width: 4032, height: 3024 }, { width: 2880, height: 2160 }, IMAGE_LIMIT)).toBe('Your 4032x3024 photo was scaled to 2880x2160 to fit the 3840*2160 limit.');
  });

  it('leaves a picture that fits alone', () => {
    expect(fitSize(3840, 2160, IMAGE_LIMIT)).toBeNull();
    expect(fitSize(1200, 800, IMAGE_LIMIT)).toBeNull();
  });
});
