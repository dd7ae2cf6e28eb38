import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

const fieldOf = (field: HTMLElement | string) => (typeof field === 'string' ? screen.getByLabelText(field) : field);

/**
 * Replaces what a field (or the field with that label) holds the way a person does: empties it, then types
 * `text` key by key (nothing for an empty text). Braces and brackets are typed as themselves, not read as
 * user-event key names.
 */
export async function retype(user: UserEvent, field: HTMLElement | string, text: string) {
  const element = fieldOf(field);
  await user.clear(element);
  if (text) await user.type(element, text.replace(/[{[]/g, '$&$&'));
}

/** Replaces what a field holds with pasted text: for a text too long to type key by key in a test. */
export async function repaste(user: UserEvent, field: HTMLElement | string, text: string) {
  await user.clear(fieldOf(field));
  await user.paste(text);
}
