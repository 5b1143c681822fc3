import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

const MB5 = 5 * 1024 * 1024;
const pdfBytes = (size: number) => {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};

async function openForm(page: Page, over: Record<string, string> = {}) {
  const id = randomUUID();
  const q = new URLSearchParams({
    travelerId: id,
    fullName: 'Nguyễn Văn A',
    passportNo: 'B1234567',
    ...over,
  });
  await page.goto(`/health-declaration/${id}?${q.toString()}`);
  await expect(page.getByTestId('declaration-form')).toBeVisible();
  return id;
}

/** Opens the form, fills the health answers, ticks the commitment and submits. */
async function submitDeclaration(
  page: Page,
  a: { phone: string; temperature: string; vaccination: string; zones?: string[] },
) {
  await openForm(page);
  const form = page.getByTestId('declaration-form');
  await form.locator('input[name="phone"]').fill(a.phone);
  await form.locator('input[name="bodyTemperature"]').fill(a.temperature);
  await form.locator('select[name="vaccinationStatus"]').selectOption(a.vaccination);
  for (const zone of a.zones ?? []) await form.locator(`input[name="zone-${zone}"]`).check();
  await form.locator('input[name="commitment"]').check();
  await form.getByRole('button', { name: 'Nộp khai báo' }).click();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('app-locale', 'vi'));
  await loginAs(page, 'officer');
});

test('prefills from the route and query, and shows every rule with the spec messages', async ({ page }) => {
  await openForm(page);
  const form = page.getByTestId('declaration-form');
  await expect(form.locator('input[name="fullName"]')).toHaveValue('Nguyễn Văn A');
  await expect(form.locator('input[name="passportNumber"]')).toHaveValue('B1234567');
  // Contact history follows the mode (pandemic by default).
  await expect(page.getByTestId('section-contact')).toBeVisible();
  await expect(form.locator('select[name="vaccinationStatus"] option')).toHaveCount(5);
  // A text field with the decimal keypad: "37,8" (vi) and "37.8" are both read.
  await expect(form.locator('input[name="bodyTemperature"]')).toHaveAttribute('inputmode', 'decimal');

  await form.locator('input[name="fullName"]').fill('');
  await form.locator('input[name="passportNumber"]').fill('');
  await form.getByRole('button', { name: 'Nộp khai báo' }).click();
  for (const text of [
    'Họ và tên là bắt buộc',
    'Số hộ chiếu là bắt buộc',
    'Số điện thoại là bắt buộc',
    'Vui lòng chọn mức độ tiêm chủng',
  ]) {
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('commitment-alert')).toHaveText(
    'Bạn cần cam kết về tính chính xác của thông tin',
  );

  await form.locator('input[name="phone"]').fill('12ab');
  await form.locator('input[name="email"]').fill('not-an-email');
  await form.locator('input[name="bodyTemperature"]').fill('45.5');
  await expect(form.getByText('Số điện thoại không hợp lệ', { exact: true })).toBeVisible();
  await expect(form.getByText('Email không hợp lệ', { exact: true })).toBeVisible();
  await expect(form.getByText('Nhiệt độ cơ thể phải từ 35°C đến 45°C', { exact: true })).toBeVisible();
  await form.locator('input[name="bodyTemperature"]').fill('34.9');
  await expect(form.getByText('Nhiệt độ cơ thể phải từ 35°C đến 45°C', { exact: true })).toBeVisible();
  await form.locator('input[name="bodyTemperature"]').fill('37,8');
  await expect(form.getByText('Nhiệt độ cơ thể phải từ 35°C đến 45°C', { exact: true })).toBeHidden();
  await expect(form.getByText('Vui lòng nhập nhiệt độ cơ thể', { exact: true })).toBeHidden();

  // Reset brings the prefilled form back.
  await form.getByRole('button', { name: 'Nhập lại' }).click();
  await expect(form.locator('input[name="fullName"]')).toHaveValue('Nguyễn Văn A');
  await expect(form.locator('input[name="phone"]')).toHaveValue('');
  await expect(page.getByTestId('commitment-alert')).toHaveCount(0);
});

