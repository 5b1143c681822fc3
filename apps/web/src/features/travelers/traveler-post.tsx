/**
 * The traveller's post in the details view (code and name), with the way to transfer them to
 * another post for those who may write (not an analyst). A traveller the server does not hold yet
 * (registered on this device, not yet synced: version 0) cannot be transferred: the button is
 * disabled and says to sync first, and works once the sync has taken the traveller to the server.
 */
import { postName } from '@bh/shared';
import { ArrowRightLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkPlace } from '../../lib/work-scope.ts';
import { TransferDialog } from './transfer-dialog.tsx';

export function TravelerPost({
  traveler,
  onTransferMade,
  onTransferred,
}: {
  traveler: {
    id: string;
    fullName: string;
    entryPostId?: string | null;
    deletedAt?: string | null;
    /** 0 until the server acknowledged the traveller. */
    version: number;
  };
  /** The server made a transfer from here (its confirmation is showing). */
  onTransferMade?: () => void;
  onTransferred: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { scope, posts } = useWorkPlace();
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const post = posts.find((p) => p.id === traveler.entryPostId);
  const mayTransfer = scope !== null && scope.role !== 'analyst' && !traveler.deletedAt;
  const notOnServer = traveler.version === 0;
  if (!post && !mayTransfer) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 mt-2" data-testid="details-post">
      <p className="text-sm">
        <span className="opacity-80">{t('posts.traveler.post')}: </span>
        {post ? (
          <>
            <span className="font-mono font-semibold">{post.code}</span> {postName(post, i18n.language)}
          </>
        ) : (
          '—'
        )}
      </p>
      {mayTransfer && (
        <button
          type="button"
          className="btn btn-sm btn-outline min-h-11"
          onClick={() => setOpen(true)}
          disabled={notOnServer}
          aria-describedby={notOnServer ? noteId : undefined}
          data-testid="details-transfer"
        >
          <ArrowRightLeft aria-hidden="true" className="size-4" />
          {t('posts.transfer.open')}
        </button>
      )}
      {mayTransfer && notOnServer && (
        <p id={noteId} className="text-sm w-full sm:text-end" data-testid="details-transfer-sync-first">
          {t('posts.transfer.syncFirst')}
        </p>
      )}
      {open && !notOnServer && (
        <TransferDialog
          traveler={traveler}
          posts={posts}
          onClose={() => setOpen(false)}
          onMade={onTransferMade}
          onTransferred={() => {
            setOpen(false);
            onTransferred();
          }}
        />
      )}
    </div>
  );
}
