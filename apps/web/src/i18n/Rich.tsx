import { Fragment, type ReactNode } from 'react';

const TAG = /<(\d+)>(.*?)<\/\1>/g;

/**
 * A translated sentence with marked parts ("Read our <0>privacy notice</0>."), each drawn by `parts[n]`
 * (a link, bold text): the translator moves the parts as the language needs, and never sees markup.
 */
export function Rich({ text, parts }: { text: string; parts: ReadonlyArray<(content: string) => ReactNode> }) {
  const out: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    out.push(text.slice(at, match.index));
    const part = parts[Number(match[1])];
    out.push(<Fragment key={match.index}>{part ? part(match[2] ?? '') : match[2]}</Fragment>);
    at = match.index + match[0].length;
  }
  out.push(text.slice(at));
  return <>{out}</>;
}
