/**
 * A stand-in XMLHttpRequest for tests of the upload paths (CSV import): the test decides what the
 * "server" answers, all at once or piece by piece, and sees the headers each request carried.
 */
import { vi } from 'vitest';

interface UploadProgress {
  lengthComputable: boolean;
  loaded: number;
  total: number;
}

export class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: UploadProgress) => void) | null } = { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly headers: Record<string, string> = {};
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  /** The server answers `status` and sends more of its body. */
  receive(text: string, status = 200) {
    this.status = status;
    this.responseText += text;
    this.onprogress?.();
  }
}

/** Replaces XMLHttpRequest until vi.unstubAllGlobals(); `onSend` sees each request as it is sent. */
export function stubXhr(onSend: (xhr: FakeXhr) => void) {
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      override send() {
        onSend(this);
      }
    },
  );
}
