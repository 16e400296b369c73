import { describe, expect, it } from 'vitest';
import { issueBodyHtml } from './issue-email.js';

describe('issueBodyHtml', () => {
  it('shows each line of an issue as a paragraph, as pages and the feed do, and keeps a list a list', () => {
    const html = issueBodyHtml('Dear reader,\nThe book is out.\n\n- one\n- two', 'https://site.example');
    expect(html).toMatch(/<p[^>]*>Dear reader,<\/p>\s*<p[^>]*>The book is out\.<\/p>/);
    expect(html).toMatch(/<li[^>]*>one<\/li>\s*<li[^>]*>two<\/li>/);
  });
});

describe('a featured post in an issue', () => {
  const cards = new Map([
    [
      'the-bell-tower',
      {
        title: 'The bell tower',
        summary: 'Why the bell has no tongue.',
        path: '/blog/the-bell-tower',
        coverImage: '/objects/bell.svg',
      },
    ],
  ]);

  it('is a card (cover as a JPEG, title, summary, link) where the body has its line, never raw Markdown or an SVG', () => {
    const html = issueBodyHtml('News first.\n\n[[post:the-bell-tower]]\n\nThen more.', 'https://site.example', {
      postCards: cards,
    });
    expect(html).toMatch(/<table style="[^"]*border:1px solid[^"]*" class="post-card"/);
    expect(html).toContain('src="https://site.example/mail-images/uploads/bell.svg.jpg" alt="The bell tower"');
    expect(html).toMatch(
      /<h3[^>]*><a [^>]*href="https:\/\/site\.example\/blog\/the-bell-tower"[^>]*>The bell tower<\/a>/,
    );
    expect(html).toContain('Why the bell has no tongue.');
    expect(html).toContain('Read the post →');
    expect(html).not.toContain('[[post:');
    expect(html).not.toMatch(/src="[^"]*\.svg"/);
    expect(html).toMatch(/News first\.[\s\S]*post-card[\s\S]*Then more\./);
  });

  it('is left out when the post is not published (a card to nowhere is worse than none)', () => {
    const html = issueBodyHtml('[[post:gone-now]]', 'https://site.example', { postCards: cards });
    expect(html).toBe('');
  });
});
