/** CSV as spreadsheets read it (RFC 4180), shared by the server's exports and the admin's downloads. */

export type CsvCell = string | number | boolean | Date | null | undefined;

/** One column: its header and how a row gives its cell. */
export type CsvColumn<T> = { header: string; value: (row: T) => CsvCell };

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A fediverse handle (`@user@server.example:8080`): letters, digits, `_ . -` and one `@` inside. It starts with `@`
 * but cannot hold a formula (no parentheses, no `!` or `|`), so it is written as it is (the followers' CSV).
 */
const FEDIVERSE_HANDLE = /^@[a-z0-9_.-]{1,100}@[a-z0-9.-]{1,253}(?::\d{1,5})?$/i;

/** Text of one cell: ISO dates, true/false, empty for missing values, formulas defused. */
export function csvCellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return typeof value === 'string' && FORMULA_TRIGGERS.has(text.charAt(0)) && !FEDIVERSE_HANDLE.test(text)
    ? `'${text}`
    : text;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: header row, one row per item, CRLF line breaks (RFC 4180). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return columns.map((column) => csvField(column.header)).join(',') + '\r\n' + toCsvRows(columns, rows);
}

/** The rows alone (each ending CRLF), for a document written a part at a time. */
export function toCsvRows<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  let text = '';
  for (const row of rows) text += columns.map((column) => csvField(csvCellText(column.value(row)))).join(',') + '\r\n';
  return text;
}
