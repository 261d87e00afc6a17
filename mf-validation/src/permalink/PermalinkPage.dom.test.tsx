import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from '@val/ui/router';
import type { QueryClient } from '@tanstack/react-query';
import { DELETE_TOKEN_HEADER, type StoredValidationView } from '@val/contracts';
import { dismissToast } from '@val/ui';
import { apiError, renderInPage, servePageFrom, startBff, startLoopback, type Loopback, type RealBff } from '../test/dom';
import { readMyValidations, rememberValidation } from '../lib/myValidations';
import { createValidationQueryClient, QueryProvider } from '../query';
import PermalinkPage, { PERMALINK_TEXT } from './PermalinkPage';

/*
 * /v/:id as a visitor sees it, against the real BFF (the offline analyst wrote the validation):
 * loading, not found, the validation, its creator's delete, and the failures the real BFF cannot
 * be made to give (a loopback server answers as the API would).
 */

const IDEA = {
  idea: 'A meal planner that turns what is left in the fridge into dinners',
  targetCustomer: 'Busy working parents',
  problemSolved: 'Food waste and dinner stress',
};
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let bff: RealBff;
let loopback: Loopback | undefined;
let client: QueryClient;
/** A validation the real BFF made and stored, with its delete token. */
let created: StoredValidationView & { deleteToken: string };

async function createValidation(): Promise<StoredValidationView & { deleteToken: string }> {
  const r = await bff.fetch('/api/validate', { method: 'POST', json: IDEA });
  expect(r.status).toBe(200);
  const made = (await r.json()) as { id: string; deleteToken: string };
  const stored = (await (await bff.fetch(`/api/validations/${made.id}`)).json()) as StoredValidationView;
  return { ...stored, deleteToken: made.deleteToken };
}

