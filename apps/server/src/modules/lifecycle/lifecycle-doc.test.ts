/** docs/lifecycle.md shows the shared transition table exactly (the one source is the code). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STATUS_TRANSITIONS } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../paths.ts';

describe('docs/lifecycle.md', () => {
  it('lists the transitions of STATUS_TRANSITIONS, in order', () => {
    const doc = readFileSync(path.join(repoRoot, 'docs', 'lifecycle.md'), 'utf8');
    const section = doc.split('## Transitions')[1]?.split('\n## ')[0] ?? '';
    const rows = section
      .split('\n')
      .filter((line) => /^\|\s*[a-z]+\s*\|\s*[a-z]+\s*\|\s*[a-z]+\s*\|$/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, 4)
          .map((cell) => cell.trim())
          .join('>'),
      );
    expect(rows).toEqual(STATUS_TRANSITIONS.map((t) => `${t.from}>${t.to}>${t.by}`));
  });
});
