// Types of list-attack.mjs, for the TypeScript callers (the load test).

export declare const ATTACK_BATCH_CALLS: number;
export declare const MOST_CALLS_SERVED: number;

export type BatchAnswer = { status: number; bytes: number; error?: string };
export type ProbeAnswer = { status: number; ms: number; error?: string };

export declare function seedPosts(dataDir: string, count: number, options?: { words?: number }): void;
export declare function memoryOf(pid: number): { rss: number; peak: number } | null;
export declare function attackUrl(baseUrl: string, calls?: number, input?: unknown): string;
export declare function spreadAttackUrl(
  baseUrl: string,
  postCount: number,
  calls?: number,
  limit?: number,
): () => string;
export declare function burst(baseUrl: string, count?: number, calls?: number): Promise<BatchAnswer[]>;
export declare function sustained(
  baseUrl: string,
  pid: number,
  options: {
    seconds?: number;
    addresses?: number;
    probe?: string;
    probeEveryMs?: number;
    url?: string | (() => string);
  },
): Promise<{ batches: BatchAnswer[]; probes: ProbeAnswer[]; peakRss: number }>;
export declare function countStatuses(answers: ReadonlyArray<{ status: number }>): Record<string, number>;
