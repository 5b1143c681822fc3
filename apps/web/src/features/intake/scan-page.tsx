/**
 * /intake/scan: read a traveller from the camera, an uploaded image, or text (typed, pasted, or
 * a keyboard-wedge document reader), then review and save. The code reader and the passport-zone
 * OCR (features/intake/mrz-ocr) load only here, when a picture is read.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ActionButton } from '../../components/ui/action-button.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { CameraScanner } from './camera-scanner.tsx';
import { decodeImageFile } from './decode-image.ts';
import { type MrzRead, releaseOcr } from './mrz-ocr/mrz-reader.ts';
import { OcrNotice } from './mrz-ocr/ocr-notice.tsx';
import { Review } from './review.tsx';
import { type Draft, readScan } from './scan-reader.ts';

interface Problem {
  messageKey: string;
  detailKey?: string;
}

/** Text handed over by the list screen (a document reader's burst of keystrokes). */
function textFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('text' in state)) return null;
  return typeof state.text === 'string' ? state.text : null;
}

export default function ScanPage() {
  const { t } = useTranslation();
  const { isOnline } = useSyncState();
  const location = useLocation();
  const [camera, setCamera] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [reading, setReading] = useState(false);
  /** The zone read from a picture by OCR, shown above its review. */
  const [ocr, setOcr] = useState<MrzRead | null>(null);

  // The OCR worker starts on the first picture with no code in it (not when the screen opens,
  // where it would slow a QR code's read); it ends when the screen closes.
  useEffect(() => releaseOcr, []);

  const read = useCallback(
    async (scanned: string, startedAt = performance.now()) => {
      setCamera(false);
      setReading(true);
      const outcome = await readScan(scanned, isOnline, startedAt);
      setReading(false);
      if (outcome.ok) {
        setProblem(null);
        setDraft(outcome.draft);
      } else setProblem({ messageKey: outcome.messageKey, detailKey: outcome.detailKey });
    },
    [isOnline],
  );

  const handed = textFromState(location.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per handed-over text
  useEffect(() => {
    if (handed) void read(handed);
  }, [handed]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const startedAt = performance.now();
    setReading(true);
    const found = await decodeImageFile(file).catch(() => null);
    setReading(false);
    setOcr(found?.kind === 'mrz' ? found.mrz : null);
    if (found) await read(found.kind === 'mrz' ? found.mrz.text : found.text, startedAt);
    else setProblem({ messageKey: 'qr.errors.scanFailed', detailKey: 'intake.scan.noCodeInImage' });
  };

  if (draft) {
    return (
      <div className="max-w-4xl mx-auto">
        {ocr && <OcrNotice read={ocr} />}
        <Review draft={draft} online={isOnline} onDone={() => setDraft(null)} />
      </div>
    );
  }
  return (
    <div className="max-w-2xl mx-auto flex flex-col gap-3" data-testid="scan-page">
      <header>
        <h1 className="text-2xl font-bold">{t('intake.scan.title')}</h1>
        <p className="text-sm opacity-80">{t('intake.scan.subtitle')}</p>
      </header>
      {problem && (
        <Alert tone="error" data-testid="scan-error">
          <strong>{t(problem.messageKey)}</strong>
          {problem.detailKey && <span>: {t(problem.detailKey)}</span>}
        </Alert>
      )}
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body p-4 gap-3">
          {camera ? (
            <CameraScanner
              onText={(found) => {
                setOcr(null);
                void read(found);
              }}
              onMrz={(found) => {
                setOcr(found);
                void read(found.text);
              }}
              onClose={() => setCamera(false)}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              <ActionButton className="btn btn-primary" onClick={() => setCamera(true)} testId="scan-camera">
                {t('intake.scan.camera')}
              </ActionButton>
              <label className="btn">
                {t('intake.scan.upload')}
                <input
                  type="file"
                  accept="image/*"
                  className="hidden"
                  data-testid="scan-upload"
                  onChange={(e) => void onFile(e.target.files?.[0])}
                />
              </label>
            </div>
          )}
          {reading && (
            <p className="text-sm" role="status" data-testid="scan-reading">
              {t('intake.scan.readingImage')}
            </p>
          )}
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setOcr(null);
              if (text.trim() !== '') void read(text);
            }}
          >
            <label className="fieldset-legend" htmlFor="scan-text">
              {t('intake.scan.text')}
            </label>
            <textarea
              id="scan-text"
              className="textarea w-full font-mono"
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-describedby="scan-text-help"
              data-testid="scan-text"
            />
            <p id="scan-text-help" className="text-xs opacity-80">
              {t('intake.scan.textHelp')}
            </p>
            <button type="submit" className="btn self-end" disabled={reading} data-testid="scan-read">
              {t('intake.scan.read')}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
