import { toastPlacement } from './ToasterView';

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
    expect(
      toastPlacement(80, vp, [
        { left: 80, right: 1200, top: 100, bottom: 880 },
        { left: 80, right: 1200, top: 60, bottom: 120 },
      ]),
    ).toBe('bottom');
  });
  it('keeps off what can be clicked before a marked part (the admin’s Refresh and Log out over its first row)', () => {
    const firstRow = { left: 120, right: 1160, top: 780, bottom: 860 };
    const buttons = [
      { left: 900, right: 1060, top: 147, bottom: 193 },
      { left: 1070, right: 1180, top: 147, bottom: 193 },
    ];
    expect(toastPlacement(80, vp, [firstRow])).toBe('top');
    expect(toastPlacement(80, vp, [firstRow], buttons)).toBe('bottom');
    expect(toastPlacement(80, vp, [], [{ left: 900, right: 1180, top: 820, bottom: 860 }])).toBe('top');
  });
});
