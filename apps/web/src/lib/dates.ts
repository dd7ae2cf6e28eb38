import type { I18n } from '@lingui/core';
import { formatDate as date, formatDateTime as dateTime, formatDay as day, isLanguage } from '@marketplace/shared';

// The screens' dates in the reader's language: the one formatter of packages/shared (Malawi time, names
// written out, no Intl: docs/decisions/0067), given the translator's language. Without one, English.
const languageOf = (i18n?: I18n) => (i18n && isLanguage(i18n.locale) ? i18n.locale : 'en');

/** 'Thu, 14 Aug 2025, 2:30 pm' or 'Lachinayi, 14 Ogasiti 2025, 14:30', Malawi time. */
export const formatDateTime = (iso: string, i18n?: I18n) => dateTime(iso, languageOf(i18n));

/** '3 Dec' or '3 Disembala', Malawi time. */
export const formatDay = (iso: string, i18n?: I18n) => day(iso, languageOf(i18n));

/** '3 Dec 2026' or '3 Disembala 2026', Malawi time. */
export const formatDate = (iso: string, i18n?: I18n) => date(iso, languageOf(i18n));
