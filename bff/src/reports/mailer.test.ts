import { MAIL_RETRY_MAX_MS, mailRetryDelay, reportReadyMail } from './mailer';

describe('mailRetryDelay', () => {
  it('doubles from the base per failed try and stays at most an hour apart', () => {
    expect([1, 2, 3, 4].map((a) => mailRetryDelay(a, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(mailRetryDelay(7, 60_000)).toBe(MAIL_RETRY_MAX_MS);
    expect(mailRetryDelay(500, 60_000)).toBe(MAIL_RETRY_MAX_MS);
  });
});

describe('reportReadyMail', () => {
  const job = { id: 'r_123', title: 'New Product Feasibility Study: Independent gyms in the UK', email: 'maria@example.com' };
  const base = { productTitle: 'New Product Feasibility Study', url: 'https://val.example/report/r_123' };

  it('greets the buyer by the sign-in name and names the report’s title once', () => {
    const mail = reportReadyMail({ ...base, job: { ...job, buyerName: 'Maria Lopez' } });
    expect(mail.text).toBe(
      [
        'Hello Maria Lopez,',
        '',
        'your New Product Feasibility Study on “Independent gyms in the UK” is ready.',
        '',
        'Read it online: https://val.example/report/r_123',
        'The full report is attached as a PDF.',
        '',
        'Thank you for using Val.',
      ].join('\n'),
    );
    expect(mail.text.split('New Product Feasibility Study').length - 1).toBe(1);
    expect(mail).toMatchObject({ kind: 'report-ready', ref: 'r_123', to: 'maria@example.com', subject: 'Your New Product Feasibility Study is ready' });
    expect(mail.html).toBe(
      '<p>Hello Maria Lopez,</p><p>your New Product Feasibility Study on <strong>“Independent gyms in the UK”</strong> is ready.</p><p><a href="https://val.example/report/r_123">Read it online</a> (https://val.example/report/r_123). The full report is attached as a PDF.</p><p>Thank you for using Val.</p>',
    );
  });

  it('says "Hello," when no name is known', () => {
    for (const buyerName of [undefined, null, '', '   ']) expect(reportReadyMail({ ...base, job: { ...job, buyerName } }).text.split('\n')[0]).toBe('Hello,');
  });

  it('keeps a name on one line and escapes it in HTML', () => {
    const mail = reportReadyMail({ ...base, job: { ...job, buyerName: 'Ana <b>"Bo"</b>\r\nBcc: x@example.com' } });
    expect(mail.text.split('\n')[0]).toBe('Hello Ana <b>"Bo"</b> Bcc: x@example.com,');
    expect(mail.html).toContain('<p>Hello Ana &lt;b&gt;&quot;Bo&quot;&lt;/b&gt; Bcc: x@example.com,</p>');
  });

  it('writes a title that does not start with the product as it is, once', () => {
    const mail = reportReadyMail({ ...base, job: { ...job, title: 'Gyms in Leeds', buyerName: 'Sam' } });
    expect(mail.text).toContain('your New Product Feasibility Study on “Gyms in Leeds” is ready.');
    expect(reportReadyMail({ ...base, job: { ...job, title: 'New Product Feasibility Study' } }).text).toContain(
      'your New Product Feasibility Study is ready.',
    );
  });
});
