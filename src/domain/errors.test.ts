import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeValidationIssues } from './errors.js';

describe('describeValidationIssues', () => {
  it('joins each distinct message once', () => {
    const schema = z.object({
      a: z.string('Field is required'),
      b: z.string('Field is required'),
      c: z.number('C must be a number'),
    });
    const issues = schema.safeParse({}).error?.issues ?? [];
    expect(describeValidationIssues(issues)).toBe('Field is required. C must be a number');
  });

  it('has a fallback for no issues', () => {
    expect(describeValidationIssues([])).toBe('Invalid input');
  });
});