test('a high-risk submission shows its result message, then entry management', async ({ page }) => {
  await submitDeclaration(page, {
    phone: '0912345678',
    temperature: '38.2',
    vaccination: 'unvaccinated',
    zones: ['wuhan'],
  });
  const result = page.getByTestId('declaration-result');
  await expect(result).toHaveAttribute('data-level', 'high');
  await expect(result).toHaveText(
    'Khai báo thành công. Bạn cần được kiểm tra y tế kỹ lưỡng trước khi nhập cảnh.',
  );
  // The result leads with what the officer reads and does (issue 35): level and score, the
  // factors, the next step; the spec's message to the traveller comes under it.
  const verdict = page.getByTestId('declaration-verdict');
  await expect(verdict.getByTestId('declaration-verdict-level')).toHaveText(/^Nguy cơ cao · \d+ điểm$/);
  await expect(verdict).toContainText('Sốt trên 37,5°C');
  await expect(verdict.getByTestId('declaration-verdict-todo')).toHaveText(
    'Nguy cơ cao: kiểm tra y tế kỹ ngay; quyết định cách ly hoặc từ chối trước khi cho nhập cảnh.',
  );
  const top = async (id: string) => (await page.getByTestId(id).boundingBox())?.y ?? -1;
  expect(await top('declaration-verdict')).toBeLessThan(await top('declaration-result'));
  await page.getByRole('button', { name: 'Đồng ý' }).click();
  await page.waitForURL('**/entry-management');
});

test('a low-risk submission shows the spec message', async ({ page }) => {
  await submitDeclaration(page, { phone: '+84912345678', temperature: '36.6', vaccination: 'booster' });
  await expect(page.getByTestId('declaration-result')).toHaveText(
    'Khai báo thành công! Bạn có thể tiếp tục thủ tục nhập cảnh.',
  );
});

test('uploads: wrong types and 5 MB + 1 byte are refused with the spec messages; 5 MB is kept', async ({
  page,
}) => {
  await openForm(page);
  const picker = page.getByTestId('upload-testFile');
  const input = picker.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'page.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<html></html>'),
  });
  await expect(picker.getByRole('alert')).toHaveText('Chỉ chấp nhận file PNG, JPG hoặc PDF');
  await input.setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ....'),
  });
  await expect(picker.getByRole('alert')).toHaveText('Chỉ chấp nhận file PNG, JPG hoặc PDF');
  await input.setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html>x</html>'),
  });
  await expect(picker.getByRole('alert')).toHaveText('Nội dung file không khớp với loại file');
  await input.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: pdfBytes(MB5 + 1) });
  await expect(picker.getByRole('alert')).toHaveText('File không được vượt quá 5MB');
  await input.setInputFiles({ name: 'exact.pdf', mimeType: 'application/pdf', buffer: pdfBytes(MB5) });
  await expect(picker.getByRole('alert')).toHaveCount(0);
  await expect(picker.getByText('exact.pdf')).toBeVisible();
  // The size with the page language's decimal sign (vi).
  await expect(picker.getByText('5,00 MB')).toBeVisible();
});

test('the server refuses 5 MB + 1 byte and a renamed HTML file with the right message', async ({ page }) => {
  await page.goto('/entry-management');
  const answers = await page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const send = async (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
      const form = new FormData();
      form.append('file_type', 'health_test_result');
      form.append('file', new Blob([bytes], { type }), name);
      const res = await fetch('/api/files', {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: await res.json() };
    };
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x20);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    return {
      big: await send(big, 'big.pdf', 'application/pdf'),
      html: await send(
        new TextEncoder().encode('<html><script></script></html>'),
        'x.pdf',
        'application/pdf',
      ),
    };
  });
  expect(answers.big.status).toBe(413);
  expect(answers.big.body.error.message).toBe('File(s) too large. Maximum size: 5MB');
  expect(answers.html.status).toBe(415);
  expect(answers.html.body.error.code).toBe('unsupported_media_type');
});
