/**
 * What the form starts from: the system mode (live), the route parameter and query fields, the
 * local traveller, and the traveller's declaration when one exists (a new submission updates it).
 */
import { DEFAULT_SYSTEM_MODE } from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getDeclaration, type LocalDeclaration } from '../../db/declarations-repo.ts';
import { getFileBlob } from '../../db/files-repo.ts';
import { getSystemMode, getTraveler } from '../../db/travelers-repo.ts';
import {
  emptyValues,
  type FileSlot,
  type FormValues,
  type PickedFile,
  valuesFromDeclaration,
} from './form-values.ts';
import { noteRead } from './note-read.ts';

async function pickedOf(id: string | null | undefined): Promise<PickedFile | undefined> {
  if (!id) return undefined;
  const blob = await getFileBlob(id);
  return { id, name: blob?.name ?? id.slice(0, 8), size: blob?.size ?? 0, fresh: false };
}

export function useDeclarationLoader(prefill: {
  travelerId: string;
  fullName: string;
  passportNumber: string;
}) {
  const mode = useLiveQuery(() => getSystemMode(), [], DEFAULT_SYSTEM_MODE);
  const [initial, setInitial] = useState<FormValues | null>(null);
  const [existing, setExisting] = useState<LocalDeclaration | null>(null);
  const { travelerId, fullName, passportNumber } = prefill;

  useEffect(() => {
    let live = true;
    void (async () => {
      const [traveler, declaration] = travelerId
        ? await Promise.all([getTraveler(travelerId), getDeclaration(travelerId)])
        : [null, null];
      let values: FormValues;
      if (declaration) {
        const files: Partial<Record<FileSlot, PickedFile>> = {
          testFile: await pickedOf(declaration.testFileId),
          vaccinationCertFile: await pickedOf(declaration.vaccinationCertFileId),
        };
        values = valuesFromDeclaration(declaration, files);
      } else {
        values = emptyValues({
          travelerId,
          fullName: fullName || traveler?.fullName || '',
          passportNumber: passportNumber || traveler?.passportNo || '',
        });
      }
      // Opening a declaration to see or change it is a read, audited.
      if (declaration) noteRead({ travelerId, viewed: 'declaration' });
      if (live) {
        setExisting(declaration);
        setInitial(values);
      }
    })().catch(() => live && setInitial(emptyValues({ travelerId, fullName, passportNumber })));
    return () => {
      live = false;
    };
  }, [travelerId, fullName, passportNumber]);

  return { mode, initial, existing };
}
