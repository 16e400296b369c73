export function findPostgresBin(): string | null;
export function startTestCluster(): Promise<{ url: string; dir: string }>;
export function stopTestCluster(dir: string): void;
