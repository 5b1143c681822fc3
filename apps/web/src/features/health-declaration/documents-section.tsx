/**
 * The two document uploads. A picked file (the first one only) is checked (type and size, then
 * its first bytes) and kept on the device at once under a new id, so the declaration can
 * reference it offline; the sync engine uploads it later.
 */
import { checkUploadFile, detectFileKind, MAGIC_BYTES_LENGTH } from '@bh/shared';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFileBlob } from '../../db/files-repo.ts';
import { formatDecimal } from '../../i18n/format.ts';
import { Section } from './form-sections.tsx';
import { FILE_SLOT_TYPES, type FileSlot, type PickedFile } from './form-values.ts';

const ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, { min: 1, max: 1 })} KB`;
  return `${formatDecimal(bytes / 1024 / 1024, { min: 2, max: 2 })} MB`;
}

async function checkFile(file: File): Promise<string | null> {
  const reported = checkUploadFile(file);
  if (!reported.ok) return reported.error;
  const head = new Uint8Array(await file.slice(0, MAGIC_BYTES_LENGTH).arrayBuffer());
  return detectFileKind(head) ? null : 'files.errors.contentMismatch';
}

function FilePicker({
  slot,
  picked,
  onPick,
  onRemove,
}: {
  slot: FileSlot;
  picked: PickedFile | null;
  onPick: (file: PickedFile) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      const problem = await checkFile(file);
      setError(problem);
      if (problem) return;
      const saved = await saveFileBlob(file, FILE_SLOT_TYPES[slot]);
      onPick({ id: saved.id, name: saved.name, size: saved.size, fresh: true });
    } catch {
      setError('declaration.errors.fileSave');
    } finally {
      input.value = '';
      setBusy(false);
    }
  };

  return (
    <div className="fieldset py-1" data-testid={`upload-${slot}`}>
      <label htmlFor={id} className="fieldset-legend pb-1">
        {t(`declaration.fields.${slot}`)}
      </label>
      <input
        id={id}
        type="file"
        name={slot}
        accept={ACCEPT}
        disabled={busy}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={`file-input w-full ${error ? 'file-input-error' : ''}`}
        onChange={(e) => void onChange(e)}
      />
      <p id={`${id}-hint`} className="label text-xs whitespace-normal">
        {t('declaration.hints.upload')}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-error text-sm" role="alert">
          {t(error)}
        </p>
      )}
      {picked && (
        <div className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 px-3 py-2 text-sm">
          <span className="font-medium break-all">{picked.name}</span>
          <span className="opacity-70">{formatSize(picked.size)}</span>
          <button type="button" className="btn btn-ghost btn-xs ms-auto" onClick={onRemove}>
            {t('declaration.actions.removeFile')}
          </button>
        </div>
      )}
    </div>
  );
}

export function DocumentsSection({
  files,
  onPick,
  onRemove,
}: {
  files: Record<FileSlot, PickedFile | null>;
  onPick: (slot: FileSlot, file: PickedFile) => void;
  onRemove: (slot: FileSlot) => void;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('declaration.sections.documents')} testId="section-documents">
      <div className="grid gap-x-4 sm:grid-cols-2">
        {(['testFile', 'vaccinationCertFile'] as const).map((slot) => (
          <FilePicker
            key={slot}
            slot={slot}
            picked={files[slot]}
            onPick={(f) => onPick(slot, f)}
            onRemove={() => onRemove(slot)}
          />
        ))}
      </div>
    </Section>
  );
}
