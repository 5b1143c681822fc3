import { describe, expect, it } from 'vitest';
import { serialRuns } from './serial-runs.ts';

describe('serialRuns', () => {
  it('runs once more after the current run for requests made during it, with the latest reason', async () => {
    const reasons: string[] = [];
    let release: () => void = () => {};
    const run = serialRuns(async (reason) => {
      reasons.push(reason);
      if (reasons.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = run('start-up');
    void run('import');
    void run('local-write');
    expect(reasons).toEqual(['start-up']);
    release();
    await first;
    expect(reasons).toEqual(['start-up', 'local-write']);
  });

  it('a request after a run has finished starts its own run', async () => {
    const reasons: string[] = [];
    const run = serialRuns(async (reason) => {
      reasons.push(reason);
    });
    await run('a');
    await run('b');
    expect(reasons).toEqual(['a', 'b']);
  });

  it('a failed run still lets the queued request run', async () => {
    const reasons: string[] = [];
    let fail: (err: Error) => void = () => {};
    const run = serialRuns(async (reason) => {
      reasons.push(reason);
      if (reason === 'first') await new Promise<void>((_, reject) => (fail = reject));
    });
    const first = run('first');
    void run('second');
    fail(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reasons).toEqual(['first', 'second']);
  });
});
