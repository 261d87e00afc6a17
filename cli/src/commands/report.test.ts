import { HOSTILE_TEXT, HOSTILE_TEXT_SHOWN, TERMINAL_CONTROLS } from '../../test/hostileText';
import { formatStatus, parseInputPairs } from './report';

describe('report helpers', () => {
  it('parses key=value pairs, keeping "=" in values and empty values', () => {
    expect(parseInputPairs(['idea=a=b', 'company=', ' market = EU'])).toEqual({ idea: 'a=b', company: '', market: ' EU' });
    expect(() => parseInputPairs(['=x'])).toThrow('must look like key=value');
    expect(() => parseInputPairs(['a=1', 'a=2'])).toThrow('given twice');
  });

  it('formats a status as aligned lines with the finished sections and the link', () => {
    const text = formatStatus(
      'abcdefghijklmnop1234',
      {
        processing_status: 'running',
        title: 'TAM Assessment for Ideas: Meal kits',
        description: 'd',
        flow_execution_steps: [{ id: 'market-definition', title: 'Market Definition', raw_output: '...' }],
        product: 'tam-assessment-for-ideas',
        error: null,
        provider: 'offline',
        progress: { finished: 1, total: 5, running: ['top-down-sizing'] },
      },
      'http://localhost:3000',
    );
    expect(text).toBe(
      [
        'Report:   TAM Assessment for Ideas: Meal kits',
        'Id:       abcdefghijklmnop1234',
        'Status:   running',
        'Product:  tam-assessment-for-ideas',
        'Progress: 1/5 agents (working: top-down-sizing)',
        'Provider: the offline analyst',
        'Link:     http://localhost:3000/report/abcdefghijklmnop1234',
        '',
        'Sections:',
        '  ✓ Market Definition (market-definition)',
        '',
      ].join('\n'),
    );
  });

  it('report status shows a title, error and section names a model or a visitor wrote without their control sequences', () => {
    const text = formatStatus(
      'abcdefghijklmnop1234',
      {
        processing_status: 'failed',
        title: `TAM Assessment for Ideas: ${HOSTILE_TEXT}`,
        description: HOSTILE_TEXT,
        flow_execution_steps: [{ id: 'market-definition', title: `Market ${HOSTILE_TEXT}`, raw_output: HOSTILE_TEXT }],
        product: 'tam-assessment-for-ideas',
        error: `The model said: ${HOSTILE_TEXT}`,
        provider: 'openai',
        progress: { finished: 1, total: 5, running: [`agent ${HOSTILE_TEXT}`] },
      },
      'http://localhost:3000',
    );
    expect(text).not.toMatch(TERMINAL_CONTROLS);
    expect(text).toContain(`Report:   TAM Assessment for Ideas: ${HOSTILE_TEXT_SHOWN}`);
    expect(text).toContain(`Error:    The model said: ${HOSTILE_TEXT_SHOWN}`);
    expect(text).toContain(`(working: agent ${HOSTILE_TEXT_SHOWN})`);
    expect(text).toContain(`  ✓ Market ${HOSTILE_TEXT_SHOWN} (market-definition)`);
  });
});
