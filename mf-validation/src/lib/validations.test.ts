import { DELETE_TOKEN_HEADER } from '@val/contracts';
import { deleteValidation, fetchComparison, fetchValidation } from './validations';

/* The permalink, comparison and deletion calls, through the typed client: paths, headers, and what each error means. */

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const HEAD = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const realFetch = global.fetch;
let calls: Array<{ url: string; init: RequestInit }>;
function answer(...answers: Response[]) {
  calls = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const a = answers.shift();
    if (!a) throw new Error('no more answers');
    return a;
  }) as typeof fetch;
}
afterEach(() => {
  global.fetch = realFetch;
});

describe('fetchValidation', () => {
  it('reads a stored validation by its id, with cookies', async () => {
    const stored = { id: ID, idea: 'Idea', feedback: '## Market' };
    answer(json(200, stored));
    expect(await fetchValidation('http://val.test/', ID)).toEqual(stored);
    expect(calls[0].url).toBe(`http://val.test/api/validations/${ID}`);
    expect(calls[0].init).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('answers null for an unknown (404) or malformed (400) id, and throws on other failures', async () => {
    answer(json(404, { error: { code: 'not_found', message: 'Validation not found' } }));
    expect(await fetchValidation('', ID)).toBeNull();
    answer(json(400, { error: { code: 'bad_request', message: 'Invalid id' } }));
    expect(await fetchValidation('', 'x y')).toBeNull();
    expect(calls[0].url).toBe('/api/validations/x%20y');
    answer(json(503, { error: { code: 'unavailable', message: 'Database unavailable' } }));
    await expect(fetchValidation('', ID)).rejects.toMatchObject({ status: 503 });
  });
});

describe('fetchComparison', () => {
  it('asks for base and head in the query and returns the comparison', async () => {
    const cmp = { base: { id: ID }, head: { id: HEAD }, sections: [] };
    answer(json(200, cmp));
    expect(await fetchComparison('', ID, HEAD)).toEqual(cmp);
    expect(calls[0].url).toBe(`/api/validations/compare?base=${ID}&head=${HEAD}`);
  });
});

describe('deleteValidation', () => {
  it('sends the delete token in its header; a validation already gone counts as deleted; a wrong token throws', async () => {
    answer(new Response(null, { status: 204 }));
    await deleteValidation('', ID, 'tok');
    expect(calls[0].url).toBe(`/api/validations/${ID}`);
    expect(calls[0].init.method).toBe('DELETE');
    expect((calls[0].init.headers as Record<string, string>)[DELETE_TOKEN_HEADER]).toBe('tok');
    answer(json(404, { error: { code: 'not_found', message: 'Validation not found' } }));
    await expect(deleteValidation('', ID, 'tok')).resolves.toBeUndefined();
    answer(json(403, { error: { code: 'forbidden', message: 'Wrong delete token' } }));
    await expect(deleteValidation('', ID, 'bad')).rejects.toMatchObject({ status: 403 });
  });
});
