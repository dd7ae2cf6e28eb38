import type { I18n } from '@lingui/core';

type MessageCompiler = Parameters<I18n['setMessagesCompiler']>[0];
type Compiled = ReturnType<MessageCompiler>;
const compiled = new Map<string, Compiled>();

/**
 * English has no catalogue: a message's id is its English text, used as it stands. Only its placeholders
 * ("{name}") need compiling, which this does in a few bytes instead of Lingui's 7 kB ICU compiler. English
 * texts therefore use placeholders only, never ICU plural or select syntax: a count chooses between two
 * messages in the code, which reads naturally in Chichewa too (docs/decisions/0032).
 */
export const compileEnglish: MessageCompiler = (message) => {
  let tokens = compiled.get(message);
  if (!tokens) {
    tokens = message.split(/\{(\w+)\}/).flatMap<Compiled[number]>((part, i) => (i % 2 ? [[part]] : part ? [part] : []));
    compiled.set(message, tokens);
  }
  return tokens;
};
