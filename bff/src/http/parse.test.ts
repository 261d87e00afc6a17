import type { Context } from 'koa';
import { z } from 'zod';
import { InputError } from '../errors';
import { parseBody, rememberedBodyParser } from './parse';

const ctxWith = (body: unknown) => ({ request: { body } }) as unknown as Context;

describe('rememberedBodyParser', () => {
  const schema = z.object({ kind: z.enum(['a', 'b']), name: z.string().min(1, { error: 'name is required' }) }).superRefine((v, ctx) => {
    if (v.kind === 'b' && v.name !== 'bee') ctx.addIssue({ code: 'custom', path: ['name'], message: 'a b is a bee' });
  });

  it('gives what parseBody gives, a fresh object each time, running the schema once per body', () => {
    const spy = jest.spyOn(schema, 'safeParse');
    const parse = rememberedBodyParser(schema);
    const first = parse(ctxWith({ kind: 'a', name: 'x', extra: 'dropped' }));
    const again = parse(ctxWith({ kind: 'a', name: 'x', extra: 'dropped' }));
    expect(first).toEqual(parseBody(ctxWith({ kind: 'a', name: 'x', extra: 'dropped' }), schema));
    expect(again).toEqual({ kind: 'a', name: 'x' });
    expect(again).not.toBe(first);
    again.name = 'changed';
    expect(parse(ctxWith({ kind: 'a', name: 'x', extra: 'dropped' }))).toEqual({ kind: 'a', name: 'x' });
    // parseBody above ran the schema once more.
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('refuses what parseBody refuses, with the same message, every time', () => {
    const parse = rememberedBodyParser(schema);
    for (const body of [
      { kind: 'b', name: 'x' },
      { kind: 'c', name: '' },
      { kind: 'a', name: 1 },
      [1],
      null,
      'text',
      { kind: 'a', name: 'x', n: { deep: true } },
    ]) {
      for (let i = 0; i < 2; i++) {
        let mine: unknown;
        let theirs: unknown;
        try {
          mine = parse(ctxWith(body));
        } catch (err) {
          mine = err;
        }
        try {
          theirs = parseBody(ctxWith(body), schema);
        } catch (err) {
          theirs = err;
        }
        expect(mine).toEqual(theirs);
        if (theirs instanceof InputError) expect((mine as InputError).message).toBe(theirs.message);
      }
    }
  });

  it('checks long bodies every time', () => {
    const spy = jest.spyOn(schema, 'safeParse');
    spy.mockClear();
    const parse = rememberedBodyParser(schema);
    const body = { kind: 'a', name: 'x'.repeat(5000) };
    expect(parse(ctxWith(body))).toEqual(body);
    expect(parse(ctxWith(body))).toEqual(body);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('remembers at most `size` bodies', () => {
    const spy = jest.spyOn(schema, 'safeParse');
    spy.mockClear();
    const parse = rememberedBodyParser(schema, 2);
    for (const name of ['x', 'y', 'z', 'x']) parse(ctxWith({ kind: 'a', name }));
    expect(spy).toHaveBeenCalledTimes(4);
    parse(ctxWith({ kind: 'a', name: 'x' }));
    expect(spy).toHaveBeenCalledTimes(4);
  });
});
