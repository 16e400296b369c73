import { describe, expect, it } from 'vitest';
import { issueBodyHtml } from './issue-email.js';

describe('issueBodyHtml', () => {
  it('shows each line of an issue as a paragraph, as pages and the feed do, and keeps a list a list', () => {
    const html = issueBodyHtml('Dear reader,\nThe book is out.\n\n- one\n- two', 'https://site.example');
    expect(html).toMatch(/<p[^>]*>Dear reader,<\/p>\s*<p[^>]*>The book is out\.<\/p>/);
    expect(html).toMatch(/<li[^>]*>one<\/li>\s*<li[^>]*>two<\/li>/);
  });
});
