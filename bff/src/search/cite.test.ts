import { numberSources, researchSources, sourcesFor } from './cite';
import type { ResearchOutcome } from './research';

const r = (url: string, title = url) => ({ title, url, snippet: `about ${title}` });

describe('numberSources', () => {
  it('numbers distinct URLs 1..n in the order they first appear, keeping the first title and snippet', () => {
    const refs = numberSources([
      r('https://a.example/', 'A'),
      r('https://b.example/', 'B'),
      r('https://a.example/', 'A copy'),
      r('https://b.example/#x', 'B part'),
      r('https://c.example/', 'C'),
    ]);
    expect(refs).toEqual([
      { n: 1, title: 'A', url: 'https://a.example/', snippet: 'about A' },
      { n: 2, title: 'B', url: 'https://b.example/', snippet: 'about B' },
      { n: 3, title: 'C', url: 'https://c.example/', snippet: 'about C' },
    ]);
  });

  it('is stable: the same results give the same numbers', () => {
    const results = [r('https://x.example/1'), r('https://x.example/2'), r('https://x.example/1')];
    expect(numberSources(results)).toEqual(numberSources([...results]));
    expect(numberSources([])).toEqual([]);
  });
});

describe('researchSources and sourcesFor', () => {
  const research: { results: ResearchOutcome[] } = {
    results: [
      { topic: 'competitors', query: 'q1', results: [r('https://rival.example/'), r('https://shared.example/')] },
      { topic: 'market-size', query: 'q2', results: [r('https://shared.example/'), r('https://size.example/')] },
      { topic: 'trends', query: 'q3', results: [], error: 'Brave Search is limiting requests (rate or quota) (HTTP 429)' },
      { topic: 'regulation', query: 'q4', results: [r('https://law.example/')] },
    ],
  };

  it('numbers every topic’s results once across the report', () => {
    expect(researchSources(research).map((s) => [s.n, s.url])).toEqual([
      [1, 'https://rival.example/'],
      [2, 'https://shared.example/'],
      [3, 'https://size.example/'],
      [4, 'https://law.example/'],
    ]);
  });

  it('gives a section the report-wide numbers of its topics’ sources only', () => {
    const sources = researchSources(research);
    expect(sourcesFor(sources, research, ['market-size']).map((s) => s.n)).toEqual([2, 3]);
    expect(sourcesFor(sources, research, ['competitors', 'regulation']).map((s) => s.n)).toEqual([1, 2, 4]);
    expect(sourcesFor(sources, research, ['trends'])).toEqual([]);
  });
});
