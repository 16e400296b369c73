import { describe, expect, it } from 'vitest';
import { ADMIN_EXCERPT_PREVIEW_CHARS, excerptPreview } from './excerpt-preview.js';

describe('excerptPreview', () => {
  it('keeps short content whole', () => {
    expect(excerptPreview('Short.', 'markdown')).toBe('Short.');
  });

  it('cuts long content at 200 characters', () => {
    const preview = excerptPreview('a'.repeat(250), 'markdown');
    expect(ADMIN_EXCERPT_PREVIEW_CHARS).toBe(200);
    expect(preview).toBe(`${'a'.repeat(200)}...`);
  });

  it('shows Markdown as plain text, counting only the words shown', () => {
    const content = `# The Bells\n\n**${'b'.repeat(190)}** [end](https://example.com/${'x'.repeat(100)}) rest`;
    expect(excerptPreview(content, 'markdown')).toBe(`The Bells\n${'b'.repeat(190)}...`);
    expect(excerptPreview('_Ash_ and [fire](/books)', 'markdown')).toBe('Ash and fire');
  });

  it('keeps legacy plain text as written', () => {
    expect(excerptPreview('**Ash**\n\n[fire]', 'plain')).toBe('**Ash**\n[fire]');
  });
});
