import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { renderDocumentationHtml } from '../../content/rendering/render-content.js';
import { projectRoot } from '../../paths.js';

const MAIL_GUIDE = path.join(projectRoot, 'docs', 'mail.md');

/**
 * The mail guide's "# Mail" section up to its first sub-heading (how to set up mail on a VPS), or
 * null when the text has no such section.
 */
export function mailSetupSection(guideText: string): string | null {
  const lines = guideText.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === '# Mail');
  if (start < 0) return null;
  const end = lines.findIndex((line, index) => index > start && /^#{1,3} /.test(line));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
}

let guide: Promise<string | null> | undefined;

/**
 * The mail setup guide as HTML, for the admin's "Mail is not configured" notice: read once from
 * docs/mail.md as the site was deployed with it, so it never disagrees with it. Null when that page
 * is not on the server.
 */
export function mailSetupGuideHtml(): Promise<string | null> {
  guide ??= readFile(MAIL_GUIDE, 'utf8').then(
    (guideText) => {
      const section = mailSetupSection(guideText);
      return section ? renderDocumentationHtml(section) : null;
    },
    () => null,
  );
  return guide;
}
