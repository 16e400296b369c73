/**
 * A Markdown file with YAML front matter. Every value is written as JSON, which YAML reads as the same value,
 * so no quoting rule of YAML can be got wrong.
 */
export function markdownWithFrontMatter(
  fields: Record<string, string | number | boolean | null>,
  body: string,
): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---\n\n${body.trimEnd()}\n`;
}
