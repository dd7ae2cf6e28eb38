import { queryOptions } from '@tanstack/react-query';
import type { EraseAnswer, PersonalData } from '@marketplace/shared';
import { adminFile, adminRequest } from '../api';

export const PERSONAL_DATA_ERRORS = {
  find: 'Failed to look up personal data',
  export: 'Failed to export personal data',
  erase: 'Failed to erase personal data',
} as const;

/** One of the two: a phone (as typed; the server normalises it) or an email. */
export type PersonSearch = { phone: string } | { email: string };

export const personalDataKeys = {
  all: ['personal-data'] as const,
  one: (who: PersonSearch) => [...personalDataKeys.all, who] as const,
};

const query = (who: PersonSearch) => `?${new URLSearchParams(who).toString()}`;

export const personalDataQuery = (who: PersonSearch) =>
  queryOptions({
    queryKey: personalDataKeys.one(who),
    queryFn: ({ signal }) =>
      adminRequest<PersonalData>(`/admin/personal-data${query(who)}`, {
        defaultMessage: PERSONAL_DATA_ERRORS.find,
        signal,
      }),
    meta: { defaultMessage: PERSONAL_DATA_ERRORS.find },
  });

/** Fetches the export with the staff token and hands it to the browser to save (as the Money CSV is). */
export async function downloadPersonalData(who: PersonSearch): Promise<void> {
  const file = await adminFile(`/admin/personal-data/export${query(who)}`, {
    defaultMessage: PERSONAL_DATA_ERRORS.export,
  });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `personal-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the object URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function erasePersonalData(who: PersonSearch): Promise<EraseAnswer> {
  return adminRequest<EraseAnswer>('/admin/personal-data/erase', {
    method: 'POST',
    body: who,
    defaultMessage: PERSONAL_DATA_ERRORS.erase,
  });
}
