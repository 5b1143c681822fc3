import '../../test/frame-resources.ts';
import type { AuditEntry } from '@bh/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { ValueChanges } from './value-changes.tsx';

beforeAll(async () => {
  await initI18n().changeLanguage('en');
});
afterEach(cleanup);

describe('the changes of an audit entry', () => {
  it('label fields for people and name modes and statuses', () => {
    const entry: Pick<AuditEntry, 'oldValues' | 'newValues'> = {
      oldValues: { passportNo: 'B1234567', mode: 'normal', status: 'declared', version: 2 },
      newValues: { passportNo: 'B7654321', mode: 'emergency', status: 'quarantine', version: 3 },
    };
    render(<ValueChanges entry={entry} />);
    const text = screen.getByTestId('audit-changes').textContent ?? '';
    expect(text).toContain('Passport number');
    expect(text).toContain('NormalEmergency');
    expect(text).toContain('DeclaredQuarantine');
    expect(text).not.toMatch(/passportNo|version/);
  });
});
