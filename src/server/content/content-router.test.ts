import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES, TEXT_LIMITS } from '../../domain/limits.js';
import { useTestApp } from '../test-support/app-context.js';
import { bearer, FAST_WRONG_KEY, freshAddress } from '../test-support/http.js';
import { openAdminSession } from '../test-support/sessions.js';
import { expectTRPCError } from '../test-support/trpc.js';

const context = useTestApp();

/** POST /trpc/content.preview as a browser sends it; the status and the deserialized answer or error. */
async function postPreview(input: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  const res = await context.t.app.inject({
    method: 'POST',
    url: '/trpc/content.preview',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(superjson.serialize(input)),
    remoteAddress,
  });
  const body = res.json<{ result?: { data: never }; error?: unknown }>();
  let error: string | null = null;
  // tRPC errors come in a superjson envelope; the HTTP layer's own refusals (413) as { error: text }.
  if (typeof body.error === 'string') error = body.error;
  else if (body.error) error = superjson.deserialize<{ message: string }>(body.error as never).message;
  return {
    status: res.statusCode,
    html: body.result ? superjson.deserialize<{ html: string }>(body.result.data).html : null,
    error,
  };
}

describe('content.preview', () => {
  it('renders Markdown with the shared renderer: emphasis, links, images, footnotes, scene breaks', async () => {
    const caller = context.t.callerWithKey(context.token);
    const { html } = await caller.content.preview({
      content:
        'She *did not* look back.\n\n***\n\n[The road](https://example.com/road) ends here.[^1]\n\n![A ruined tower](/objects/0123456789abcdef0123456789abcdef.png)\n\n[^1]: A note.',
    });
    expect(html).toContain('<em>did not</em>');
    expect(html).toContain('<hr>');
    expect(html).toMatch(/<a href="https:\/\/example\.com\/road" rel="noopener nofollow ugc">The road<\/a>/);
    expect(html).toMatch(/<img src="\/objects\/0123456789abcdef0123456789abcdef\.png" alt="A ruined tower"/);
    expect(html).toContain('class="footnote-ref"');
  });

  it('reads the plain format of older texts the way the public page does', async () => {
    const caller = context.t.callerWithKey(context.token);
    const { html } = await caller.content.preview({ content: 'One *line*\nTwo', format: 'plain' });
    expect(html).toBe('<p>One *line*</p>\n<p>Two</p>');
  });

  it('neutralises raw HTML and unsafe link and image addresses', async () => {
    const caller = context.t.callerWithKey(context.token);
    const { html } = await caller.content.preview({
      content: [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(1)">',
        '[click](javascript:alert(1))',
        '[data](data:text/html;base64,PHNjcmlwdD4=)',
        '![pixel](http://tracker.example/p.gif)',
        '![js](javascript:alert(1))',
      ].join('\n\n'),
    });
    expect(html).not.toMatch(
      /<script|<img src=x|<[^>]+onerror|href="javascript:|href="data:|src="http:|src="javascript:/i,
    );
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('is for the admin only: 401 without a key or with a wrong one, over tRPC and HTTP', async () => {
    await expectTRPCError(context.t.publicCaller().content.preview({ content: 'x' }), 'UNAUTHORIZED');
    await expectTRPCError(
      context.t.callerWithKey(FAST_WRONG_KEY, freshAddress()).content.preview({ content: 'x' }),
      'UNAUTHORIZED',
      'Invalid admin key',
    );
    const anonymous = await postPreview({ content: '*x*' });
    expect(anonymous).toMatchObject({ status: 401, html: null, error: 'Admin key required' });
    const wrong = await postPreview({ content: '*x*' }, bearer(FAST_WRONG_KEY), freshAddress());
    expect(wrong).toMatchObject({ status: 401, html: null });
    // A read is not allowed either: the procedure is a mutation.
    const get = await context.t.app.inject({
      method: 'GET',
      url: '/trpc/content.preview',
      headers: bearer(context.token),
    });
    expect(get.statusCode).toBeGreaterThanOrEqual(400);
    expect(get.statusCode).toBeLessThan(500);
  });

  it('refuses what a stored content could not hold, with a 4xx naming the limit', async () => {
    const headers = bearer(context.token);
    const atLimit = await postPreview({ content: 'a'.repeat(TEXT_LIMITS.content) }, headers);
    expect(atLimit.status).toBe(200);
    const over = await postPreview({ content: 'a'.repeat(TEXT_LIMITS.content + 1) }, headers);
    expect(over).toMatchObject({
      status: 400,
      error: `Content must be at most ${TEXT_LIMITS.content} characters`,
    });
    // Over the JSON body limit: refused before any parsing.
    const huge = await postPreview({ content: 'c'.repeat(MAX_JSON_BODY_BYTES + 1) }, headers);
    expect(huge.status).toBe(413);
    for (const input of [{}, { content: 42 }, { content: 'x', format: 'html' }, null, 'text']) {
      const refused = await postPreview(input, headers);
      expect(refused.status, JSON.stringify(input)).toBe(400);
      expect(refused.html).toBeNull();
    }
  });

  it('answers a burst of parallel previews and refusals without a 5xx', async () => {
    const token = await openAdminSession(context.t.services);
    const headers = bearer(token);
    const inputs = Array.from({ length: 60 }, (_, index) =>
      index % 3 === 0
        ? { content: `${'[x](javascript:alert(1)) '.repeat(200)} *${index}*` }
        : index % 3 === 1
          ? { content: 'b'.repeat(TEXT_LIMITS.content + 1) }
          : { content: `> quote ${index}\n\n- a\n- b`, format: 'markdown' },
    );
    const answers = await Promise.all(inputs.map((input) => postPreview(input, headers)));
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(index % 3 === 1 ? 400 : 200);
      if (index % 3 === 1) return;
      expect(answer.html).toEqual(expect.any(String));
      expect(answer.html).not.toContain('href="javascript:');
    });
  });
});
