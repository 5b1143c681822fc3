/** Adds a note or a test result to the traveller's timeline (an outbox event: works offline). */
import { TEST_RESULTS, type TestResult } from '@bh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTravelerEvent } from '../../db/lifecycle-repo.ts';
import { useActor } from './use-lifecycle.ts';

export function EventForm({ travelerId }: { travelerId: string }) {
  const { t } = useTranslation();
  const { actor } = useActor();
  const [note, setNote] = useState('');
  const [result, setResult] = useState<TestResult>('negative');
  const add = async (
    input: { kind: 'note'; note: string } | { kind: 'test_result'; testResult: TestResult },
  ) => {
    if (!actor) return;
    await addTravelerEvent({ travelerId, ...input }, actor, null);
    if (input.kind === 'note') setNote('');
  };
  return (
    <div className="flex flex-col gap-2 mt-2 text-sm" data-testid="event-form">
      <label className="flex flex-col gap-1">
        <span>{t('lifecycle.timeline.add.noteLabel')}</span>
        <textarea
          className="textarea w-full"
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.target.value)}
          data-testid="event-note"
        />
      </label>
      <div className="flex flex-wrap gap-2 items-end">
        <button
          type="button"
          className="btn"
          disabled={!note.trim()}
          onClick={() => void add({ kind: 'note', note: note.trim() })}
        >
          {t('lifecycle.timeline.add.submitNote')}
        </button>
        <label className="flex flex-col gap-1">
          <span>{t('lifecycle.timeline.add.testLabel')}</span>
          <select
            className="select"
            value={result}
            onChange={(e) => setResult(TEST_RESULTS.find((r) => r === e.target.value) ?? 'negative')}
          >
            {TEST_RESULTS.map((r) => (
              <option key={r} value={r}>
                {t(`lifecycle.timeline.testResults.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn"
          onClick={() => void add({ kind: 'test_result', testResult: result })}
        >
          {t('lifecycle.timeline.add.submitTest')}
        </button>
      </div>
    </div>
  );
}
