import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminHeaders,
  createTestApp,
  TEST_ADMIN_PASSWORD,
  validPreorderBook,
  type TestApp,
} from '../../test-support/test-app.js';
import { csvCellText, csvField, csvFileName, toCsv } from './csv-exports.js';

const BOM = '\uFEFF';

/** Parses RFC 4180 text (quoted fields, doubled quotes, CRLF) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe('CSV helpers', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCellText(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(csvCellText('safe = text')).toBe('safe = text');
    // A fediverse handle starts with @ but holds no formula: written as it is; anything more is defused.
    expect(csvCellText('@reader@social.example:8443')).toBe('@reader@social.example:8443');
    expect(csvCellText('@x@y.example+cmd|')).toBe("'@x@y.example+cmd|");
    expect(csvCellText('@SUM(A1)@x.example')).toBe("'@SUM(A1)@x.example");
  });

  it('writes ISO dates, true/false and empty cells for missing values', () => {
    expect(csvCellText(new Date('2026-11-22T04:26:00.000Z'))).toBe('2026-11-22T04:26:00.000Z');
    expect(csvCellText(true)).toBe('true');
    expect(csvCellText(null)).toBe('');
    expect(csvCellText(undefined)).toBe('');
  });

  it('builds a header row and CRLF-terminated rows', () => {
    const csv = toCsv([{ header: 'name', value: (row: { name: string }) => row.name }], [{ name: 'A, B' }]);
    expect(csv).toBe('name\r\n"A, B"\r\n');
  });

  it('names files with the UTC date', () => {
    expect(csvFileName('preorders', new Date('2026-11-22T23:30:00Z'))).toBe('preorders-2026-11-22.csv');
  });
});

describe('GET /api/admin/*.csv', () => {
  let t: TestApp;
  let bookId: string;
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    const admin = t.callerWithKey(TEST_ADMIN_PASSWORD);
    bookId = (await admin.books.create({ ...validPreorderBook, title: 'The Ember, "Crown"' })).id;
    const visitor = t.publicCaller();
    await visitor.contact.send({
      name: '=HYPERLINK("http://evil")',
      email: 'mara@example.com',
      message: 'Line one\nLine two, with "quotes"',
    });
    await visitor.newsletter.subscribe({ email: 'active@example.com' });
    await visitor.newsletter.subscribe({ email: 'gone@example.com' });
    await t.services.db
      .updateTable('newsletterSubscriptions')
      .set({ isActive: 0 })
      .where('email', '=', 'gone@example.com')
      .execute();
    await visitor.preorders.create({
      bookId,
      customerName: 'Ivo Rask',
      customerEmail: 'ivo@example.com',
      preferredFormat: 'hardcover',
      phoneNumber: '+1 555 0100',
      specialRequests: '@signed copy please',
    });
  });
  afterAll(async () => t.close());

  async function download(url: string, key = TEST_ADMIN_PASSWORD) {
    const res = await t.app.inject({ method: 'GET', url, headers: adminHeaders(key) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith(BOM)).toBe(true);
    return { res, rows: parseCsv(res.body.slice(BOM.length)) };
  }

  it('exports contact submissions with quoting and formula protection', async () => {
    const { res, rows } = await download('/api/admin/contact.csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contact-submissions-${today()}.csv"`);
    expect(rows[0]).toEqual(['id', 'createdAt', 'name', 'email', 'message']);
    expect(rows).toHaveLength(2);
    const [id, createdAt, name, email, message] = rows[1]!;
    expect(id).toEqual(expect.any(String));
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(name).toBe(`'=HYPERLINK("http://evil")`);
    expect(email).toBe('mara@example.com');
    expect(message).toBe('Line one\nLine two, with "quotes"');
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil"")"');
  });

  it('exports newsletter subscriptions with their active flag and interests by name', async () => {
    const series = await t.callerWithKey(TEST_ADMIN_PASSWORD).series.create({ name: 'The Ashen Road' });
    await t.services.db
      .updateTable('newsletterSubscriptions')
      .set({ interests: JSON.stringify([`series:${series.id}`, 'new-releases']) })
      .where('email', '=', 'active@example.com')
      .execute();
    const { res, rows } = await download('/api/admin/newsletter.csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="newsletter-subscriptions-${today()}.csv"`);
    expect(rows[0]).toEqual(['id', 'createdAt', 'email', 'isActive', 'interests']);
    const byEmail = Object.fromEntries(rows.slice(1).map((row) => [row[2], [row[3], row[4]]]));
    expect(byEmail).toEqual({
      'active@example.com': ['true', 'The Ashen Road; New releases only'],
      'gone@example.com': ['false', ''],
    });
  });

  // A phone number starting with + is defused too: the rule is by first character, as OWASP advises.
  it('exports preorders with the stored book title and empty optional fields', async () => {
    const visitor = t.publicCaller();
    await visitor.preorders.create({
      bookId,
      customerName: 'No Extras',
      customerEmail: 'n@example.com',
      preferredFormat: 'ebook',
    });
    const { res, rows } = await download('/api/admin/preorders.csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="preorders-${today()}.csv"`);
    expect(rows[0]).toEqual([
      'id',
      'createdAt',
      'bookId',
      'bookTitle',
      'preferredFormat',
      'customerName',
      'customerEmail',
      'phoneNumber',
      'specialRequests',
    ]);
    const byName = Object.fromEntries(rows.slice(1).map((row) => [row[5], row]));
    expect(byName['Ivo Rask']!.slice(2)).toEqual([
      bookId,
      'The Ember, "Crown"',
      'hardcover',
      'Ivo Rask',
      'ivo@example.com',
      "'+1 555 0100",
      "'@signed copy please",
    ]);
    expect(byName['No Extras']!.slice(7)).toEqual(['', '']);
  });

  it('accepts a session token from login', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    const { token } = login.json<{ token: string }>();
    const { rows } = await download('/api/admin/contact.csv', token);
    expect(rows).toHaveLength(2);
  });

  it.each(['contact', 'newsletter', 'preorders'])(
    'refuses /api/admin/%s.csv without a valid key (401 JSON)',
    async (name) => {
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/${name}.csv` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['content-type']).toMatch(/^application\/json/);
      expect(anonymous.json()).toEqual({ error: 'Admin key required' });
      expect(anonymous.headers['content-disposition']).toBeUndefined();

      const wrong = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${name}.csv`,
        headers: adminHeaders('not-the-key'),
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'Invalid admin key' });
    },
  );
});
