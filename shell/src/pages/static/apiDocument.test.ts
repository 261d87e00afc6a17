import { PARTNER_TOOLS } from '@val/contracts';
import { buildOpenApiDocument } from '@val/contracts/schemas';
import { API_OPERATION_IDS } from '@val/contracts/routes';
import { fieldsOf, typeOf, viewOf, type Json } from './apiDocument';

describe('the /api page’s reading of the OpenAPI document', () => {
  const doc = buildOpenApiDocument() as Json;
  const view = viewOf(doc);
  const ops = view.groups.flatMap((g) => g.operations);
  const op = (id: string) => ops.find((o) => o.id === id)!;

  it('shows every operation once, grouped by tag in the document’s order', () => {
    expect(ops.map((o) => o.id).sort()).toEqual([...API_OPERATION_IDS].sort());
    expect(view.groups.map((g) => g.name)).toEqual(['Validation', 'Simulation', 'Reports', 'Paid flow', 'Site', 'Admin', 'Operations']);
    expect(view.operationCount).toBe(API_OPERATION_IDS.length);
  });

  it('lists a body’s fields with their limits and which are required', () => {
    const fields = op('validate').body?.fields ?? [];
    expect(fields.slice(0, 3)).toEqual([
      { name: 'idea', type: 'string (1–4000 chars)', required: true, description: 'Not blank' },
      { name: 'targetCustomer', type: 'string (1–1000 chars)', required: true, description: 'Not blank' },
      { name: 'problemSolved', type: 'string (1–2000 chars)', required: true, description: 'Not blank' },
    ]);
    // The founder's basis and what-if assumptions: optional objects, the market one of the table's ids.
    expect(fields.slice(3).map((f) => [f.name, f.required])).toEqual([
      ['basis', false],
      ['assumptions', false],
    ]);
    expect(fields[3].fields?.find((f) => f.name === 'market')?.type).toMatch(/^"food" \| "health" \| /);
    const company = op('trackClick').body?.fields.find((f) => f.name === 'company');
    expect(company?.type).toBe(PARTNER_TOOLS.map((p) => `"${p.company}"`).join(' | '));
  });

  it('shows the events of a stream, the errors with their headers, and who may call', () => {
    expect(op('validateStream').success[0].events?.map((e) => e.name)).toEqual(['meta', 'delta', 'done', 'error']);
    const rateLimited = op('validate').errors.find((e) => e.status === '429');
    expect(rateLimited?.headers).toEqual(['Retry-After']);
    expect(op('adminLinkStats').adminOnly).toBe(true);
    expect(op('testFlowStart').adminInProduction).toBe(true);
    expect(op('devStartReport').developmentOnly).toBe(true);
    expect(op('validate').adminOnly).toBe(false);
    expect(op('reportPdf').parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });

  it('describes the error body every error carries', () => {
    expect(view.errorFields.map((f) => f.name)).toEqual(['error']);
    expect(view.errorFields[0].fields?.map((f) => `${f.name}: ${f.type}`)).toEqual(['code: string', 'message: string']);
  });

  it('reads types it meets in JSON Schema', () => {
    const d = {
      components: { schemas: { Thing: { type: 'object', properties: { a: { type: 'integer', minimum: 1, maximum: 6 } }, required: ['a'] } } },
    } as Json;
    expect(typeOf(d, { type: 'array', items: { $ref: '#/components/schemas/Thing' }, maxItems: 3 })).toBe('array of Thing, ≤ 3');
    expect(typeOf(d, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null');
    expect(typeOf(d, { type: 'object', additionalProperties: { type: 'string' } })).toBe('object of string');
    expect(fieldsOf(d, { $ref: '#/components/schemas/Thing' })).toEqual([{ name: 'a', type: 'integer (1–6)', required: true, description: undefined }]);
  });
});
