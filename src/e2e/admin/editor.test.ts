import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { expectToast, logIn, openTab, passwordBox, storedKey } from './admin-helpers.js';

type StoredPost = { id: string; title: string; content: string };

/** The Markdown editor of the blog and excerpt forms: writing, images, preview, keyboard use, and local drafts. */
describe('admin: the Markdown editor', () => {
  const site = useBrowserSite();
  let page: Page;
  let sealPng: string;
  let notesTxt: string;

  beforeAll(async () => {
    page = site.page;
    sealPng = path.join(tmpdir(), `editor-e2e-seal-${process.pid}.png`);
    notesTxt = path.join(tmpdir(), `editor-e2e-notes-${process.pid}.txt`);
    const seal = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#a8321c' } })
      .png()
      .toBuffer();
    await writeFile(sealPng, seal);
    await writeFile(notesTxt, 'not an image\n');
    await logIn(page, site);
  });
  afterAll(async () => {
    await Promise.all([rm(sealPng, { force: true }), rm(notesTxt, { force: true })]);
  });

  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const content = () => box('Content');
  const toolbar = () => page.getByRole('toolbar', { name: 'Formatting' });
  const tool = (name: string) => toolbar().getByRole('button', { name, exact: true });
  const previewPanel = () => page.getByRole('tabpanel', { name: 'Preview' });

  async function existingImageUrl(): Promise<string> {
    const books = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as { coverImage: string }[];
    return `${site.baseUrl}${books[0]!.coverImage}`;
  }

  async function focusedName(): Promise<string> {
    return page.evaluate(() => {
      const element = document.activeElement;
      if (!element) return '';
      if (element instanceof HTMLTextAreaElement)
        return `textarea:${(element.labels?.[0]?.textContent ?? '').replace(/[\s*]+$/, '')}`;
      return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}:${element.getAttribute('aria-label') ?? element.textContent ?? ''}`;
    });
  }

  async function draftKeys(): Promise<string[]> {
    return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('admin-draft:')));
  }

  async function selectText(field: Locator, text: string): Promise<void> {
    await field.evaluate((element: HTMLTextAreaElement, wanted) => {
      const start = element.value.indexOf(wanted);
      element.focus();
      element.setSelectionRange(start, start + wanted.length);
    }, text);
  }

  it('writes a post with shortcuts and the toolbar: italics, a link and an image with required alt text', async () => {
    await openTab(page, 'Blog');
    await button('Add Blog Post').click();
    await page.getByRole('heading', { name: 'Write a blog post' }).waitFor();

    await content().click();
    await page.keyboard.type('The bells of Vesperhold rang ');
    await page.keyboard.press('Control+I'); // *italic text*, the placeholder selected
    await page.keyboard.type('for no one');
    await page.keyboard.press('End');
    await page.keyboard.type(' that night. Read the ledger');
    await selectText(content(), 'the ledger');
    await page.keyboard.press('Control+K'); // [the ledger](https://), the address selected
    await page.keyboard.type('https://example.com/ledger');
    await page.keyboard.press('End');
    await page.keyboard.type('.');
    await selectText(content(), 'Vesperhold');
    await tool('Bold').click();
    await page.keyboard.press('End');
    expect(await content().inputValue()).toBe(
      'The bells of **Vesperhold** rang *for no one* that night. Read [the ledger](https://example.com/ledger).',
    );
    // One Undo takes back the last formatting, as the browser's own editing does.
    await page.keyboard.press('Control+Z');
    expect(await content().inputValue()).toContain('The bells of Vesperhold rang');
    await page.keyboard.press('Control+Shift+Z');
    expect(await content().inputValue()).toContain('**Vesperhold**');
    await page.keyboard.press('End');

    // A file that is not an image is refused before anything is sent.
    await page.getByLabel('Upload an image into content').setInputFiles(notesTxt);
    await expectToast(page, 'Invalid file type', 'Please select an image file');

    // The Image button: pick a file, it uploads with its progress, alt text is required.
    const chooserOpened = page.waitForEvent('filechooser');
    await tool('Image').hover();
    await tool('Image').click();
    const chooser = await chooserOpened;
    await chooser.setFiles(sealPng);
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await dialog.getByText('Uploaded', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.getByText('Alt text is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Alt text' }).fill('   ');
    await dialog.getByRole('textbox', { name: 'Alt text' }).press('Enter');
    await dialog.getByText('Alt text is required').waitFor();
    expect(await page.getByRole('heading', { name: 'Write a blog post' }).count()).toBe(1); // the post was not submitted
    await dialog.getByRole('textbox', { name: 'Alt text' }).fill('A red wax seal');
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedName()).toBe('textarea:Content');
    await page.keyboard.type('Morning came grey.');

    const written = await content().inputValue();
    expect(written).toMatch(
      /^The bells of \*\*Vesperhold\*\* rang \*for no one\* that night\. Read \[the ledger\]\(https:\/\/example\.com\/ledger\)\.\n\n!\[A red wax seal\]\(\/objects\/[0-9a-f]{32}\.png\)\n\nMorning came grey\.$/,
    );
    await page.getByText('16 words · 1 min read', { exact: true }).waitFor();

    // The preview: the server's rendering, in the public reading styles.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = previewPanel();
    await preview.locator('em', { hasText: 'for no one' }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('Vesperhold');
    const link = preview.getByRole('link', { name: 'the ledger' });
    expect(await link.getAttribute('href')).toBe('https://example.com/ledger');
    expect(await link.getAttribute('rel')).toContain('nofollow');
    const image = preview.getByRole('img', { name: 'A red wax seal' });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await toolbar().count()).toBe(0); // formatting is for the text, not the preview
    await page.getByRole('tab', { name: 'Write' }).click();
    await toolbar().waitFor();

    await box('Title').fill('The Ledger of Vesperhold');
    await box('Summary').fill('What the bells were for.');
    await box('Cover image').fill(await existingImageUrl());
    await expect.poll(draftKeys).toEqual(['admin-draft:blog:new']);
    await page.getByRole('radio', { name: 'Published' }).check();
    await button('Publish post').click();
    await expectToast(page, 'Success', 'Blog post created successfully');
    // Saved: the local draft is gone, so nothing is offered the next time.
    await expect.poll(draftKeys).toEqual([]);

    // Stored exactly as written (Markdown), through the public API.
    const posts = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as StoredPost[];
    const stored = posts.find((post) => post.title === 'The Ledger of Vesperhold');
    expect(stored?.content).toBe(written);
    const imagePath = /\/objects\/[0-9a-f]{32}\.png/.exec(written)![0];
    const served = await fetch(`${site.baseUrl}${imagePath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    const visitor = await site.context.newPage();
    await visitor.goto(`${site.baseUrl}/blog/${stored!.id}`);
    await visitor.getByRole('heading', { level: 1, name: 'The Ledger of Vesperhold' }).waitFor();
    await visitor.close();
  });

  it('works by keyboard alone: one Tab stop for the toolbar, arrows between its buttons, Enter applies', async () => {
    await button('Add Blog Post').click();
    await content().focus();
    await page.keyboard.type('Chapter one');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toBe('button:Bold');
    await page.getByRole('tooltip', { name: 'Bold (Ctrl+B)' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName()).toBe('button:Heading');
    await page.keyboard.press('Enter');
    expect(await focusedName()).toBe('textarea:Content');
    expect(await content().inputValue()).toBe('## Chapter one');

    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The bell had no tongue.');
    // The toolbar remembers its place: back on Heading; End reaches the last button, Left the one before.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toBe('button:Heading');
    await page.keyboard.press('End');
    expect(await focusedName()).toBe('button:Image');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName()).toBe('button:Footnote');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Cast without one, by design.');
    expect(await content().inputValue()).toBe(
      '## Chapter one\n\nThe bell had no tongue.[^1]\n\n[^1]: Cast without one, by design.',
    );

    // A scene break before the footnote's paragraph, with Space this time.
    await selectText(content(), 'The bell');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName()).toBe('button:Scene break');
    await page.keyboard.press('Space');
    expect(await content().inputValue()).toBe(
      '## Chapter one\n\n***\n\nThe bell had no tongue.[^1]\n\n[^1]: Cast without one, by design.',
    );

    // Tab from the text leaves the editor (no tab trap); the Write/Preview tabs take arrows.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toBe('tab:Write');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName()).toBe('tab:Preview');
    await page.getByRole('tab', { name: 'Preview', selected: true }).waitFor();
    const preview = previewPanel();
    await preview.getByRole('heading', { level: 2, name: 'Chapter one' }).waitFor();
    expect(await preview.locator('hr').count()).toBeGreaterThan(0);
    expect(await preview.locator('.footnotes li').textContent()).toContain('Cast without one, by design.');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tab', { name: 'Write', selected: true }).waitFor();

    await button('Cancel').click();
    await page.getByRole('list', { name: 'Blog posts' }).waitFor();
    // Cancel keeps what was typed in this browser: the next new post offers it.
    expect(await draftKeys()).toEqual(['admin-draft:blog:new']);
    await button('Add Blog Post').click();
    await page.getByRole('region', { name: 'Restore unsaved changes?' }).waitFor();
    await button('Discard').click();
    await page.getByRole('region', { name: 'Restore unsaved changes?' }).waitFor({ state: 'detached' });
    expect(await content().inputValue()).toBe('');
    expect(await draftKeys()).toEqual([]);
    await button('Cancel').click();
  });

  it('autosave: a reload loses nothing; "Restore unsaved changes?" brings the values back', async () => {
    await openTab(page, 'Excerpts');
    const editButton = page.getByRole('button', { name: /^Edit / }).first();
    const excerptTitle = ((await editButton.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
    await editButton.click();
    const originalContent = await content().inputValue();
    await box('Title').fill(`${excerptTitle} (revised)`);
    await content().focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n\nA line written just before the tab closed.');
    // No pause for the autosave: leaving the page writes what is pending.
    await page.reload();
    await page.getByRole('tab', { name: 'Excerpts', selected: true }).waitFor();
    await button(`Edit ${excerptTitle}`).click();
    const prompt = page.getByRole('region', { name: 'Restore unsaved changes?' });
    await prompt.waitFor();
    expect(await box('Title').inputValue()).toBe(excerptTitle);
    await prompt.getByRole('button', { name: 'Restore' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await box('Title').inputValue()).toBe(`${excerptTitle} (revised)`);
    expect(await content().inputValue()).toBe(`${originalContent}\n\nA line written just before the tab closed.`);

    // A new post's draft is kept apart from this excerpt's, and survives a reload after a pause in typing.
    await button('Cancel').click();
    await openTab(page, 'Blog');
    await button('Add Blog Post').click();
    await box('Title').fill('Written on a train');
    await content().fill('The *tunnel* went on.');
    await expect.poll(draftKeys, { timeout: 5_000 }).toContain('admin-draft:blog:new');
    await page.reload();
    await page.getByRole('tab', { name: 'Blog', selected: true }).waitFor();
    await button('Add Blog Post').click();
    await page
      .getByRole('region', { name: 'Restore unsaved changes?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    expect(await box('Title').inputValue()).toBe('Written on a train');
    expect(await content().inputValue()).toBe('The *tunnel* went on.');
    await page.getByText('4 words · 1 min read', { exact: true }).waitFor();

    // Saving the excerpt clears its draft; the new post's stays until it is saved or discarded.
    await button('Cancel').click();
    await openTab(page, 'Excerpts');
    await button(`Edit ${excerptTitle}`).click();
    await page
      .getByRole('region', { name: 'Restore unsaved changes?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await button('Save changes').click();
    await expectToast(page, 'Success', 'Excerpt updated successfully');
    await expect.poll(draftKeys).toEqual(['admin-draft:blog:new']);
    await button(`Edit ${excerptTitle} (revised)`).click();
    expect(await page.getByRole('region', { name: 'Restore unsaved changes?' }).count()).toBe(0);
    await button('Cancel').click();
  });

  it("an expired session loses nothing: the preview's 401 ends it, and the draft is offered after logging in again", async () => {
    await openTab(page, 'Blog');
    await button('Add Blog Post').click();
    // The earlier new-post draft is offered; the author starts a new text without answering.
    await page.getByRole('region', { name: 'Restore unsaved changes?' }).waitFor();
    await box('Title').fill('Written as the session ran out');
    await content().fill('The *last* line before the lights went out.');
    // Another tab logs out: this session's token is revoked on the server.
    const token = (await storedKey(page))!;
    const logout = await fetch(`${site.baseUrl}/api/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expectToast(page, 'Session expired', 'Please log in again.');
    await passwordBox(page).waitFor();
    expect(await draftKeys()).toEqual(['admin-draft:blog:new']);

    // The newest writing is what was kept.
    await logIn(page, site);
    await openTab(page, 'Blog');
    await button('Add Blog Post').click();
    await page
      .getByRole('region', { name: 'Restore unsaved changes?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    expect(await box('Title').inputValue()).toBe('Written as the session ran out');
    expect(await content().inputValue()).toBe('The *last* line before the lights went out.');
    await button('Cancel').click();
    await page.evaluate(() => localStorage.removeItem('admin-draft:blog:new'));
  });

  it("takes images dropped or pasted into the text; a damaged file shows the server's refusal in the dialog", async () => {
    const pngBase64 = (
      await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a2420' } })
        .png()
        .toBuffer()
    ).toString('base64');
    await openTab(page, 'Blog');
    await button('Add Blog Post').click();
    await content().fill('Above the image.');

    /** Sends a file to the textarea as a drop or a paste would, from the page itself. */
    const send = (kind: 'drop' | 'paste', name: string, base64: string) =>
      content().evaluate(
        (element, [eventKind, fileName, data]) => {
          const bytes = Uint8Array.from(atob(data!), (char) => char.charCodeAt(0));
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], fileName!, { type: 'image/png' }));
          const event =
            eventKind === 'drop'
              ? new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true })
              : new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
          element.dispatchEvent(event);
        },
        [kind, name, base64] as const,
      );

    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    const altText = dialog.getByRole('textbox', { name: 'Alt text' });
    await content().evaluate((element: HTMLTextAreaElement) =>
      element.setSelectionRange(element.value.length, element.value.length),
    );
    await send('drop', 'dropped.png', pngBase64);
    await dialog.getByText('dropped.png').waitFor();
    await dialog.getByText('Uploaded', { exact: true }).waitFor();
    await altText.fill('A dropped image');
    await altText.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    await send('paste', 'image.png', pngBase64);
    await dialog.getByText('Uploaded', { exact: true }).waitFor();
    await altText.fill('A pasted image');
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await content().inputValue()).toMatch(
      /^Above the image\.\n\n!\[A dropped image\]\(\/objects\/[0-9a-f]{32}\.png\)\n\n!\[A pasted image\]\(\/objects\/[0-9a-f]{32}\.png\)\n\n$/,
    );

    // PNG bytes cut short: the server refuses it, the dialog says why, and nothing can be inserted.
    await send('drop', 'broken.png', pngBase64.slice(0, 40));
    await dialog.getByRole('alert').getByText('Upload failed').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/damaged|not a supported image|could not be read/i);
    expect(await dialog.getByRole('button', { name: 'Insert image' }).isDisabled()).toBe(true);
    const before = await content().inputValue();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await content().inputValue()).toBe(before);

    await button('Cancel').click();
    await page.evaluate(() => localStorage.removeItem('admin-draft:blog:new'));
    expect(site.problems.filter((problem) => !/status of (400|401)/.test(problem))).toEqual([]);
  });
});
