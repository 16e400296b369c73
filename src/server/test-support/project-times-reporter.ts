import type { Reporter, TestModule } from 'vitest/node';

type ProjectTimes = { files: number; firstStart: number; lastEnd: number; fileSeconds: number };

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/**
 * Beside the default reporter: at the end of a run, each project's span (from its first file's start
 * to its last file's end, counted from Vitest's start, global setups included) and its files' summed durations, so the
 * per-project times issue 36 compares are in every run's output, CI's included.
 */
export default class ProjectTimesReporter implements Reporter {
  private runStart = performance.now();
  private readonly started = new Map<string, number>();
  private readonly projects = new Map<string, ProjectTimes>();

  /** Vitest's start, before the global setups (the SQLite and PostgreSQL templates, the browser sites). */
  onInit(): void {
    this.runStart = performance.now();
  }

  onTestModuleStart(testModule: TestModule): void {
    this.started.set(testModule.moduleId + testModule.project.name, performance.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    const now = performance.now();
    const start = this.started.get(testModule.moduleId + testModule.project.name) ?? now;
    const name = testModule.project.name;
    const times = this.projects.get(name) ?? { files: 0, firstStart: start, lastEnd: now, fileSeconds: 0 };
    times.files += 1;
    times.firstStart = Math.min(times.firstStart, start);
    times.lastEnd = Math.max(times.lastEnd, now);
    times.fileSeconds += testModule.diagnostic().duration;
    this.projects.set(name, times);
  }

  onTestRunEnd(): void {
    if (this.projects.size === 0) return;
    const lines = [...this.projects].map(([name, t]) => {
      const span = `${seconds(t.firstStart - this.runStart)} → ${seconds(t.lastEnd - this.runStart)}`;
      return `  ${name.padEnd(8)} ${String(t.files).padStart(4)} files  ${span.padEnd(16)} (${seconds(t.lastEnd - t.firstStart)}), file time summed ${seconds(t.fileSeconds)}`;
    });
    console.log(
      `\nProject times (from Vitest's start; a project's span, then its files' durations added up):\n${lines.join('\n')}`,
    );
  }
}
