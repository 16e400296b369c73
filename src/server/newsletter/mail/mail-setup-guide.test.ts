import { describe, expect, it } from 'vitest';
import { renderDocumentationHtml } from '../../content/rendering/render-content.js';
import { mailSetupGuideHtml, mailSetupSection } from './mail-setup-guide.js';

const GUIDE = `# Mail

The site sends email,
over two wrapped lines.

1. Set \`SMTP_URL\`: <script>alert(1)</script>

   \`\`\`sh
   SMTP_URL=smtp://user:pass@relay:587
   \`\`\`

## Writing and sending an issue

Not part of the setup.
`;

describe('mailSetupSection', () => {
  it('takes the Mail section up to its first sub-heading', () => {
    const section = mailSetupSection(GUIDE);
    expect(section?.startsWith('The site sends email,')).toBe(true);
    expect(section).toContain('SMTP_URL=smtp://user:pass@relay:587');
    expect(section).not.toContain('Not part of the setup');
    expect(section).not.toContain('# Mail');
  });

  it('is null for a text without the section', () => {
    expect(mailSetupSection('# Site\n\n## Mail\n\nElsewhere.\n')).toBeNull();
  });
});

describe('renderDocumentationHtml', () => {
  it('joins wrapped lines into one paragraph, keeps code blocks and escapes raw HTML', () => {
    const html = renderDocumentationHtml(mailSetupSection(GUIDE)!);
    expect(html).toContain('<p>The site sends email,\nover two wrapped lines.</p>');
    expect(html).not.toContain('<br');
    expect(html).toContain('<pre><code class="language-sh">SMTP_URL=smtp://user:pass@relay:587');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
  });

  it('drops script links', () => {
    expect(renderDocumentationHtml('[x](javascript:alert(1))')).not.toContain('href="javascript');
  });
});

describe("mailSetupGuideHtml (the project's own docs/mail.md)", () => {
  it('holds the VPS setup: the relay, SPF and DKIM, the variables', async () => {
    const html = await mailSetupGuideHtml();
    expect(html).toContain("<strong>SPF and DKIM are the relay's job</strong>");
    expect(html).toContain('SMTP_URL=smtp://');
    expect(html).toContain('MAIL_FROM');
    expect(html).not.toContain('Writing and sending an issue');
  });
});
