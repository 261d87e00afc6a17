import { toastPlacement } from './Toaster';

describe('toastPlacement', () => {
  const vp = { width: 1280, height: 900 };
  it('stays at the bottom when nothing marked is there', () => {
    expect(toastPlacement(80, vp, [])).toBe('bottom');
    expect(toastPlacement(80, vp, [{ left: 0, right: 1280, top: 100, bottom: 300 }])).toBe('bottom');
  });
  it('moves to the top when the bottom corner would cover a marked part', () => {
    expect(toastPlacement(80, vp, [{ left: 80, right: 1200, top: 820, bottom: 880 }])).toBe('top');
  });
  it('takes the spot that covers less when both would', () => {
    expect(toastPlacement(80, vp, [{ left: 80, right: 1200, top: 100, bottom: 880 }, { left: 80, right: 1200, top: 60, bottom: 120 }])).toBe('bottom');
  });
});
