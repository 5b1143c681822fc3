/**
 * The rear camera, decoded continuously (a frame every 200 ms) until a code (QR, PDF417, Aztec,
 * Data Matrix) is read; meanwhile a frame at a time goes to the passport-zone OCR, and a zone
 * whose every check digit holds is taken too (a frame that fails waits for the next one). A
 * torch button where the camera has one. Stops the camera when closed or when something is read.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { decodeVideoFrame } from './decode-image.ts';
import { type MrzRead, readMrz } from './mrz-ocr/mrz-reader.ts';

const FRAME_MS = 200;

function torchOf(track: MediaStreamTrack | undefined): boolean {
  const capabilities: object = track?.getCapabilities?.() ?? {};
  return 'torch' in capabilities && capabilities.torch === true;
}

/** A still of the video's frame, for the OCR to read while the video goes on. */
function still(video: HTMLVideoElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return canvas;
}

export function CameraScanner({
  onText,
  onMrz,
  onClose,
}: {
  onText: (text: string) => void;
  onMrz: (read: MrzRead) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [track, setTrack] = useState<MediaStreamTrack | undefined>();
  const [torch, setTorch] = useState(false);
  // The latest callbacks, without restarting the camera when the screen hands new ones.
  const found = useRef({ onText, onMrz });
  found.current = { onText, onMrz };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let ocrBusy = false;
    const ocrFrame = (element: HTMLVideoElement) => {
      if (ocrBusy || element.videoWidth === 0) return;
      ocrBusy = true;
      const frame = still(element);
      void readMrz(frame, frame.width, frame.height, true)
        .then((read) => {
          if (!stopped && read && read.failed.length === 0) {
            stopped = true;
            found.current.onMrz(read);
          }
        })
        .catch(() => undefined)
        .finally(() => {
          ocrBusy = false;
        });
    };
    const tick = async () => {
      const element = video.current;
      const text = element ? await decodeVideoFrame(element).catch(() => null) : null;
      if (stopped) return;
      if (text) {
        stopped = true;
        found.current.onText(text);
        return;
      }
      if (element) ocrFrame(element);
      timer = setTimeout(() => void tick(), FRAME_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        setTrack(s.getVideoTracks()[0]);
        void tick();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const tr of stream?.getTracks() ?? []) tr.stop();
    };
  }, []);

  const toggleTorch = async () => {
    const next = !torch;
    // `torch` is not in the DOM typings yet; the constraint set is built as a plain record.
    await track
      ?.applyConstraints({ advanced: [Object.fromEntries([['torch', next]])] })
      .catch(() => undefined);
    setTorch(next);
  };

  if (failed) return <Alert tone="warning">{t('intake.scan.cameraFailed')}</Alert>;
  return (
    <div className="flex flex-col gap-2" data-testid="camera-scanner">
      <video ref={video} className="w-full max-h-80 bg-black rounded" muted playsInline />
      <div className="flex gap-2">
        {torchOf(track) && (
          <button
            type="button"
            className="btn btn-sm"
            aria-pressed={torch}
            onClick={() => void toggleTorch()}
          >
            {t('intake.scan.torch')}
          </button>
        )}
        <button type="button" className="btn btn-sm" onClick={onClose}>
          {t('intake.scan.stopCamera')}
        </button>
      </div>
    </div>
  );
}
