/**
 * Opens a declaration's document: from the blob kept on the device when there is one (works
 * offline), else downloaded with the bearer token (GET /api/files/:id) and opened as a blob URL.
 */
import { getFileBlob } from '../../db/files-repo.ts';
import { api } from '../../lib/api.ts';

async function loadDocument(fileId: string): Promise<{ blob: Blob; name: string }> {
  const local = await getFileBlob(fileId);
  if (local) return { blob: local.blob, name: local.name };
  const res = await api.get<Response>(`/api/files/${fileId}`, { raw: true });
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  return { blob: await res.blob(), name: encoded ? decodeURIComponent(encoded) : fileId };
}

export async function openDocument(fileId: string): Promise<void> {
  const { blob, name } = await loadDocument(fileId);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.title = name;
  // A blob tab inherits this app's CSP (object-src 'none'), which blocks the browser's PDF
  // viewer: PDFs are saved to the device instead; images open in a tab.
  if (blob.type === 'application/pdf' || name.toLowerCase().endsWith('.pdf')) link.download = name;
  link.click();
  // The new tab has loaded the URL by then; free the memory afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
