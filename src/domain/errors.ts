import type { z } from 'zod';

/** One human-readable sentence from a zod error: each distinct message once. */
export function describeValidationIssues(issues: readonly z.core.$ZodIssue[]): string {
  const messages = [...new Set(issues.map((issue) => issue.message))];
  return messages.length > 0 ? messages.join('. ') : 'Invalid input';
}
