import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getProduct } from '@val/content';
import { FEASIBILITY_STUDY_ID, REPORT_POLL_INTERVAL_MS } from '@val/contracts';
import { FEASIBILITY_INPUTS, loopback, renderPage, startTestApp, waitForReport, type BffTestApp } from '../test/bff';
import { TestEventSource } from '../test/eventSource';
import { ReportView } from './ReportView';

/*
 * The report page against the real BFF (its report service, worker and event stream), and a
 * loopback server for the answers the BFF does not give (a failing status call, a failed report
 * with no sections). The spec: a loading screen until finished, with the wait and a status line;
 * then title, description and collapsed sections; 'Report Not Found' / 'No Report Data'.
 */

jest.setTimeout(30000);

const feasibility = getProduct(FEASIBILITY_STUDY_ID)!;
const statusLine = () => screen.getByTestId('report-status-line');
const notFound = async () => {
  expect(await screen.findByRole('heading', { name: 'Report Not Found' })).toBeTruthy();
  expect(screen.getByText('The requested report could not be loaded.')).toBeTruthy();
};

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  TestEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = TestEventSource;
});
afterEach(() => {
  for (const s of TestEventSource.opened) s.close();
  delete (globalThis as { EventSource?: unknown }).EventSource;
  errors.mockRestore();
});

