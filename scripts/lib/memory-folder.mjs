import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * Where a test's throwaway folder goes when what it writes dies with it: memory (/dev/shm) where the machine has
 * it, else the system's temporary folder. On this machine's disk (ext4 mounted with `discard`) writing and removing
 * many files costs the kernel's time and makes the other tests' writes wait: the PostgreSQL test cluster's 208
 * databases took 37 % of the CPU in the kernel (docs/operations.md, "Test time").
 */
export function memoryFolder() {
  try {
    accessSync('/dev/shm', constants.W_OK | constants.X_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}