/** Where the router is, for the navigation the page starts. */
function Where() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}${l.hash}`}</output>;
}

function renderPermalink(id: string | undefined) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryProvider client={client}>
      <Routes>
        <Route path="/v/:id" element={children} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </QueryProvider>
  );
  return renderInPage(<PermalinkPage validationId={id} />, { path: `/v/${id ?? ''}`, wrapper });
}

beforeAll(async () => {
  bff = await startBff();
  created = await createValidation();
});
afterAll(() => bff.close());
beforeEach(() => {
  client = createValidationQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  servePageFrom(bff.url);
  window.localStorage.clear();
});
afterEach(async () => {
  jest.restoreAllMocks();
  act(() => dismissToast());
  client.clear();
  await loopback?.close();
  loopback = undefined;
});

describe('the permalink page /v/:id', () => {
  it('shows a spinner while loading, then the validation, read-only for a visitor', async () => {
    renderPermalink(created.id);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();

    // (The first call also loads the API client's chunk.)
    const page = await screen.findByTestId('validation-permalink', undefined, { timeout: 10000 });
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(within(page).getByText(PERMALINK_TEXT.badge)).toBeTruthy();
    expect(within(page).getByRole('heading', { level: 1, name: IDEA.idea })).toBeTruthy();
    expect(within(page).getByText(/Answered by the offline analyst/)).toBeTruthy();

    // The inputs as stored, the score, Val's feedback as formatted text.
    expect(screen.getByTestId('permalink-idea').textContent).toBe(IDEA.idea);
    expect(screen.getByTestId('permalink-customer').textContent).toBe(IDEA.targetCustomer);
    expect(screen.getByTestId('permalink-problem').textContent).toBe(IDEA.problemSolved);
    expect(created.score).not.toBeNull();
    const score = screen.getByTestId('permalink-score');
    expect(score.getAttribute('aria-label')).toBe(`Score ${created.score!.toFixed(1)} out of 10`);
    expect(score.textContent).toContain(created.score!.toFixed(1));
    expect(await within(screen.getByTestId('permalink-feedback')).findByRole('heading', { name: 'Market Opportunity' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: PERMALINK_TEXT.inputs })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: PERMALINK_TEXT.analysis })).toBeTruthy();

    // Its actions; no Delete without this browser's delete token.
    expect(within(page).getByRole('button', { name: PERMALINK_TEXT.newVersion })).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Download PDF Report' })).toBeTruthy();
    expect(within(page).getByRole('button', { name: PERMALINK_TEXT.copy })).toBeTruthy();
    expect(within(page).queryByRole('button', { name: PERMALINK_TEXT.delete })).toBeNull();
    // Not for search engines.
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('“Validate a new version” goes to the lab with the validation to edit', async () => {
    const user = userEvent.setup();
    renderPermalink(created.id);
    await user.click(await screen.findByRole('button', { name: PERMALINK_TEXT.newVersion }));
    expect(screen.getByTestId('location').textContent).toBe(`/?edit=${created.id}#validate`);
  });

  it('says “not found” for an id that does not exist, and for one that is not an id', async () => {
    const { unmount } = renderPermalink(UNKNOWN_ID);
    const missing = await screen.findByTestId('validation-not-found');
    expect(within(missing).getByRole('heading', { name: PERMALINK_TEXT.notFound })).toBeTruthy();
    expect(within(missing).getByText(PERMALINK_TEXT.notFoundText)).toBeTruthy();
    expect(within(missing).getByRole('link', { name: 'Validate an idea' }).getAttribute('href')).toBe('/#validate');
    expect(screen.queryByTestId('validation-permalink')).toBeNull();
    unmount();

    renderPermalink('not-a-uuid');
    expect(within(await screen.findByTestId('validation-not-found')).getByRole('heading', { name: PERMALINK_TEXT.notFound })).toBeTruthy();
  });

  it('keeps its creator’s list current with the stored score', async () => {
    rememberValidation({ id: created.id, idea: IDEA.idea, score: null, deleteToken: created.deleteToken });
    renderPermalink(created.id);
    await screen.findByTestId('validation-permalink');
    await waitFor(() => expect(readMyValidations()[0]).toMatchObject({ id: created.id, score: created.score, deleteToken: created.deleteToken }));
  });

  it('lets its creator delete it: confirm, the toast, then “not found”, at the API too', async () => {
    const mine = await createValidation();
    rememberValidation({ id: mine.id, idea: mine.idea, score: mine.score, deleteToken: mine.deleteToken });
    const user = userEvent.setup();
    renderPermalink(mine.id);
    const page = await screen.findByTestId('validation-permalink');

    // 'Keep it' backs out.
    await user.click(within(page).getByRole('button', { name: PERMALINK_TEXT.delete }));
    const confirm = screen.getByRole('group', { name: PERMALINK_TEXT.confirm });
    await user.click(within(confirm).getByRole('button', { name: PERMALINK_TEXT.cancel }));
    expect(screen.queryByRole('group', { name: PERMALINK_TEXT.confirm })).toBeNull();
    expect((await bff.fetch(`/api/validations/${mine.id}`)).status).toBe(200);

    await user.click(within(page).getByRole('button', { name: PERMALINK_TEXT.delete }));
    await user.click(screen.getByTestId('confirm-delete'));
    expect(await screen.findByText(PERMALINK_TEXT.deleted.title)).toBeTruthy();
    expect(screen.getByText(PERMALINK_TEXT.deleted.description)).toBeTruthy();
    const missing = await screen.findByTestId('validation-not-found');
    expect(within(missing).getByRole('heading', { name: PERMALINK_TEXT.notFound })).toBeTruthy();
    expect((await bff.fetch(`/api/validations/${mine.id}`)).status).toBe(404);
    expect(readMyValidations().some((v) => v.id === mine.id)).toBe(false);
  });

  it('asks again on a later visit: a validation deleted meanwhile elsewhere is “not found”, never shown stale', async () => {
    const other = await createValidation();
    const first = renderPermalink(other.id);
    await screen.findByTestId('validation-permalink');
    first.unmount();
    // Deleted elsewhere (e.g. from "My validations" in the lab, which does not share this page's cache).
    const r = await bff.fetch(`/api/validations/${other.id}`, { method: 'DELETE', headers: { [DELETE_TOKEN_HEADER]: other.deleteToken } });
    expect(r.status).toBeLessThan(300);

    renderPermalink(other.id);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByTestId('validation-permalink')).toBeNull();
    expect(within(await screen.findByTestId('validation-not-found')).getByRole('heading', { name: PERMALINK_TEXT.notFound })).toBeTruthy();
  });

  it('says so when loading fails, and Retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    loopback = await startLoopback(() => (down ? { status: 500, json: apiError('internal', 'Internal error') } : { status: 200, json: created }));
    servePageFrom(loopback.url);
    const user = userEvent.setup();
    renderPermalink(created.id);

    expect(await screen.findByText(PERMALINK_TEXT.loadFailed)).toBeTruthy();
    expect(screen.queryByTestId('validation-permalink')).toBeNull();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(within(await screen.findByTestId('validation-permalink')).getByRole('heading', { level: 1, name: IDEA.idea })).toBeTruthy();
    expect(screen.queryByText(PERMALINK_TEXT.loadFailed)).toBeNull();
    expect(loopback.hits).toEqual([`GET /api/validations/${created.id}`, `GET /api/validations/${created.id}`]);
  });

  it('keeps the validation and says so when the delete fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loopback = await startLoopback((method) =>
      method === 'DELETE' ? { status: 500, json: apiError('internal', 'Internal error') } : { status: 200, json: created },
    );
    servePageFrom(loopback.url);
    rememberValidation({ id: created.id, idea: IDEA.idea, score: created.score, deleteToken: created.deleteToken });
    const user = userEvent.setup();
    renderPermalink(created.id);

    await user.click(within(await screen.findByTestId('validation-permalink')).getByRole('button', { name: PERMALINK_TEXT.delete }));
    await user.click(screen.getByTestId('confirm-delete'));
    expect(await screen.findByText(PERMALINK_TEXT.deleteFailed.description)).toBeTruthy();
    expect(screen.getByTestId('validation-permalink')).toBeTruthy();
    expect(screen.queryByRole('group', { name: PERMALINK_TEXT.confirm })).toBeNull();
    expect(screen.getByRole('button', { name: PERMALINK_TEXT.delete })).toHaveProperty('disabled', false);
    expect(readMyValidations().some((v) => v.id === created.id)).toBe(true);
    expect(loopback.hits).toContain(`DELETE /api/validations/${created.id}`);
  });
});
