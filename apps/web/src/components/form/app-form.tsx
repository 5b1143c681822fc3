/**
 * A form the app validates itself (`noValidate`: the shared schemas give translated messages in
 * place of the browser's). `onStart` runs first on every submit, e.g. to clear the last server error.
 */
import type { FormEvent, FormHTMLAttributes } from 'react';

export function AppForm({
  onSubmit,
  onStart,
  ...rest
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onStart?: () => void;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'>) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        onStart?.();
        void onSubmit(event);
      }}
      {...rest}
    />
  );
}
