// Types of production-server.mjs, for the TypeScript callers (the browser tests' fixture).

export declare const root: string;
export declare const serverEntry: string;

export declare function ensureBuild(options?: { force?: boolean }): void;

export type ProductionServer = {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  port: number;
  pid: number;
  /** The server's DATA_DIR (the temporary one, or env.DATA_DIR when given). */
  dataDir: string;
  /** ADMIN_PASSWORD the database was created with (env.ADMIN_PASSWORD or the default). */
  adminPassword: string;
  /** Milliseconds from spawning the process to the first answer of /healthz. */
  startupMs: number;
  /** The last 20,000 characters the server wrote to stdout and stderr. */
  log: () => string;
  /** SIGTERM, then removes the temporary data folder (never a DATA_DIR passed in env). */
  stop: () => Promise<void>;
};

export type StartOptions = {
  /** A compiled entry other than the production server's (the benchmark's). */
  entry?: string;
  /** Prefix of the temporary data folder's name (default "site-"). */
  dataDirPrefix?: string;
  /** Receives the server's stdout and stderr as they come. */
  onOutput?: (chunk: Buffer) => void;
  /** Flags for node instead of those `npm start` gives it. */
  nodeFlags?: string[];
};

export declare function startProductionServer(
  env?: Record<string, string>,
  options?: StartOptions,
): Promise<ProductionServer>;

/** A book readers can preorder (not out yet) and a format it offers. */
export declare function preorderableBook(baseUrl: string): Promise<{ bookId: string; format: string }>;
