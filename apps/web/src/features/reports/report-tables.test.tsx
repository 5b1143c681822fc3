import '../../test/frame-resources.ts';
import { type Report, reportSchema } from '@bh/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { ReportTables } from './report-tables.tsx';

afterEach(cleanup);

const report: Report = reportSchema.parse({
  period: { kind: 'daily', from: '2026-02-01', to: '2026-02-01', timeZone: 'Asia/Ho_Chi_Minh' },
  arrivals: 3,
  declarations: 2,
  byRiskLevel: { low: 1, medium: 0, high: 1 },
  byStatus: [{ status: 'pending', count: 3 }],
  byNationality: [
    { nationality: 'JP', count: 2 },
    { nationality: 'US', count: 1 },
  ],
  quarantine: { started: 0, active: 0, released: 0, referred: 0, overdue: 0 },
  series: [{ date: '2026-02-01', arrivals: 3, declarations: 2, highRisk: 1 }],
  generatedAt: '2026-02-01T10:00:00.000Z',
});

describe('report tables', () => {
  it('name countries in the app language, not by code', async () => {
    await initI18n().changeLanguage('vi');
    render(<ReportTables report={report} statusLabel={(s) => s} />);
    const table = screen.getByTestId('table-nationality');
    expect(within(table).getByText('Nhật Bản')).toBeTruthy();
    expect(within(table).getByText('Hoa Kỳ')).toBeTruthy();
    expect(within(table).queryByText('JP')).toBeNull();
    cleanup();
    await initI18n().changeLanguage('ja');
    render(<ReportTables report={report} statusLabel={(s) => s} />);
    expect(within(screen.getByTestId('table-nationality')).getByText('日本')).toBeTruthy();
  });
});
