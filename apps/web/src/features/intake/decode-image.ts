/**
 * Decoding of pictures (uploaded photos and screenshots, camera frames): a QR, PDF417, Aztec or
 * Data Matrix code first (mrz-ocr/barcode.ts), then, for a picture with none, a passport or ID
 * card's machine-readable zone by OCR (mrz-ocr/mrz-reader.ts). Both engines load only when a scan
 * starts, so they stay out of every other bundle.
 */
import type { MrzRead } from './mrz-ocr/mrz-reader.ts';

/**
 * Largest side a picture is decoded at: bigger phone photos are scaled down. Not below that: a
 * dense PDF417 loses its modules (ZXing tries smaller scales itself where it helps).
 */
const MAX_SIDE = 3000;

export type ImageRead = { kind: 'code'; text: string } | { kind: 'mrz'; mrz: MrzRead };

function scaled<S extends CanvasImageSource & ImageBitmapSource>(
  source: S,
  width: number,
  height: number,
): S | HTMLCanvasElement {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  if (scale === 1) return source;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

async function codeIn(source: CanvasImageSource & ImageBitmapSource, width: number, height: number) {
  const { readBarcode } = await import('./mrz-ocr/barcode.ts');
  return readBarcode(scaled(source, width, height));
}

/** A code's text, else a passport zone read by OCR, in an image file; null when neither is found. */
export async function decodeImageFile(file: Blob): Promise<ImageRead | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const text = await codeIn(bitmap, bitmap.width, bitmap.height);
    if (text) return { kind: 'code', text };
    const { readMrz } = await import('./mrz-ocr/mrz-reader.ts');
    const mrz = await readMrz(bitmap, bitmap.width, bitmap.height);
    return mrz && { kind: 'mrz', mrz };
  } finally {
    bitmap.close();
  }
}

/** The text of a code in the video's current frame, or null. */
export function decodeVideoFrame(video: HTMLVideoElement): Promise<string | null> {
  if (video.videoWidth === 0) return Promise.resolve(null);
  return codeIn(video, video.videoWidth, video.videoHeight);
}
