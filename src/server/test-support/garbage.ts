/** Bodies and values no client should send; every one must get a 4xx, never a 500. */

const deeplyNested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { next: value };
  return value;
};

/** Whole request bodies of the wrong shape, as JSON texts (valid JSON, wrong for every endpoint). */
export const WRONG_SHAPE_JSON_TEXTS: string[] = [
  ...[
    [],
    [1, 2, 3],
    [{ title: 'in an array' }],
    null,
    0,
    -1,
    123.45,
    true,
    false,
    'a string',
    '',
    {},
    { unexpected: 'field' },
    deeplyNested(500),
    { '': '' },
  ].map((value) => JSON.stringify(value)),
  '['.repeat(5_000) + ']'.repeat(5_000),
];

/** JSON texts refused while parsing: malformed, or carrying prototype-pollution keys. */
export const UNPARSABLE_JSON_TEXTS: string[] = [
  '{',
  '{"title": ',
  "{'title': 'single quotes'}",
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  '{"title": "x", "__proto__": {"polluted": "yes"}}',
  '{"nested": {"__proto__": {"polluted": "yes"}}}',
];

const HUGE = 'x'.repeat(300_000);

/** Values of the wrong type for a field whose valid value is `valid`. */
export function wrongValuesFor(valid: unknown): unknown[] {
  const objects = [
    {},
    { nested: { deeper: [1, 2, { deepest: true }] } },
    { toString: 'x' },
    { '💀': '\u202e☠\ud800' },
    JSON.parse('{"__proto__": {"polluted": 1}}'),
  ];
  if (typeof valid === 'string') return [0, 1.5, -1, true, false, [], ['💀'], ...objects, HUGE];
  if (typeof valid === 'number') return ['1', '', 'abc', true, 1.5, [], [1], ...objects, null, HUGE];
  if (Array.isArray(valid)) return ['text', 0, true, null, [1], [null], ['text'], [[]], ...objects];
  return ['text', 0, true, [], ...objects];
}
