import { beforeEach } from 'vitest';
import { fileHarness } from '../../../../server/src/test/file-harness.ts';

/**
 * The server of a sync test file (fileHarness: emptied before each test) and the headers of an
 * officer signed in again before each test, for the devices and the test's own requests.
 */
export function officerRig() {
  const h = fileHarness();
  let headers: Record<string, string> = {};
  beforeEach(async () => {
    headers = (await h.user('officer')).headers;
  });
  return { h, headers: () => headers };
}
