/**
 * Transfer a traveller to another post (POST /api/travelers/:id/transfer): an open post other than
 * the traveller's, and a required reason (the timeline keeps it). Needs the connection: offline it
 * says so and sends nothing. After the transfer a sync runs, and the pull takes the traveller off
 * this device (it now belongs to another post's devices).
 */
import { type Post, postName, type TransferBody, transferBodySchema } from '@bh/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../components/form/app-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { setServerFieldErrors } from '../../components/form/server-field-errors.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { describedIds } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { requestSync } from '../../sync/triggers.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';

const resolver = schemaResolver(transferBodySchema);

/** The i18n key explaining a refused transfer. */
function failureKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'errors.unknown_error';
  if (err.isNetwork) return 'posts.transfer.offline';
  if (err.code.startsWith('post.')) return err.code;
  const detail: unknown = Array.isArray(err.details) ? err.details[0] : undefined;
  const code = typeof detail === 'object' && detail !== null ? Reflect.get(detail, 'code') : undefined;
  if (typeof code === 'string' && code.includes('.errors.')) return code;
  if (err.status === 404) return 'posts.transfer.notFound';
  return `errors.${err.code}`;
}

export function TransferDialog({
  traveler,
  posts,
  onClose,
  onMade,
  onTransferred,
}: {
  traveler: { id: string; fullName: string; entryPostId?: string | null };
  /** Every post known; the open ones other than the traveller's are offered. */
  posts: readonly Post[];
  onClose: () => void;
  /** The server made the transfer; the confirmation shows until the officer closes it. */
  onMade?: (() => void) | undefined;
  /** The confirmation was closed: the traveller leaves this device with the next sync. */
  onTransferred: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { isOnline } = useSyncState();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TransferBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: { postId: '', reason: '' },
  });
  const errorOf = useErrorText(formState.errors);
  const lang = i18n.language;
  const label = (p: Post) => `${p.code} · ${postName(p, lang)}`;
  const current = posts.find((p) => p.id === traveler.entryPostId);
  const targets = posts.filter((p) => p.closedAt === null && p.id !== traveler.entryPostId);

  const onSubmit = handleSubmit(async (body) => {
    if (!navigator.onLine) return setFailure('posts.transfer.offline');
    try {
      await api.post<{ version: number }>(`/api/travelers/${traveler.id}/transfer`, body);
      onMade?.();
      requestSync('transfer');
      const target = posts.find((p) => p.id === body.postId);
      setDone(t('posts.transfer.done', { name: traveler.fullName, post: target ? label(target) : '' }));
    } catch (err) {
      if (!setServerFieldErrors(err, setError, ['postId', 'reason'])) setFailure(failureKey(err));
    }
  });

  const postError = errorOf('postId');
  const reasonError = errorOf('reason');
  const postIds = describedIds('transfer-post', { hint: false, error: Boolean(postError) });
  const reasonIds = describedIds('transfer-reason', { hint: true, error: Boolean(reasonError) });
  const title = t('posts.transfer.title', { name: traveler.fullName });

  if (done)
    return (
      <Modal
        open
        onClose={onTransferred}
        title={title}
        closeLabel={t('travelers.details.close')}
        testId="transfer-dialog"
        actions={
          <button
            type="button"
            className="btn btn-primary min-h-11"
            onClick={onTransferred}
            data-testid="transfer-close"
          >
            {t('travelers.details.close')}
          </button>
        }
      >
        <Alert tone="success" data-testid="transfer-done">
          {done}
        </Alert>
      </Modal>
    );

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      closeLabel={t('posts.transfer.cancel')}
      testId="transfer-dialog"
    >
      <AppForm onSubmit={onSubmit} onStart={() => setFailure(null)} aria-label={title}>
        <p className="text-sm opacity-80 mb-2">{t('posts.transfer.intro')}</p>
        {!isOnline && (
          <Alert tone="warning" data-testid="transfer-offline">
            {t('posts.transfer.offline')}
          </Alert>
        )}
        {targets.length === 0 && <Alert tone="info">{t('posts.transfer.noTarget')}</Alert>}
        {failure && (
          <Alert tone="error" data-testid="transfer-error">
            {t(failure)}
          </Alert>
        )}
        {current && (
          <p className="mt-2">
            <span className="opacity-80">{t('posts.transfer.from')}: </span>
            <span className="font-semibold">{label(current)}</span>
          </p>
        )}
        <div className="fieldset py-1">
          <label htmlFor="transfer-post" className="fieldset-legend pb-1">
            {t('posts.transfer.to')}
          </label>
          <select
            id="transfer-post"
            className={`select w-full min-h-11 ${postError ? 'select-error' : ''}`}
            aria-invalid={Boolean(postError)}
            aria-describedby={postIds.describedBy}
            {...register('postId')}
          >
            <option value="">{t('posts.transfer.choose')}</option>
            {targets.map((p) => (
              <option key={p.id} value={p.id}>
                {label(p)}
              </option>
            ))}
          </select>
          {postError && (
            <p id={postIds.errorId} className="text-error text-sm mt-1">
              {postError}
            </p>
          )}
        </div>
        <div className="fieldset py-1">
          <label htmlFor="transfer-reason" className="fieldset-legend pb-1">
            {t('posts.transfer.reason')}
          </label>
          <textarea
            id="transfer-reason"
            className={`textarea w-full ${reasonError ? 'textarea-error' : ''}`}
            rows={3}
            aria-invalid={Boolean(reasonError)}
            aria-describedby={reasonIds.describedBy}
            {...register('reason')}
          />
          <p id={reasonIds.hintId} className="text-base-content/70 text-sm mt-1">
            {t('posts.transfer.reasonHint')}
          </p>
          {reasonError && (
            <p id={reasonIds.errorId} className="text-error text-sm mt-1">
              {reasonError}
            </p>
          )}
        </div>
        <div className="modal-action">
          <button type="button" className="btn min-h-11" onClick={onClose}>
            {t('posts.transfer.cancel')}
          </button>
          <SubmitButton
            busy={formState.isSubmitting}
            className="btn-primary min-h-11"
            disabled={formState.isSubmitting || !isOnline || targets.length === 0}
            data-testid="transfer-submit"
          >
            {t('posts.transfer.submit')}
          </SubmitButton>
        </div>
      </AppForm>
    </Modal>
  );
}
