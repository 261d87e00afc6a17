import { getProduct } from '@val/content';
import { DagError, dagLevels, runDag } from './dag';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('dagLevels', () => {
  it('puts the feasibility study in 4 levels: planner, 5 researchers, 3 analysts, the lead', () => {
    const levels = dagLevels(getProduct('new-product-feasibility-study')!.agents).map((l) => l.map((a) => a.id));
    expect(levels).toEqual([
      ['research-plan'],
      ['target-customers', 'market-trends', 'regulatory-impact', 'ai-marketplace-mindmap', 'technical-feasibility'],
      ['strategic-implications', 'profitability-forecast', 'risk-analysis'],
      ['final-recommendations'],
    ]);
  });
  it('rejects unknown dependencies, duplicates and cycles', () => {
    expect(() => dagLevels([{ id: 'a', dependsOn: ['x'] }])).toThrow(DagError);
    expect(() =>
      dagLevels([
        { id: 'a', dependsOn: [] },
        { id: 'a', dependsOn: [] },
      ]),
    ).toThrow('duplicate');
    expect(() =>
      dagLevels([
        { id: 'a', dependsOn: ['b'] },
        { id: 'b', dependsOn: ['a'] },
      ]),
    ).toThrow('cycle');
  });
});

describe('runDag', () => {
  const graph = [
    { id: 'plan', dependsOn: [] },
    { id: 'a', dependsOn: ['plan'] },
    { id: 'b', dependsOn: ['plan'] },
    { id: 'c', dependsOn: ['plan'] },
    { id: 'd', dependsOn: ['a', 'b'] },
    { id: 'final', dependsOn: ['a', 'b', 'c', 'd'] },
  ];

  it('starts a node only after all its dependencies finished', async () => {
    const log: string[] = [];
    await runDag(graph, async (n) => {
      log.push(`start ${n.id}`);
      await sleep(5 + (n.id.charCodeAt(0) % 3) * 5);
      log.push(`end ${n.id}`);
    });
    for (const n of graph) for (const d of n.dependsOn) expect(log.indexOf(`end ${d}`)).toBeLessThan(log.indexOf(`start ${n.id}`));
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(graph.length);
  });

  it('runs independent nodes in parallel, and a node starts as soon as its own dependencies are done', async () => {
    // No clock: c finishes only once d has started. A runner that ran the ready nodes one by one,
    // or waited for every running node (c) before starting the next ready one (d), never gets there.
    let running = 0;
    let peak = 0;
    let dStarted!: () => void;
    const dHasStarted = new Promise<void>((r) => (dStarted = r));
    const order: string[] = [];
    await runDag(graph, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      order.push(`start ${n.id}`);
      if (n.id === 'd') dStarted();
      if (n.id === 'c') await dHasStarted;
      else await sleep(5);
      order.push(`end ${n.id}`);
      running -= 1;
    });
    expect(peak).toBe(3);
    expect(order.indexOf('start d')).toBeLessThan(order.indexOf('end c'));
    expect(order.indexOf('start final')).toBeGreaterThan(order.indexOf('end c'));
  });

  it('skips nodes already done (resume) and honours a concurrency limit', async () => {
    const ran: string[] = [];
    let running = 0;
    let peak = 0;
    await runDag(
      graph,
      async (n) => {
        ran.push(n.id);
        running += 1;
        peak = Math.max(peak, running);
        await sleep(10);
        running -= 1;
      },
      { done: ['plan', 'a'], concurrency: 1 },
    );
    expect(ran.sort()).toEqual(['b', 'c', 'd', 'final']);
    expect(peak).toBe(1);
  });

  it('stops scheduling after a failure, lets running nodes settle, and throws the error', async () => {
    const ran: string[] = [];
    await expect(
      runDag(graph, async (n) => {
        ran.push(n.id);
        await sleep(n.id === 'b' ? 5 : 20);
        if (n.id === 'b') throw new Error('b broke');
      }),
    ).rejects.toThrow('b broke');
    expect(ran).toEqual(expect.arrayContaining(['plan', 'a', 'b', 'c']));
    expect(ran).not.toContain('d');
    expect(ran).not.toContain('final');
  });
});
