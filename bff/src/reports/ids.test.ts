import { newReportId } from './ids';

describe('newReportId', () => {
  it('is 22 base64url characters that never start with "-" or "_" (a CLI argument would read as an option)', () => {
    const ids = Array.from({ length: 5000 }, newReportId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{21}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
