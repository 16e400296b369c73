/**
 * A start that cannot succeed for a reason the operator can fix. Its message is one line: the
 * path, the problem and the fix; main.ts prints it without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** What a file-system error code means, in words. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENOTDIR':
      return 'part of the path is a file, not a folder';
    case 'ENOENT':
      return 'no such folder can be made there';
    default:
      return (error as Error | null)?.message ?? String(error);
  }
}
