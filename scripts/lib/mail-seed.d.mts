// Types of mail-seed.mjs, for the TypeScript callers (the mail queue's crash test).

export type SendFigures = {
  total: number;
  sent: number;
  failed: number;
  remaining: number;
  uncertain: number;
  skipped: number;
};

export declare function seedSubscribers(dataDir: string, count: number, prefix?: string): void;

export declare function sendIssue(
  baseUrl: string,
  adminPassword: string,
  issue: { subject: string; body: string },
): Promise<{ id: string; count: number }>;

export declare function issueFigures(baseUrl: string, adminPassword: string, id: string): Promise<SendFigures>;
