/**
 * A QR code drawn as one SVG path (sharp at any size, prints well), made in alphanumeric mode at
 * error correction level M, as docs/qr-payload.md specifies. `qrImageUrl` gives the same code
 * as an image for "save as image".
 */
import qrcode from 'qrcode-generator';

function make(text: string) {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Alphanumeric');
  qr.make();
  return qr;
}

/** A GIF data URL of the code with a quiet zone, for downloading. */
export function qrImageUrl(text: string): string {
  return make(text).createDataURL(6, 24);
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const qr = make(text);
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
  }
  const box = size + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      className="w-full max-w-sm bg-white"
      shapeRendering="crispEdges"
      data-testid="pre-arrival-qr"
      data-modules={size}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
