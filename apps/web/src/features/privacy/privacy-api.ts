/**
 * The admin's privacy calls (docs/decisions/017-retention-and-rights.md): the retention and
 * contact settings, a traveller's privacy state and legal hold, the export of everything held
 * about a traveller (a download) and its erasure.
 */
import type {
  EraseAnswer,
  LegalHoldUpdate,
  PrivacySettings,
  PrivacySettingsUpdate,
  TravelerPrivacy,
} from '@bh/shared';
import { api } from '../../lib/api.ts';
import { fileNameOf, saveBlob } from '../../lib/download.ts';

export const fetchPrivacySettings = () => api.get<PrivacySettings>('/api/privacy/settings');

export const savePrivacySettings = (update: PrivacySettingsUpdate) =>
  api.put<PrivacySettings>('/api/privacy/settings', update);

export const fetchTravelerPrivacy = (travelerId: string) =>
  api.get<TravelerPrivacy>(`/api/travelers/${travelerId}/privacy`);

export const setLegalHold = (travelerId: string, update: LegalHoldUpdate) =>
  api.put<TravelerPrivacy>(`/api/travelers/${travelerId}/legal-hold`, update);

export const eraseTraveler = (travelerId: string, reason: string) =>
  api.post<EraseAnswer>(`/api/travelers/${travelerId}/erase`, { reason });

/** Everything held about the traveller, as JSON or a readable page, saved as a file. */
export async function downloadPersonalData(travelerId: string, format: 'json' | 'html', lang: string) {
  const res = await api.get(`/api/travelers/${travelerId}/personal-data?format=${format}&lang=${lang}`, {
    raw: true,
  });
  saveBlob(await res.blob(), fileNameOf(res, `traveller-${travelerId}.${format}`));
}
