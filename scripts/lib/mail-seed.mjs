// Helpers shared by the mail queue's crash test and `npm run bench:mail`: subscribers written
// straight into a server's SQLite file, and the admin's tRPC procedures called over HTTP.
// Types: mail-seed.d.mts.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Adds `count` confirmed, active subscribers (`<prefix>-<n>@example.org`) to DATA_DIR/site.sqlite. */
export function seedSubscribers(dataDir, count, prefix = 'reader') {
  const db = new Database(path.join(dataDir, 'site.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      `INSERT INTO newsletter_subscriptions (id, email, is_active, created_at, confirmed_at) VALUES (?, ?, 1, ?, ?)`,
    );
    const now = new Date().toISOString();
    db.transaction(() => {
      for (let n = 0; n < count; n++) insert.run(randomUUID(), `${prefix}-${n}@example.org`, now, now);
    })();
  } finally {
    db.close();
  }
}

/** Calls an admin tRPC procedure over HTTP (superjson envelope); throws with the server's message. */
async function adminCall(baseUrl, adminPassword, procedure, input, { method = 'POST' } = {}) {
  const headers = { authorization: `Bearer ${adminPassword}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ json: input });
  const res =
    method === 'GET'
      ? await fetch(`${baseUrl}/trpc/${procedure}?input=${encodeURIComponent(body)}`, { headers })
      : await fetch(`${baseUrl}/trpc/${procedure}`, { method: 'POST', headers, body });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${procedure}: ${res.status} ${answer?.error?.json?.message ?? JSON.stringify(answer)}`);
  return answer.result.data?.json;
}

/** Saves an issue and sends it to every current recipient; resolves with its id and the count. */
export async function sendIssue(baseUrl, adminPassword, { subject, body }) {
  const issue = await adminCall(baseUrl, adminPassword, 'mail.saveDraft', { subject, preheader: '', body });
  const { count } = await adminCall(baseUrl, adminPassword, 'mail.recipientCount', undefined, { method: 'GET' });
  await adminCall(baseUrl, adminPassword, 'mail.send', { id: issue.id, expectedRecipients: count });
  return { id: issue.id, count };
}

/** The issue's send figures. */
export async function issueFigures(baseUrl, adminPassword, id) {
  const progress = await adminCall(baseUrl, adminPassword, 'mail.progress', { id }, { method: 'GET' });
  return progress.figures;
}
