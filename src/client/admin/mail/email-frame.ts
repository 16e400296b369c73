/** A whole HTML document for a sandboxed preview iframe: the email's own page, or a body fragment on its background. */
export function emailFrameDocument(html: string): string {
  if (/^<!DOCTYPE/i.test(html.trimStart())) return html;
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0;padding:16px;background:#1a1514;color:#eadfc8;font-family:Georgia,'Times New Roman',serif">${html}</body></html>`;
}
