// The load test's section of docs/reliability.md lives between two marker comments: the load test rewrites what
// is between them, and `npm run stress`, which rewrites the rest of the file, keeps it.
const START = '<!-- loadtest:start -->';
const END = '<!-- loadtest:end -->';

/** The marked section of `doc` (markers included), or '' when it has none. */
function sectionOf(doc) {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END, from);
  return from === -1 || to === -1 ? '' : doc.slice(from, to + END.length);
}

/** `doc` with its marked section replaced by `body` (between the markers), or with it appended when it has none. */
export function withSection(doc, body) {
  const section = `${START}\n${body.trim()}\n${END}`;
  const old = sectionOf(doc);
  return old ? doc.replace(old, () => section) : `${doc.trimEnd()}\n\n${section}\n`;
}

/** A freshly written file that keeps the marked section the previous one had (the stress report's rewrite). */
export function keepSection(previous, fresh) {
  const old = sectionOf(previous);
  return old ? withSection(fresh, old.slice(START.length, -END.length)) : fresh;
}
