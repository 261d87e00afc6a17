import fc from 'fast-check';
import { INTERVIEW_EVIDENCE_LIMITS as L } from './evidence';
import { interviewEvidenceFrom, normalizeInterviewEvidence } from './evidenceKit';
import { interviewEvidenceFieldSchema, interviewEvidenceSchema } from './evidence.schema';

const persona = (id: string, name: string, role = 'Salon owner') => ({ id, name, role });
const msg = (isUser: boolean, text: string) => ({ isUser, text });

describe('interview evidence from step 3', () => {
  it('pairs each reply with the question before it; the opening message and an unanswered question are left out', () => {
    const e = interviewEvidenceFrom([persona('a', 'Maria Lopez'), persona('b', 'Tom Becker', 'Barber'), persona('c', 'Mei Chen')], {
      a: [msg(false, 'Hi, I am Maria.'), msg(true, 'What do cancellations cost you?'), msg(false, 'About $300 a week.'), msg(true, 'Would you pay $40?')],
      b: [msg(false, 'Hello.'), msg(true, '  How do you  fill gaps?  '), msg(false, 'I post on Instagram.\n\nIt rarely works.')],
      c: [msg(false, 'Hi.')],
    });
    expect(e).toEqual([
      { name: 'Maria Lopez', role: 'Salon owner', exchanges: [{ question: 'What do cancellations cost you?', reply: 'About $300 a week.' }] },
      { name: 'Tom Becker', role: 'Barber', exchanges: [{ question: 'How do you fill gaps?', reply: 'I post on Instagram. It rarely works.' }] },
    ]);
    expect(interviewEvidenceFrom([persona('a', 'Maria')], {})).toEqual([]);
  });

  it('keeps the ten most recent exchanges per persona and clips long texts', () => {
    const long = 'word '.repeat(400);
    const msgs = Array.from({ length: 14 }, (_, i) => [msg(true, `Question ${i + 1}? ${long}`), msg(false, `Reply ${i + 1}. ${long}`)]).flat();
    const [p] = interviewEvidenceFrom([persona('a', 'Maria')], { a: msgs });
    expect(p.exchanges).toHaveLength(L.exchangesPerPersona);
    expect(p.exchanges[0].question.startsWith('Question 5?')).toBe(true);
    expect(p.exchanges.every((x) => x.question.length <= L.question && x.reply.length <= L.reply && x.reply.endsWith('…'))).toBe(true);
    expect(interviewEvidenceSchema.safeParse([p]).success).toBe(true);
  });

  it('whatever browser storage holds, the normalised evidence is accepted by the BFF schema (or is null)', () => {
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ maxLength: 900 }), fc.constant('   '));
    const anyEvidence = fc.array(
      fc.oneof(
        fc.record({
          name: text,
          role: fc.oneof(text, fc.integer()),
          exchanges: fc.array(fc.oneof(fc.record({ question: text, reply: text }), fc.anything()), { maxLength: 14 }),
        }),
        fc.anything(),
      ),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(fc.oneof(anyEvidence, fc.anything()), (raw) => {
        const e = normalizeInterviewEvidence(raw);
        if (e === null) return true;
        return interviewEvidenceSchema.safeParse(e).success && interviewEvidenceFieldSchema.safeParse(JSON.stringify(e)).success;
      }),
      { numRuns: 300 },
    );
  });

  it('the schema refuses bad shapes with a clear message', () => {
    const bad = (v: unknown) => {
      const r = interviewEvidenceFieldSchema.safeParse(v);
      return r.success ? null : r.error.issues.map((i) => i.message).join('; ');
    };
    const ok = { name: 'Maria', role: 'Owner', exchanges: [{ question: 'Q?', reply: 'R.' }] };
    expect(bad(JSON.stringify([ok]))).toBeNull();
    expect(bad(undefined)).toBeNull();
    expect(bad('')).toBeNull();
    expect(bad('{oops')).toMatch(/evidence must be JSON/);
    expect(bad('x'.repeat(L.jsonChars + 1))).toMatch(/at most 24000 characters/);
    expect(bad({ name: 'x' })).toMatch(/evidence must be a list/);
    expect(bad([ok, ok, ok, ok])).toMatch(/at most 3 personas/);
    expect(bad([{ ...ok, exchanges: Array(11).fill(ok.exchanges[0]) }])).toMatch(/at most 10 exchanges/);
    expect(bad([{ ...ok, exchanges: [] }])).toMatch(/at least one exchange/);
    expect(bad([{ ...ok, exchanges: [{ question: 'Q', reply: 'r'.repeat(L.reply + 1) }] }])).toMatch(/evidence reply must be at most 500/);
    expect(bad([{ ...ok, exchanges: [{ question: ' ', reply: 'R' }] }])).toMatch(/evidence question is required/);
    expect(bad([{ ...ok, extra: 1 }])).not.toBeNull();
  });

  it('one byte limit for both shapes, on the JSON that is stored: a list of multi-byte text past it is refused like its JSON text', () => {
    const full = (ch: string) =>
      Array.from({ length: L.personas }, (_, i) => ({
        name: `Persona ${i}`,
        role: 'Owner',
        exchanges: Array.from({ length: L.exchangesPerPersona }, () => ({ question: ch.repeat(L.question), reply: ch.repeat(L.reply) })),
      }));
    const wide = full('語');
    const message = (v: unknown) =>
      interviewEvidenceFieldSchema
        .safeParse(v)
        .error?.issues.map((i) => i.message)
        .join('; ');
    expect(new TextEncoder().encode(JSON.stringify(wide)).length).toBeGreaterThan(65_535);
    expect(message(wide)).toMatch(/evidence must be at most 24000 characters of JSON \(UTF-8 bytes/);
    expect(message(JSON.stringify(wide))).toBe(message(wide));
    expect(interviewEvidenceSchema.safeParse(wide).success).toBe(false);

    const fits = [{ name: 'Mei', role: '', exchanges: [{ question: 'Q?', reply: 'é'.repeat(L.reply) }] }];
    const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;
    expect(bytes(fits)).toBeLessThanOrEqual(L.jsonBytes);
    expect(interviewEvidenceFieldSchema.safeParse(fits).success).toBe(true);
    expect(interviewEvidenceFieldSchema.safeParse(JSON.stringify(fits)).success).toBe(true);
  });

  it('step 3 fits multi-byte interviews to the byte limit, so the browser never sends evidence the BFF refuses', () => {
    const talk = Array.from({ length: 12 }, (_, i) => [msg(true, `問${i}${'語'.repeat(400)}`), msg(false, `答${i}${'語'.repeat(600)}`)]).flat();
    const e = interviewEvidenceFrom([persona('a', 'Mei'), persona('b', 'Lin'), persona('c', 'Wu')], { a: talk, b: talk, c: talk });
    expect(e).toHaveLength(3);
    expect(new TextEncoder().encode(JSON.stringify(e)).length).toBeLessThanOrEqual(L.jsonBytes);
    expect(interviewEvidenceFieldSchema.safeParse(e).success).toBe(true);
    const n = normalizeInterviewEvidence(e.map((p) => ({ ...p, exchanges: [...p.exchanges, ...p.exchanges] })));
    expect(n && interviewEvidenceFieldSchema.safeParse(n).success).toBe(true);
  });
});
