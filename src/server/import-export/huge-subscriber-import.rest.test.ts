import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/app-context.js';
import { expectError } from '../test-support/http.js';
import { postImport } from '../test-support/import-requests.js';

/**
 * The largest hostile import, on its own file so the `unit` project runs it once: the row count is
 * refused while the CSV is parsed, before any SQL, so `unit-pg` leaves it out (vitest.config.ts);
 * the other hostile imports run on both engines (hostile-imports.rest.test.ts).
 */
const context = useTestApp();

describe('hostile imports: a subscriber CSV past the row limit', () => {
  it('refuses a CSV of 1,000,000 rows with 413, nothing written', async () => {
    const rows = Array.from({ length: 1_000_000 }, (_, index) => `reader${index}@example.com`);
    const csv = `email\n${rows.join('\n')}\n`;
    const message = expectError(await postImport(context, 'source=subscribers', csv), 413);
    expect(message).toMatch(/more than 200,000 rows/);
    const subscribers = await context.t.services.db.selectFrom('newsletterSubscriptions').select('id').execute();
    expect(subscribers).toHaveLength(0);
  }, 30_000);
});
