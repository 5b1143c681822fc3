/**
 * File downloads from the API with progress: the body is read chunk by chunk (each chunk is
 * reported, so a screen can show bytes or lines received), then handed to the browser as a
 * file through a temporary link.
 */

/** The body as a blob, calling `onChunk` with each chunk and the bytes received so far. */
export async function readWithProgress(
  res: Response,
  onChunk: (chunk: Uint8Array, bytes: number) => void,
  fallbackType = 'application/octet-stream',
): Promise<Blob> {
  const type = res.headers.get('Content-Type') ?? fallbackType;
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onChunk(value, bytes);
  }
  return new Blob(parts, { type });
}

/** The file name of a Content-Disposition header, else `fallback`. */
export function fileNameOf(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;
}

/** Hands a blob to the browser as a download, through a temporary link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
