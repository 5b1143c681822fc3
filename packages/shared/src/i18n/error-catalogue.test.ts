import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessageKey } from '../api/errors.ts';
import { classifySyncFailure } from '../sync/retry.ts';
import { expectCatalogued } from '../testing/expect-catalogued.ts';
import { errorCatalogue } from './error-catalogue.ts';

describe('errorCatalogue', () => {
  it('has the spec texts of the generic errors', () => {
    expect(errorCatalogue['errors.network_error']).toMatchObject({
      en: 'Network connection error',
      vi: 'Lỗi kết nối mạng',
    });
    expect(errorCatalogue['errors.timeout_error']).toMatchObject({
      en: 'Request timeout',
      vi: 'Yêu cầu quá thời gian chờ',
    });
    expect(errorCatalogue['errors.unauthorized']).toMatchObject({
      en: 'You need to login to continue',
      vi: 'Bạn cần đăng nhập để tiếp tục',
    });
    expect(errorCatalogue['errors.forbidden']).toMatchObject({
      en: "You don't have permission to perform this action",
      vi: 'Bạn không có quyền thực hiện thao tác này',
    });
    expect(errorCatalogue['errors.not_found']).toMatchObject({
      en: 'Data not found',
      vi: 'Không tìm thấy dữ liệu',
    });
    expect(errorCatalogue['errors.conflict']).toMatchObject({
      en: 'Data conflict',
      vi: 'Dữ liệu bị xung đột',
    });
    expect(errorCatalogue['errors.validation_error']).toMatchObject({
      en: 'Invalid data',
      vi: 'Dữ liệu không hợp lệ',
    });
    expect(errorCatalogue['errors.server_error']).toMatchObject({
      en: 'Server error, please try again later',
      vi: 'Lỗi máy chủ, vui lòng thử lại sau',
    });
    expect(errorCatalogue['errors.unknown_error']).toMatchObject({
      en: 'An unknown error occurred',
      vi: 'Có lỗi không xác định xảy ra',
    });
    expect(errorCatalogue['sync.errors.offline']?.en).toBe('Cannot sync while offline');
    expect(errorCatalogue['sync.errors.mergedDataRequired']?.en).toBe(
      'Merged data required for manual merge resolution',
    );
    expect(errorCatalogue['sync.errors.itemNotRetryable']?.en).toBe('Item cannot be retried');
    expect(errorCatalogue['sync.errors.downloadOffline']?.en).toBe('Cannot download data while offline');
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
