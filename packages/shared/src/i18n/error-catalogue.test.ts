import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessageKey } from '../api/errors.ts';
import { classifySyncFailure } from '../sync/retry.ts';
import { expectCatalogued } from '../testing/expect-catalogued.ts';
import { errorCatalogue } from './error-catalogue.ts';

describe('errorCatalogue', () => {
  // The spec's texts, verbatim: key, then its English and Vietnamese (null: not given by the spec).
  const SPEC_TEXTS: [key: string, en: string, vi: string | null][] = [
    ['errors.network_error', 'Network connection error', 'Lỗi kết nối mạng'],
    ['errors.timeout_error', 'Request timeout', 'Yêu cầu quá thời gian chờ'],
    ['errors.unauthorized', 'You need to login to continue', 'Bạn cần đăng nhập để tiếp tục'],
    [
      'errors.forbidden',
      "You don't have permission to perform this action",
      'Bạn không có quyền thực hiện thao tác này',
    ],
    ['errors.not_found', 'Data not found', 'Không tìm thấy dữ liệu'],
    ['errors.conflict', 'Data conflict', 'Dữ liệu bị xung đột'],
    ['errors.validation_error', 'Invalid data', 'Dữ liệu không hợp lệ'],
    ['errors.server_error', 'Server error, please try again later', 'Lỗi máy chủ, vui lòng thử lại sau'],
    ['errors.unknown_error', 'An unknown error occurred', 'Có lỗi không xác định xảy ra'],
    ['sync.errors.offline', 'Cannot sync while offline', null],
    ['sync.errors.mergedDataRequired', 'Merged data required for manual merge resolution', null],
    ['sync.errors.itemNotRetryable', 'Item cannot be retried', null],
    ['sync.errors.downloadOffline', 'Cannot download data while offline', null],
  ];

  it.each(SPEC_TEXTS)('has the spec text of %s', (key, en, vi) => {
    expect(errorCatalogue[key]?.en).toBe(en);
    if (vi !== null) expect(errorCatalogue[key]?.vi).toBe(vi);
  });

  it('covers every API error code and every sync failure notice', () => {
    const keys = Object.keys(ERROR_CODES).map(errorMessageKey);
    keys.push('errors.network_error', 'errors.timeout_error', 'errors.unknown_error', 'errors.rate_limited');
    for (const status of [null, 0, 400, 401, 403, 404, 408, 409, 413, 415, 418, 422, 429, 500, 502, 503]) {
      keys.push(classifySyncFailure(status).messageKey, classifySyncFailure(status, true).messageKey);
    }
    expectCatalogued(keys, errorCatalogue);
  });
});
