import type { I18n } from '@lingui/core';

/**
 * A text that comes from outside the code (a category name, a validation or server message) in the
 * reader's language when a catalogue translates it, else as it came. Never read as a message: data could
 * hold braces. The fixed category names and the shared schemas' messages are marked for the catalogues
 * where they are written (packages/shared, with an i18n comment).
 */
export function translateKnown(i18n: I18n, text: string): string {
  return i18n.messages[text] === undefined ? text : i18n._(text);
}
