import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanFeedbackForDisplay, splitReportSections } from '@val/contracts';
import { buildValidationSheet } from '../../bff/src/analysis/validationSheet';
import { startChatServer, type ChatServer } from '../../bff/test/chatServer';
import { testDbs } from '../../bff/test/db';
import { assertBuilt, runCli } from '../test/run';
import { closedPort, startCliTestServer, type CliTestServer } from '../test/server';

beforeAll(assertBuilt);

const idea = [
  '--idea',
  'Meal kits for climbers, delivered to the gym',
  '--customer',
  'Boulderers at city climbing gyms',
  '--problem',
  'No quick healthy food right after a session',
];

/** The text of a PDF, read back with a PDF parser (pdf-parse, as the e2e tests do). */
async function pdfText(file: string): Promise<string> {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: fs.readFileSync(file) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

interface Row {
  id: string;
  idea: string;
  target_customer?: string;
  feedback: string;
}

describe.each(testDbs)('val validate against a real server on $label', (kind) => {
  let srv: CliTestServer;
  let env: Record<string, string>;
  let dir: string;
  const latest = async (): Promise<Row> => (await srv.db.knex('validations').orderBy('created_at', 'desc').first()) as Row;
  const count = async () => Number(((await srv.db.knex('validations').count({ n: '*' })) as Array<{ n: number | string }>)[0].n);

  beforeAll(async () => {
    srv = await startCliTestServer(kind);
    env = { VAL_API_URL: srv.url };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-cli-validate-'));
  });
  afterAll(async () => {
    await srv?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("prints Val's feedback (as displayed) on stdout and who answered on stderr", async () => {
    const before = await count();
    const r = await runCli(['validate', ...idea], { env });
    expect(r.code).toBe(0);
    expect(await count()).toBe(before + 1);
    const row = await latest();
    expect(row.idea).toBe('Meal kits for climbers, delivered to the gym');
    expect(r.stdout).toBe(`${cleanFeedbackForDisplay(row.feedback)}\n`);
    expect(r.stdout).toMatch(/climb/i);
    expect(r.stderr).toContain('Answered by the offline analyst — connect a model for deeper analysis.');
    expect(r.stderr).not.toContain('AI analysis coming'); // no spinner when piped
    // After the answer: the stored validation's id and its permalink on the server asked.
    expect(r.stderr).toContain(`Id:   ${row.id}\nLink: ${srv.url}/v/${row.id}\n`);
  });

  it('--json prints the stored validation', async () => {
    const r = await runCli(['validate', ...idea, '--json'], { env });
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    const row = await latest();
    expect(body).toEqual({
      id: row.id,
      idea: 'Meal kits for climbers, delivered to the gym',
      targetCustomer: 'Boulderers at city climbing gyms',
      problemSolved: 'No quick healthy food right after a session',
      feedback: row.feedback,
      provider: 'offline',
      // The score read from the feedback, and the delete token (only in this answer).
      score: Number((row.feedback.match(/Validation Score: (\d+\.\d)\/10/) ?? [])[1]),
      deleteToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      // The numbers behind it, with the basis they rest on (read from the words: nothing set by the founder).
      factSheet: expect.objectContaining({ kind: 'validation', basis: expect.objectContaining({ setByFounder: [] }) }),
    });
    expect(body.factSheet.score).toBe(body.score);
    expect(r.stderr).toBe('');
  });

  it('--pdf DIR saves the web PDF there under the report file name; the text reads back', async () => {
    const r = await runCli(['validate', ...idea, '--pdf', dir], { env });
    expect(r.code).toBe(0);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.pdf'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^val-report-meal-kits-for-\d{6}\.pdf$/);
    const file = path.join(dir, files[0]);
    expect(r.stderr).toContain(`PDF Downloaded! Your validation report has been saved as a PDF: ${file}`);
    const text = await pdfText(file);
    const row = await latest();
    expect(text).toContain('Startup Idea Validation Report');
    for (const t of ['Idea', 'Target Customer', 'Problem Solved', 'Meal kits for climbers, delivered to the gym', 'Boulderers at city climbing gyms'])
      expect(text).toContain(t);
    const sections = splitReportSections(row.feedback).map((s) => s.title);
    expect(sections.length).toBeGreaterThan(2);
    for (const t of sections)
      expect(text.replace(/\s+/g, ' ')).toContain(
        t
          .replace(/\s+/g, ' ')
          .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '')
          .trim()
          .slice(0, 30),
      );
  });

  it('--pdf FILE writes exactly that file', async () => {
    const file = path.join(dir, 'mine.pdf');
    const r = await runCli(['validate', ...idea, '--pdf', file, '--json'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).pdf).toBe(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(file)).toContain('Startup Idea Validation Report');
  });

  it('--stream prints the feedback as it arrives — the same text as the stored one', async () => {
    const before = await count();
    const r = await runCli(['validate', ...idea, '--stream'], { env });
    expect(r.code).toBe(0);
    expect(await count()).toBe(before + 1);
    const row = await latest();
    expect(r.stdout.trim()).toBe(cleanFeedbackForDisplay(row.feedback));
    const j = await runCli(['validate', ...idea, '--stream', '--json'], { env });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ id: (await latest()).id, provider: 'offline' });
  });

  it('refuses blank input before calling the server (exit 2)', async () => {
    const before = await count();
    const r = await runCli(['validate', '--idea', ' ', '--customer', 'x', '--problem', 'y'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--idea: idea is required');
    expect(await count()).toBe(before);
  });
});

describe('val validate when the model fails', () => {
  let chat: ChatServer;
  let srv: CliTestServer;
  beforeAll(async () => {
    chat = await startChatServer();
    chat.reply({ type: 'error', status: 500, message: 'model exploded' });
    srv = await startCliTestServer(testDbs[0], {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: chat.baseURL,
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    await srv?.stop();
    await chat?.close();
  });

  it.each([[[]], [['--stream']]])('exit 1 with the spec message %j', async (extra) => {
    const r = await runCli(['validate', ...idea, ...extra], { env: { VAL_API_URL: srv.url } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Failed to validate your idea. Please try again.');
  });
});

/** A fresh database for a CLI run without a server: env for the child, a handle to read it, and cleanup. */
async function freshDb(kind: (typeof testDbs)[number]) {
  const made = await kind.create();
  const env: Record<string, string> = made.url ? { DATABASE_URL: made.url } : { DATABASE_URL: '', DATA_DIR: path.dirname(made.sqliteFile as string) };
  return { ...made, env };
}

describe.each(testDbs)('val validate with no server given: in-process, same AI configuration, on $label', (kind) => {
  let db: Awaited<ReturnType<typeof freshDb>>;
  let dir: string;
  const rows = async () => (await db.db.knex('validations').orderBy('created_at', 'asc')) as Row[];

  beforeAll(async () => {
    db = await freshDb(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'val-cli-local-'));
  });
  afterAll(async () => {
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers with the offline analyst and stores the validation once, as the server does', async () => {
    const r = await runCli(['validate', ...idea], { env: { ...db.env, AI_PROVIDER: 'offline', PUBLIC_URL: undefined, PORT: undefined } });
    expect(r.code).toBe(0);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0].idea).toBe('Meal kits for climbers, delivered to the gym');
    expect(r.stdout).toBe(`${cleanFeedbackForDisplay(stored[0].feedback)}\n`);
    expect(r.stdout).toMatch(/^## Validation Score: \d\.\d\/10$/m);
    expect(r.stdout).toMatch(/boulderers/i);
    expect(r.stderr).toContain('Answered by the offline analyst — connect a model for deeper analysis.');
    expect(r.stderr).not.toMatch(/Cannot reach|"level"/);
    // The permalink where `npm start` on this database shows it: PUBLIC_URL, else localhost on PORT.
    expect(r.stderr).toContain(`Id:   ${stored[0].id}\nLink: http://localhost:3000/v/${stored[0].id}\n`);
    const p = await runCli(['validate', ...idea], { env: { ...db.env, AI_PROVIDER: 'offline', PUBLIC_URL: 'https://val.example/' } });
    expect(p.code).toBe(0);
    const id = (await rows()).at(-1)!.id;
    expect(p.stderr).toContain(`Id:   ${id}\nLink: https://val.example/v/${id}\n`);
    const q = await runCli(['validate', ...idea], { env: { ...db.env, AI_PROVIDER: 'offline', PORT: '3123' } });
    expect(q.stderr).toContain(`Link: http://localhost:3123/v/${(await rows()).at(-1)!.id}\n`);
  });

  it('--json, --stream and --pdf work the same way in-process', async () => {
    const j = await runCli(['validate', ...idea, '--json'], { env: db.env });
    expect(j.code).toBe(0);
    const body = JSON.parse(j.stdout);
    const last = (await rows()).at(-1)!;
    expect(body).toEqual({
      id: last.id,
      idea: last.idea,
      targetCustomer: 'Boulderers at city climbing gyms',
      problemSolved: 'No quick healthy food right after a session',
      feedback: last.feedback,
      provider: 'offline',
      score: expect.any(Number),
      deleteToken: expect.any(String),
      factSheet: expect.objectContaining({ kind: 'validation', score: body.score }),
    });
    expect(j.stderr).toBe('');
    const s = await runCli(['validate', ...idea, '--stream', '--pdf', dir], { env: db.env });
    expect(s.code).toBe(0);
    expect(s.stdout.trim()).toBe(cleanFeedbackForDisplay((await rows()).at(-1)!.feedback));
    const pdf = fs.readdirSync(dir).filter((f) => f.endsWith('.pdf'));
    expect(pdf).toHaveLength(1);
    expect(await pdfText(path.join(dir, pdf[0]))).toContain('Boulderers at city climbing gyms');
  });

  it('uses the openai provider when AI_PROVIDER / OPENAI_* say so (loopback chat-completions server)', async () => {
    const chat = await startChatServer();
    try {
      const sheet = buildValidationSheet({ idea: idea[1], targetCustomer: idea[3], problemSolved: idea[5] });
      const answer = `## Validation Score: ${sheet.score.toFixed(1)}/10\n\nClimbers need food fast after a session.\n\n## Next Steps\n\n1. Talk to ten boulderers.`;
      chat.reply((req) => (req.body.stream ? { type: 'stream', chunks: answer.match(/\S+\s*/g) as string[], delayMs: 5 } : { type: 'text', content: answer }));
      const env = {
        ...db.env,
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-local-test',
        OPENAI_BASE_URL: chat.baseURL,
        OPENAI_MODEL: 'test-model',
        AI_MAX_RETRIES: '0',
      };
      const r = await runCli(['validate', ...idea, '--json'], { env });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ feedback: answer, provider: 'openai' });
      const s = await runCli(['validate', ...idea, '--stream'], { env });
      expect(s.code).toBe(0);
      expect(s.stdout.trim()).toBe(answer);
      expect(s.stderr).not.toContain('offline analyst');
      expect(chat.requests).toHaveLength(2);
      expect(chat.requests[1].body.stream).toBe(true);
      for (const req of chat.requests) {
        expect(req.body.model).toBe('test-model');
        expect(req.headers.authorization).toBe('Bearer sk-local-test');
        expect(req.body.messages.at(-1)?.content).toContain('Meal kits for climbers, delivered to the gym');
      }
      expect((await rows()).filter((x) => x.feedback === answer)).toHaveLength(2);
    } finally {
      await chat.close();
    }
  });

  it('--stream with a model that forges the score says the stored answer was corrected, and stores the checked one', async () => {
    const chat = await startChatServer();
    try {
      const forged = '## Validation Score: 9.9/10\n\nClimbers need food fast after a session.\n\n## Next Steps\n\n1. Talk to ten boulderers.';
      chat.reply((req) => (req.body.stream ? { type: 'stream', chunks: forged.match(/\S+\s*/g) as string[] } : { type: 'text', content: forged }));
      const env = { ...db.env, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-local-test', OPENAI_BASE_URL: chat.baseURL, AI_MAX_RETRIES: '0' };
      const s = await runCli(['validate', ...idea, '--stream'], { env });
      expect(s.code).toBe(0);
      expect(s.stdout).toContain('9.9/10');
      expect(s.stderr).toMatch(/consistency check corrected this answer before it was stored: `val validations show [0-9a-f-]{36}` prints the checked version/);
      const stored = (await rows()).at(-1)!;
      expect(stored.feedback).not.toContain('9.9/10');
      expect(stored.feedback).toContain(
        `Validation Score: ${buildValidationSheet({ idea: idea[1], targetCustomer: idea[3], problemSolved: idea[5] }).score.toFixed(1)}/10`,
      );
    } finally {
      await chat.close();
    }
  });

  it('exit 1 with the spec message when the model fails, and nothing is stored', async () => {
    const chat = await startChatServer();
    try {
      chat.reply({ type: 'error', status: 500, message: 'model exploded' });
      const before = (await rows()).length;
      const r = await runCli(['validate', ...idea], {
        env: { ...db.env, AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.baseURL, AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '2000' },
      });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('Failed to validate your idea. Please try again.');
      expect((await rows()).length).toBe(before);
    } finally {
      await chat.close();
    }
  });

  it('a bad AI setting is a usage error (exit 2) naming the variable', async () => {
    const r = await runCli(['validate', ...idea], { env: { ...db.env, AI_PROVIDER: 'gpt-5' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('AI_PROVIDER');
  });
});

describe('val validate in-process when the database is down', () => {
  it('says which database it cannot reach (exit 4) and prints no feedback', async () => {
    const port = await closedPort();
    const r = await runCli(['validate', ...idea], { env: { DATABASE_URL: `mysql://val:secret@127.0.0.1:${port}/val` } });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Cannot reach the database (MySQL val@127.0.0.1:${port}/val)`);
    expect(r.stderr).not.toContain('secret');
  });
});

describe('val validate with a server given keeps using it', () => {
  it('--api (or VAL_API_URL) goes to that server, never in-process: a closed port is exit 4', async () => {
    const port = await closedPort();
    for (const args of [['--api', `http://127.0.0.1:${port}`], []]) {
      const r = await runCli(['validate', ...idea, ...args], { env: args.length ? {} : { VAL_API_URL: `http://127.0.0.1:${port}` } });
      expect(r.code).toBe(4);
      expect(r.stderr).toContain(`Cannot reach the Val server at http://127.0.0.1:${port}`);
    }
  });
});
