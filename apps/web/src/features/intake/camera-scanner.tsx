/**
 * The rear camera, decoded continuously (a frame every 200 ms) until a QR code is read; a torch
 * button where the camera has one. Stops the camera when closed or when a code is found.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { decodeVideoFrame } from './decode-image.ts';

const FRAME_MS = 200;

function torchOf(track: MediaStreamTrack | undefined): boolean {
  const capabilities: object = track?.getCapabilities?.() ?? {};
  return 'torch' in capabilities && capabilities.torch === true;
}

export function CameraScanner({ onText, onClose }: { onText: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [track, setTrack] = useState<MediaStreamTrack | undefined>();
  const [torch, setTorch] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      const element = video.current;
      const text = element ? await decodeVideoFrame(element).catch(() => null) : null;
      if (stopped) return;
      if (text) onText(text);
      else timer = setTimeout(() => void tick(), FRAME_MS);
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
  }, [onText]);

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
