import { act, screen, waitFor } from '@testing-library/react';
import { TEST_FLOW_SAMPLE } from '@val/contracts';
import { loopback, renderPage, startTestApp, tableRows } from '../test/bff';
import { TEST_POLL_INTERVAL_MS } from './flow';
import { TestPage } from './TestPage';

/*
 * /test, the spec's diagnostic page: an empty screen that starts an analysis with the fixed sample
 * values and polls its status in the background (failures only logged), and stops when it is left.
 */

jest.setTimeout(30000);

let logs: jest.SpyInstance[];
beforeEach(() => {
  logs = [jest.spyOn(console, 'error').mockImplementation(() => undefined), jest.spyOn(console, 'info').mockImplementation(() => undefined)];
});
afterEach(() => {
  delete window.VAL_TEST_ORIGIN;
  for (const l of logs) l.mockRestore();
});

const sampleBody = {
  flow_execution_variables: [
    { name: 'TARGET_MARKET', variable_value: TEST_FLOW_SAMPLE.TARGET_MARKET },
    { name: 'PRODUCT_IDEA', variable_value: TEST_FLOW_SAMPLE.PRODUCT_IDEA },
  ],
};

it('against the BFF: an empty page that starts one analysis with the sample values and reads its status', async () => {
  const app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
  try {
    window.VAL_TEST_ORIGIN = app.url;
    const { unmount } = renderPage(<TestPage apiBase={app.url} />, { path: '/test' });
    expect(screen.getByTestId('test-page').textContent).toBe('');
    await waitFor(async () => expect(await tableRows(app, 'report_jobs')).toHaveLength(1), { timeout: 5000 });
    // The BFF answers the start with an execution id, then its status: nothing is logged as failed.
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(console.error).not.toHaveBeenCalled();
    unmount();
    expect(await tableRows(app, 'report_jobs')).toHaveLength(1);
  } finally {
    await app.close();
  }
});

it('starts once (even in StrictMode), polls, and stops polling when the page is left', async () => {
  const api = await loopback((req) => {
    if (req.path === '/api/admin/test-flow' && req.method === 'POST') return { status: 200, json: { execution_id: 'exec_1' } };
    if (req.path.startsWith('/api/admin/test-flow?')) return { status: 200, json: { processing_status: 'running' } };
    return { status: 404 };
  });
  try {
    window.VAL_TEST_ORIGIN = api.url;
    const { unmount } = renderPage(<TestPage apiBase={api.url} />, { path: '/test', strict: true });
    await waitFor(() => expect(api.seen.filter((r) => r.path === '/api/admin/test-flow?execution_id=exec_1')).toHaveLength(1));
    const starts = api.seen.filter((r) => r.method === 'POST');
    expect(starts.map((r) => [r.path, JSON.parse(r.body)])).toEqual([['/api/admin/test-flow', sampleBody]]);
    unmount();
    const seen = api.seen.length;
    await act(() => new Promise((r) => setTimeout(r, TEST_POLL_INTERVAL_MS + 500)));
    expect(api.seen.length).toBe(seen);
  } finally {
    await api.close();
  }
});
