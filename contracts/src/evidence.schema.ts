import { z } from 'zod';
import './zodConfig';
import { INTERVIEW_EVIDENCE_LIMITS as L, type InterviewEvidence } from './evidence';
import { utf8Length } from './utf8';

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((s) => s.trim().length > 0, { error: `${label} is required` })
    .meta({ minLength: 1, description: 'Not blank' });

/** One question of the founder and the AI persona's reply. */
export const interviewExchangeSchema = z.strictObject(
  {
    question: text(L.question, 'evidence question'),
    reply: text(L.reply, 'evidence reply'),
  },
  { error: 'each evidence exchange must be an object with question and reply' },
);

/** One interviewed persona (name, role) and its exchanges. */
export const interviewEvidencePersonaSchema = z.strictObject(
  {
    name: text(L.name, 'evidence persona name'),
    role: z
      .string({ error: 'evidence persona role must be text' })
      .max(L.role, { error: `evidence persona role must be at most ${L.role} characters` })
      .default(''),
    exchanges: z
      .array(interviewExchangeSchema, { error: 'evidence exchanges must be a list' })
      .min(1, { error: 'each evidence persona needs at least one exchange' })
      .max(L.exchangesPerPersona, { error: `at most ${L.exchangesPerPersona} exchanges per evidence persona` }),
  },
  { error: 'each evidence persona must be an object with name, role and exchanges' },
);

/** The one size limit of the evidence, in UTF-8 bytes of the JSON that is stored. */
const TOO_LARGE = `evidence must be at most ${L.jsonBytes} characters of JSON (UTF-8 bytes: an accented letter counts 2, most other scripts 3)`;

/**
 * The step-3 interview evidence an order carries: at most 3 personas × 10 exchanges, every text
 * bounded, and its JSON at most `jsonBytes` UTF-8 bytes. Synthetic: AI personas, never real customers.
 */
export const interviewEvidenceSchema = z
  .array(interviewEvidencePersonaSchema, { error: 'evidence must be a list of interviewed personas' })
  .max(L.personas, { error: `evidence may carry at most ${L.personas} personas` })
  .refine((e) => utf8Length(JSON.stringify(e)) <= L.jsonBytes, { error: TOO_LARGE, abort: true })
  .meta({ description: 'Synthetic interview — an AI persona, not a real customer: step 3’s interviews (persona, role, question, reply)' }) satisfies z.ZodType<
  InterviewEvidence,
  unknown
>;

/**
 * The evidence as a request field: the list itself (JSON body) or its JSON text (a form field);
 * absent or '' is no evidence ([] too: the BFF treats an empty list as none). Text longer than
 * the byte limit (the list's, counted before parsing too) or not JSON is refused with a clear message.
 */
export const interviewEvidenceFieldSchema = z.preprocess((v, ctx) => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return v;
  if (v.length > L.jsonBytes || utf8Length(v) > L.jsonBytes) {
    ctx.addIssue({ code: 'custom', message: TOO_LARGE, input: v });
    return z.NEVER;
  }
  try {
    return JSON.parse(v) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'evidence must be JSON: a list of interviewed personas', input: v });
    return z.NEVER;
  }
}, interviewEvidenceSchema.optional());
