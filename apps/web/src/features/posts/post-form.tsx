/**
 * Create or edit a post (shared postCreateSchema rules): code (fixed once made), its name in
 * Vietnamese, English and Japanese, kind, province and IANA time zone. A taken code (409) shows on
 * the code field; a post someone else changed meanwhile asks the page to reload.
 */
import { POST_KINDS, type Post, type PostCreate, postCreateSchema } from '@bh/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardForm } from '../../components/form/card-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { setServerFieldErrors } from '../../components/form/server-field-errors.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { describedIds } from '../../components/ui/field.tsx';
import { FormActions } from '../../components/ui/form-actions.tsx';
import { Options } from '../../components/ui/options.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { createPost, updatePost } from './posts-api.ts';

const resolver = schemaResolver(postCreateSchema);
const DEFAULT_ZONE = 'Asia/Ho_Chi_Minh';
const EMPTY: PostCreate = {
  code: '',
  name: { vi: '', en: '', ja: '' },
  kind: 'airport',
  province: '',
  timeZone: DEFAULT_ZONE,
};

/** The IANA zones this browser knows, for the time zone's suggestions. */
const ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_ZONE];

const valuesOf = (post: Post): PostCreate => ({
  code: post.code,
  name: { ...post.name },
  kind: post.kind,
  province: post.province,
  timeZone: post.timeZone,
});

type FieldName = 'code' | 'name.vi' | 'name.en' | 'name.ja' | 'province' | 'timeZone';
const FIELD_LABEL: Record<FieldName, string> = {
  code: 'posts.fields.code',
  'name.vi': 'posts.fields.nameVi',
  'name.en': 'posts.fields.nameEn',
  'name.ja': 'posts.fields.nameJa',
  province: 'posts.fields.province',
  timeZone: 'posts.fields.timeZone',
};
const FIELD_HINT: Partial<Record<FieldName, string>> = {
  code: 'posts.hints.code',
  timeZone: 'posts.hints.timeZone',
};

export function PostForm({
  post,
  provinces,
  onSaved,
  onStale,
  onCancel,
}: {
  /** The post edited; none to create one. */
  post?: Post;
  /** Provinces of the known posts, suggested in the province field. */
  provinces: readonly string[];
  onSaved: (post: Post, created: boolean) => void;
  /** Someone else changed the post since it was read (409 on its version). */
  onStale: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState } = useForm<PostCreate>({
    resolver,
    mode: 'onTouched',
    defaultValues: post ? valuesOf(post) : EMPTY,
  });
  const errorOf = useErrorText(formState.errors);
  const [failure, setFailure] = useState<string | null>(null);
  const idBase = post ? `post-${post.code}` : 'new-post';

  const onSubmit = handleSubmit(async ({ code, ...rest }) => {
    try {
      if (post) onSaved(await updatePost(post.id, { version: post.version, ...rest }), false);
      else onSaved(await createPost({ code, ...rest }), true);
    } catch (err) {
      if (
        setServerFieldErrors(err, setError, ['code', 'name.vi', 'name.en', 'name.ja', 'province', 'timeZone'])
      )
        return;
      if (post && err instanceof ApiError && err.status === 409) return onStale();
      setFailure(
        err instanceof ApiError
          ? `errors.${err.isNetwork ? 'network_error' : err.code}`
          : 'errors.unknown_error',
      );
    }
  });

  const text = (name: FieldName, extra: { list?: string; className?: string } = {}) => {
    const id = `${idBase}-${name.replace('.', '-')}`;
    const error = errorOf(name);
    const hint = FIELD_HINT[name];
    const ids = describedIds(id, { hint: Boolean(hint), error: Boolean(error) });
    return (
      <div className="fieldset py-1">
        <label htmlFor={id} className="fieldset-legend pb-1">
          {t(FIELD_LABEL[name])}
        </label>
        <input
          id={id}
          className={`input w-full ${error ? 'input-error' : ''} ${extra.className ?? ''}`}
          aria-invalid={Boolean(error)}
          aria-describedby={ids.describedBy}
          autoComplete="off"
          list={extra.list}
          {...register(
            name,
            name === 'code' ? { setValueAs: (v: unknown) => String(v ?? '').toUpperCase() } : {},
          )}
        />
        {hint && (
          <p id={ids.hintId} className="text-base-content/70 text-sm mt-1">
            {t(hint)}
          </p>
        )}
        {error && (
          <p id={ids.errorId} className="text-error text-sm mt-1">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <CardForm
      title={post ? t('posts.form.editTitle', { code: post.code }) : t('posts.form.createTitle')}
      gap="gap-1"
      onSubmit={onSubmit}
      onStart={() => setFailure(null)}
      data-testid="post-form"
    >
      {failure && <Alert tone="error">{t(failure)}</Alert>}
      <div className="grid grid-cols-1 md:grid-cols-2 gap-x-4">
        {post ? (
          <div className="fieldset py-1">
            <span className="fieldset-legend pb-1">{t('posts.fields.code')}</span>
            <p className="font-mono font-bold text-lg min-h-10 flex items-center">{post.code}</p>
          </div>
        ) : (
          text('code', { className: 'uppercase font-mono' })
        )}
        <div className="fieldset py-1">
          <label htmlFor={`${idBase}-kind`} className="fieldset-legend pb-1">
            {t('posts.fields.kind')}
          </label>
          <select id={`${idBase}-kind`} className="select w-full" {...register('kind')}>
            <Options values={POST_KINDS} label={(k) => t(`posts.kinds.${k}`)} />
          </select>
        </div>
        {text('name.vi')}
        {text('name.en')}
        {text('name.ja')}
        {text('province', { list: `${idBase}-provinces` })}
        {text('timeZone', { list: `${idBase}-zones` })}
      </div>
      <datalist id={`${idBase}-provinces`}>
        {provinces.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <datalist id={`${idBase}-zones`}>
        {ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <FormActions back={t('posts.actions.cancel')} onBack={onCancel} quietBack>
        <SubmitButton busy={formState.isSubmitting} className="btn-primary">
          {post ? t('posts.actions.save') : t('posts.actions.create')}
        </SubmitButton>
      </FormActions>
    </CardForm>
  );
}
