/**
 * QR decoding of pictures (uploaded photos and screenshots, camera frames) with jsQR, loaded only
 * when a scan starts so it stays out of every other bundle.
 */
/** Largest side a picture is decoded at: phone photos are scaled down (faster, as reliable). */
const MAX_SIDE = 1600;

let decoder: Promise<typeof import('jsqr').default> | null = null;
const loadDecoder = () => {
  decoder ??= import('jsqr').then((m) => m.default);
  return decoder;
};

async function decodeSource(source: CanvasImageSource, width: number, height: number) {
  const jsQR = await loadDecoder();
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, w, h);
  const pixels = context.getImageData(0, 0, w, h);
  return jsQR(pixels.data, w, h, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The text of the QR code in an image file, or null when none is found. */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeSource(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The text of a QR code in the video's current frame, or null. */
export function decodeVideoFrame(video: HTMLVideoElement): Promise<string | null> {
  if (video.videoWidth === 0) return Promise.resolve(null);
  return decodeSource(video, video.videoWidth, video.videoHeight);
}
