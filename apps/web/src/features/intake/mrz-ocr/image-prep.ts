/**
 * Pictures made ready for OCR on the device: scaled, cropped and turned to grey (or black and
 * white at a threshold), then written as a PGM image, which Tesseract reads without decoding a
 * compressed format. Only the canvas work happens here; recognition runs in tesseract.js's worker.
 */
/** Grey pixels, one byte each, row by row. */
export interface Grey {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** A part of the source picture: its centre, size and the slope of its text (radians), in source pixels. */
export interface Region {
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

export interface Prepared {
  /** The picture as a binary PGM file. */
  image: Blob;
  /** Prepared pixels per source pixel (to map boxes back to the source). */
  scale: number;
  /** The picture's grey (or black and white) pixels, row by row. */
  grey: Grey;
}

/** The whole picture, as it is. */
export const wholeOf = (width: number, height: number): Region => ({
  cx: width / 2,
  cy: height / 2,
  width,
  height,
  angle: 0,
});

/** Otsu's threshold of a grey histogram: the level that best splits ink from paper. */
export function otsu(histogram: Uint32Array, total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (histogram[i] ?? 0);
  let sumBack = 0;
  let weightBack = 0;
  let best = 0;
  let level = 127;
  for (let i = 0; i < 256; i++) {
    weightBack += histogram[i] ?? 0;
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += i * (histogram[i] ?? 0);
    const meanBack = sumBack / weightBack;
    const meanFore = (sum - sumBack) / weightFore;
    const between = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (between > best) {
      best = between;
      level = i;
    }
  }
  return level;
}

/**
 * The `region` of `source`, turned level, scaled to `width` pixels wide, in grey; with
 * `threshold` set, black and white at Otsu's level plus that offset.
 */
export function prepare(
  source: CanvasImageSource,
  region: Region,
  width: number,
  threshold: number | null,
): Prepared {
  const scale = width / region.width;
  const w = Math.max(1, Math.round(region.width * scale));
  const h = Math.max(1, Math.round(region.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, w, h);
  context.imageSmoothingQuality = 'high';
  context.translate(w / 2, h / 2);
  context.rotate(-region.angle);
  context.scale(scale, scale);
  context.translate(-region.cx, -region.cy);
  context.drawImage(source, 0, 0);
  const rgba = context.getImageData(0, 0, w, h).data;
  const header = new TextEncoder().encode(`P5\n${w} ${h}\n255\n`);
  const file = new Uint8Array(header.length + w * h);
  file.set(header);
  const grey = file.subarray(header.length);
  const histogram = new Uint32Array(256);
  for (let i = 0, p = 0; p < grey.length; i += 4, p++) {
    const level = ((rgba[i] ?? 0) * 77 + (rgba[i + 1] ?? 0) * 151 + (rgba[i + 2] ?? 0) * 28) >> 8;
    grey[p] = level;
    histogram[level] = (histogram[level] ?? 0) + 1;
  }
  if (threshold !== null) {
    const level = otsu(histogram, grey.length) + threshold;
    for (let p = 0; p < grey.length; p++) grey[p] = (grey[p] ?? 0) > level ? 255 : 0;
  }
  return {
    image: new Blob([file], { type: 'image/x-portable-graymap' }),
    scale,
    grey: { pixels: grey, width: w, height: h },
  };
}

/** Grey pixels as a binary PGM file, as `prepare` writes them. */
export function pgm(grey: Grey): Blob {
  const header = new TextEncoder().encode(`P5\n${grey.width} ${grey.height}\n255\n`);
  const file = new Uint8Array(header.length + grey.pixels.length);
  file.set(header);
  file.set(grey.pixels, header.length);
  return new Blob([file], { type: 'image/x-portable-graymap' });
}
