// Types of cluster-processes.mjs, for the TypeScript callers (the browser project's tests).

export declare function workerPids(primaryPid: number): number[];
export declare function runsJobs(pid: number): boolean;
export declare function isAlive(pid: number): boolean;
