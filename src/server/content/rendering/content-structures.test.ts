import { describe, expect, it } from 'vitest';
import { embedOf } from './embed-providers.js';
import { renderContentHtml, renderLeadText } from './render-content.js';

const html = (markdown: string) => renderContentHtml(markdown, 'markdown');

describe('content structures (content-structures.ts)', () => {
  it('draws a paragraph of images as a gallery, each image a link to itself, and its italic line as the caption', () => {
    const out = html(
      '![One](https://a.example/1.jpg)\n![Two](/objects/2.jpg) [![Three](/objects/3.jpg)](/objects/3-full.jpg)\n\n_Three plates_',
    );
    expect(out).toContain('<figure class="content-figure"><div class="content-gallery">');
    expect(out).toContain('<a href="/objects/2.jpg" class="content-gallery-item"><img src="/objects/2.jpg" alt="Two"');
    expect(out).toContain('<a href="/objects/3-full.jpg"><img src="/objects/3.jpg"');
    expect(out).toContain('<figcaption>Three plates</figcaption>\n</figure>');
    expect(out).not.toContain('<br>');
  });

  it('a gallery with anything else in it is a paragraph; one image with an italic line is a figure', () => {
    expect(html('![One](/objects/1.jpg) and text ![Two](/objects/2.jpg)')).not.toContain('content-gallery');
    const figure = html('![Plate](/objects/1.jpg)\n_The plate, **bold**_');
    expect(figure).toContain('<figure class="content-figure"><p><img src="/objects/1.jpg"');
    expect(figure).toContain('<figcaption>The plate, <strong>bold</strong></figcaption>');
  });

  it('escapes what a caption holds and drops its unsafe links and images', () => {
    const out = html(
      '![x](/objects/1.jpg)\n\n_<script>alert(1)</script> [click](javascript:alert(1)) ![p](javascript:x)_',
    );
    expect(out).toContain('<figcaption>&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).not.toMatch(/<script|href="javascript|src="javascript/i);
  });

  it('draws a link alone in its paragraph to a known service as a card that loads nothing from it', () => {
    const out = html('[The talk](https://youtu.be/nwe-H6l4beM)\n\n<https://player.vimeo.com/video/22439234>');
    expect(out).toContain(
      '<figure class="embed-card"><a class="embed-card-link" href="https://www.youtube.com/watch?v=nwe-H6l4beM" rel="noopener nofollow ugc"><span class="embed-card-provider">YouTube</span><span class="embed-card-title">The talk</span>',
    );
    expect(out).toContain(
      '<span class="embed-card-title">Watch on Vimeo</span><span class="embed-card-url">vimeo.com/22439234</span>',
    );
    expect(out).not.toMatch(/<iframe|<script|<img/);
  });

  it('knows each service by its post and player addresses, and nothing else', () => {
    const cases: [string, string | null][] = [
      ['https://www.youtube.com/embed/nwe-H6l4beM?rel=0', 'https://www.youtube.com/watch?v=nwe-H6l4beM'],
      [
        'https://twitter.com/WordPress/status/1217157389543378946',
        'https://x.com/WordPress/status/1217157389543378946',
      ],
      ['https://www.instagram.com/reel/CxYz/', 'https://www.instagram.com/reel/CxYz/'],
      ['https://bsky.app/profile/a.bsky.social/post/3kx', 'https://bsky.app/profile/a.bsky.social/post/3kx'],
      ['https://mastodon.social/@Gargron/1093456789/embed', 'https://mastodon.social/@Gargron/1093456789'],
      [
        'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
        'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      ],
      [
        'https://embed.music.apple.com/us/album/abbey-road/1441164426',
        'https://music.apple.com/us/album/abbey-road/1441164426',
      ],
      ['javascript:alert(1)//https://www.youtube.com/watch?v=nwe-H6l4beM', null],
      ['https://user:pass@www.youtube.com/watch?v=nwe-H6l4beM', null],
      ['https://www.youtube.com.evil.example/watch?v=nwe-H6l4beM', null],
      ['https://evil.example/frame.html', null],
      ['data:text/html,<script>alert(1)</script>', null],
    ];
    for (const [address, page] of cases) expect(embedOf(address)?.url ?? null, address).toBe(page);
  });

  it('a hostile link is never a card: an unsafe scheme stays text, a title is escaped', () => {
    expect(html('[x](javascript:alert(1)//youtu.be/nwe-H6l4beM)')).not.toMatch(/embed-card|href="javascript/);
    const out = html('[<img src=x onerror=alert(1)>"](https://youtu.be/nwe-H6l4beM)');
    expect(out).toContain('<span class="embed-card-title">&lt;img src=x onerror=alert(1)&gt;&quot;</span>');
    expect(out).not.toContain('<img');
    // A link among words stays a link.
    expect(html('See [the talk](https://youtu.be/nwe-H6l4beM) first.')).not.toContain('embed-card');
  });

  it('draws definition lists, reversed and numbered lists, tables and code with its language', () => {
    expect(html('Term\n: One\n: *Two*\nOther\n: Three')).toBe(
      '<dl>\n<dt>Term</dt>\n<dd>One</dd>\n<dd><em>Two</em></dd>\n<dt>Other</dt>\n<dd>Three</dd>\n</dl>\n',
    );
    expect(html('3. c\n2. b\n1. a')).toContain('<ol start="3" reversed="">');
    expect(html('7. g\n8. h')).toContain('<ol start="7">\n');
    expect(html('7. g\n8. h')).not.toContain('reversed');
    expect(html('| a | b |\n| --- | --- |\n| 1 | 2 |')).toContain('<td>2</td>');
    expect(html('```php\necho 1;\n```')).toContain('<pre><code class="language-php">echo 1;');
    expect(html('A line\n: not after a blank line is a definition')).toContain('<dt>A line</dt>');
  });

  it('the opening prose of a text: paragraphs up to the first heading after them, nothing else run in', () => {
    expect(renderLeadText('## Heading\n\nFirst. Second.\n\n- a list\n\nThird.\n\n## Next\n\nLater.', 'markdown')).toBe(
      'First. Second.\nThird.',
    );
  });
});