describe('report page: not found', () => {
  it("says 'Report Not Found' without an id, and for a malformed id without asking the server", async () => {
    const api = await loopback(() => ({ status: 500, json: { error: { code: 'internal', message: 'should not be asked' } } }));
    try {
      const { unmount } = renderPage(<ReportView apiBase={api.url} />);
      await notFound();
      unmount();
      renderPage(<ReportView reportId="not a report id!" apiBase={api.url} />);
      await notFound();
      await new Promise((r) => setTimeout(r, 200));
      expect(api.seen).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it("shows the loading screen, then 'Report Not Found' for an id the service does not know (404)", async () => {
    const app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
    try {
      renderPage(<ReportView reportId="abcdefghijklmnopqrstuv" apiBase={app.url} />);
      expect(screen.getByRole('heading', { name: 'Your report is being prepared' })).toBeTruthy();
      expect(screen.getByText('Loading the report...')).toBeTruthy();
      await notFound();
      expect(screen.queryByTestId('report-loading')).toBeNull();
      expect(TestEventSource.opened).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('report page: running', () => {
  let app: BffTestApp;
  beforeEach(async () => {
    // No worker until the test starts one: the report waits queued, then each agent takes 1.5 s.
    app = await startTestApp({ env: { REPORT_WORKER: 'off', OFFLINE_AI_DELAY_MS: '1500', REPORT_POLL_MS: '20' } });
  });
  afterEach(() => app.close());

  it('shows the wait, the agents and the status line; the live stream moves it before the next poll, and the progress follows', async () => {
    const id = await app.deps.reports.start({ product: FEASIBILITY_STUDY_ID, inputs: FEASIBILITY_INPUTS });
    renderPage(<ReportView reportId={id} apiBase={app.url} />);
    const loading = await screen.findByTestId('report-loading');
    expect(
      await within(loading).findByText(/^New Product Feasibility Study: your report takes about 20 minutes, with 10 AI agents researching it in parallel\./),
    ).toBeTruthy();
    expect(statusLine().textContent).toBe('Queued: your agents start in a moment');
    const agents = within(screen.getByRole('list', { name: 'Agents' })).getAllByRole('listitem');
    expect(agents.map((li) => li.textContent)).toEqual(feasibility.agents.map((a) => `○${a.name}`));
    // The fact sheet is computed before the agents start: it shows under the loading screen.
    expect(screen.getByRole('heading', { name: 'The numbers behind this report' })).toBeTruthy();
    await waitFor(() => expect(TestEventSource.opened).toHaveLength(1));
    expect(TestEventSource.opened[0].url).toBe(`${app.url}/api/reports/${id}/events`);

    // The status was polled once; the next poll is 6 s away. The stream's step-started is what moves the line.
    const worker = app.deps.reports.createWorker();
    const started = Date.now();
    worker.start();
    try {
      await waitFor(() => expect(statusLine().textContent).toMatch(/is working on “|agents are working in parallel: /), { timeout: 4000 });
      expect(Date.now() - started).toBeLessThan(REPORT_POLL_INTERVAL_MS);
      expect(document.querySelector('li[data-state="running"]')).not.toBeNull();
      // A finished agent (step-finished → the status is read again) is ticked, and the line counts it.
      await waitFor(() => expect(statusLine().textContent).toMatch(/ · [1-9]\d* of 10 agents done$/), { timeout: 8000 });
      expect(document.querySelector('li[data-state="finished"]')).not.toBeNull();
    } finally {
      await worker.stop();
    }
  });
});

describe('report page: the job ends', () => {
  it('replaces the loading screen with the report when the stream says the job finished, without waiting for a poll, and closes the stream', async () => {
    const app = await startTestApp({ env: { REPORT_WORKER: 'off', OFFLINE_AI_DELAY_MS: '150', REPORT_POLL_MS: '20' } });
    try {
      const product = getProduct('idea-desirability-assessment')!;
      const id = await app.deps.reports.start({ product: product.id, inputs: { idea: 'Bike repair at the office' } });
      renderPage(<ReportView reportId={id} apiBase={app.url} />);
      await screen.findByText(new RegExp(`^${product.title}: your report takes about`));
      await waitFor(() => expect(TestEventSource.opened).toHaveLength(1));
      const worker = app.deps.reports.createWorker();
      worker.start();
      try {
        const done = await waitForReport(app.deps.reports, id);
        const finishedAt = Date.now();
        expect(await screen.findByRole('heading', { level: 1, name: done.title }, { timeout: REPORT_POLL_INTERVAL_MS })).toBeTruthy();
        // Well before the next poll: the stream's job-finished read the status again.
        expect(Date.now() - finishedAt).toBeLessThan(REPORT_POLL_INTERVAL_MS / 2);
        expect(screen.queryByTestId('report-loading')).toBeNull();
        expect(screen.getAllByRole('button', { expanded: false }).length).toBeGreaterThanOrEqual(done.flow_execution_steps.length);
        await waitFor(() => expect(TestEventSource.opened[0].readyState).toBe(2));
      } finally {
        await worker.stop();
      }
    } finally {
      await app.close();
    }
  });
});

describe('report page: done', () => {
  it('shows the title, the description, the tools and every section collapsed; each opens on its own', async () => {
    const app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
    try {
      const id = await app.deps.reports.start({ product: FEASIBILITY_STUDY_ID, inputs: FEASIBILITY_INPUTS });
      const worker = app.deps.reports.createWorker();
      worker.start();
      const done = await waitForReport(app.deps.reports, id);
      await worker.stop();
      renderPage(<ReportView reportId={id} apiBase={app.url} />);
      expect(await screen.findByRole('heading', { level: 1, name: done.title })).toBeTruthy();
      expect(screen.getByText(done.description)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`${app.url}/api/reports/${id}/pdf`);
      expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
      expect(screen.getByText('Answered by the offline analyst — connect a model for deeper analysis.')).toBeTruthy();
      const toggles = done.flow_execution_steps.map((s) => screen.getByRole('button', { name: s.title }));
      expect(done.flow_execution_steps.length).toBeGreaterThan(5);
      expect(document.querySelectorAll('section[data-step]')).toHaveLength(done.flow_execution_steps.length);
      for (const t of toggles) expect(t.getAttribute('aria-expanded')).toBe('false');
      await userEvent.click(toggles[1]);
      expect(toggles[1].getAttribute('aria-expanded')).toBe('true');
      expect(toggles[0].getAttribute('aria-expanded')).toBe('false');
      expect(await screen.findByTestId(`step-body-${done.flow_execution_steps[1].id}`)).toBeTruthy();
      await userEvent.click(toggles[1]);
      expect(toggles[1].getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByTestId(`step-body-${done.flow_execution_steps[1].id}`)).toBeNull();
      // Finished: no live stream is opened, and the page does not poll again.
      expect(TestEventSource.opened).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe("report page: the founder's basis and what if", () => {
  it('shows the basis as a form that also works without JavaScript; a new market and price recompute break-even and verdict, marked as changed by you, and one click goes back', async () => {
    const app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
    try {
      const id = await app.deps.reports.start({ product: FEASIBILITY_STUDY_ID, inputs: FEASIBILITY_INPUTS });
      const worker = app.deps.reports.createWorker();
      worker.start();
      const done = await waitForReport(app.deps.reports, id);
      await worker.stop();
      renderPage(<ReportView reportId={id} apiBase={app.url} />);
      const panel = await screen.findByTestId('basis-panel');
      const form = within(panel).getByTestId('basis-form') as HTMLFormElement;
      expect(form.getAttribute('method')).toBe('post');
      expect(form.getAttribute('action')).toBe(`${app.url}/api/reports/${id}/basis`);
      expect((within(panel).getByLabelText('Market') as HTMLSelectElement).value).toBe('fitness');
      expect(within(panel).queryByText('changed by you')).toBeNull();
      const before = screen.getByTestId('sheet-break-even').textContent;
      expect(before).toBe('none within 5 years');

      await userEvent.selectOptions(within(panel).getByLabelText('Market'), 'pet care');
      const price = within(panel).getByLabelText(/^Price a month/);
      await userEvent.clear(price);
      await userEvent.type(price, '400');
      await userEvent.click(within(panel).getByRole('button', { name: 'Compute again' }));
      await waitFor(() => expect(screen.getByTestId('sheet-break-even').textContent).toMatch(/^month \d+$/));
      expect(screen.getByTestId('sheet-yours').textContent).toContain(`The original said ${done.fact_sheet!.verdict.word}`);
      expect(screen.getByTestId('fact-sheet').textContent).toContain('Go with changes');
      expect(within(screen.getByTestId('basis-panel')).getAllByText('changed by you')).toHaveLength(2);
      expect(screen.getAllByText('written for the original numbers').length).toBe(done.flow_execution_steps.length);

      await userEvent.click(screen.getByRole('button', { name: /^Write the \d+ sections again for your numbers$/ }));
      await waitFor(() => expect(screen.queryAllByText('written for the original numbers')).toHaveLength(0));

      await userEvent.click(screen.getByRole('button', { name: 'Back to the original' }));
      await waitFor(() => expect(screen.getByTestId('sheet-break-even').textContent).toBe(before));
      expect(screen.queryByTestId('sheet-yours')).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('report page: errors the BFF does not give', () => {
  const base = { title: 'Market sizing: Bikes', description: 'Target market: commuters', flow_execution_steps: [] };

  it('keeps the loading screen when the status call fails, logs it, and polls again after 6 s', async () => {
    const api = await loopback((req, n) => {
      if (req.path !== '/api/reports/status') return { status: 404, json: { error: { code: 'not_found', message: 'Not found' } } };
      return n === 1
        ? { status: 503, json: { error: { code: 'unavailable', message: 'down' } } }
        : { status: 200, json: { ...base, processing_status: 'running' } };
    });
    try {
      renderPage(<ReportView reportId="abcdefghijklmnopqrstuv" apiBase={api.url} />);
      await waitFor(() => expect(errors).toHaveBeenCalledWith('report status failed; retrying in 6 s', expect.any(Error)));
      expect(screen.getByText('Loading the report...')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Your report is being prepared' })).toBeTruthy();
      expect(
        await screen.findByText(
          'The agents are at work. This page updates by itself; you can leave it, the report also arrives by email.',
          {},
          { timeout: REPORT_POLL_INTERVAL_MS + 3000 },
        ),
      ).toBeTruthy();
      expect(statusLine().textContent).toContain('Working');
      expect(api.seen.filter((r) => r.path === '/api/reports/status').map((r) => JSON.parse(r.body))).toEqual([
        { execution_id: 'abcdefghijklmnopqrstuv' },
        { execution_id: 'abcdefghijklmnopqrstuv' },
      ]);
      // A service with the spec's fields alone (no progress) is polled, not streamed.
      expect(TestEventSource.opened).toHaveLength(0);
    } finally {
      await api.close();
    }
  });

  it("says 'No Report Data' with the error for a failed report with no sections, and stops polling", async () => {
    const api = await loopback((req) =>
      req.path === '/api/reports/status'
        ? { status: 200, json: { ...base, processing_status: 'failed', error: 'Every agent failed.' } }
        : { status: 404, json: { error: { code: 'not_found', message: 'Not found' } } },
    );
    try {
      renderPage(<ReportView reportId="abcdefghijklmnopqrstuv" apiBase={api.url} />);
      expect(await screen.findByRole('heading', { name: 'No Report Data' })).toBeTruthy();
      expect(screen.getByText('Every agent failed.')).toBeTruthy();
      await act(() => new Promise((r) => setTimeout(r, 200)));
      expect(api.seen.filter((r) => r.path === '/api/reports/status')).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it('shows a failed report’s sections under the alert', async () => {
    const api = await loopback((req) =>
      req.path === '/api/reports/status'
        ? {
            status: 200,
            json: {
              ...base,
              processing_status: 'failed',
              error: 'The model timed out.',
              flow_execution_steps: [{ id: 'market-size', title: 'Market size', raw_output: 'About 40,000 commuters.' }],
            },
          }
        : { status: 404, json: { error: { code: 'not_found', message: 'Not found' } } },
    );
    try {
      renderPage(<ReportView reportId="abcdefghijklmnopqrstuv" apiBase={api.url} />);
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Some agents could not finish: The model timed out. The sections below are what they completed.',
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Market sizing: Bikes' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Market size' }).getAttribute('aria-expanded')).toBe('false');
    } finally {
      await api.close();
    }
  });
});
