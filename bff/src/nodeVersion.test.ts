import { nodeVersionProblem } from './nodeVersion';

describe('nodeVersionProblem', () => {
  it('refuses Node 20 and 22 before 22.14, naming the version it found', () => {
    expect(nodeVersionProblem('20.20.2')).toMatch(/^Val needs Node\.js 22\.14 or newer; this is 20\.20\.2\./);
    expect(nodeVersionProblem('v22.13.1')).toMatch(/this is 22\.13\.1\./);
    expect(nodeVersionProblem('18.0.0')).not.toBeNull();
  });
  it('accepts 22.14+, 24 and newer', () => {
    for (const v of ['22.14.0', '22.22.2', '24.21.0', 'v26.1.0']) expect(nodeVersionProblem(v)).toBeNull();
  });
});
