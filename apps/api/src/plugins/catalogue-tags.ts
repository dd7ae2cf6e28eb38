import type { FastifyRequest } from 'fastify';
import type { CatalogueChange } from '../db/database.js';

// docs/decisions/0089: what each catalogue version changed, as the tags the database's triggers record
// (migration 0046), and what each cached answer depends on, in the same words. An answer that names what it
// depends on goes stale only when one of those changes; one that names nothing, with any change (0013's rule).

/** The product's own answer, and its place (reserved, sold, price) in any list showing it. */
export const productTag = (id: number) => `p${id}`;
/** Which products the lists of a category hold, in what order, how many; undefined: every category's lists. */
export const listTag = (categoryId: number | undefined) => (categoryId === undefined ? 'c*' : `c${categoryId}`);
/** The same for the lists of available items only, which a hold or a sale changes too. */
export const availableTag = (categoryId: number | undefined) => (categoryId === undefined ? 'a*' : `a${categoryId}`);
/** Whether some product of a category (of any, undefined) is unsold: the storefront's categories. */
export const soldTag = (categoryId: number | undefined) => (categoryId === undefined ? 'o*' : `o${categoryId}`);
/** Any product's search words (searches, suggestions). */
export const SEARCH_TAG = 's';
/** The featured items. */
export const FEATURED_TAG = 'f';

/** The tags of which products lists hold (not the products' own answers): what CATALOGUE_LIST_LAG_SECONDS covers. */
const LIST_TAG = /^[cao]/;

/** Past this many versions behind (or tags remembered), a process drops everything rather than catch up. */
const MOST_BEHIND = 5_000;
const MOST_TAGS = 100_000;

/**
 * The last version at which each tag changed, as far as this process has read (up to `known`): a cached answer
 * made at version V is still right when none of its tags changed after V. A change to one category's lists
 * (or a sale in it) changes its available lists and the lists of all categories (or of their available items);
 * `*` (categories, shops) changes everything.
 */
export class CatalogueChanges {
  /** The version whose changes are all applied; undefined before the first read. */
  known: number | undefined;
  private everything = 0;
  private readonly last = new Map<string, number>();

  constructor(private readonly read: (after: number, upTo: number) => Promise<CatalogueChange[]>) {}

  private catchingUp: Promise<void> = Promise.resolve();

  /** Reads and applies what changed up to `version`; calls made meanwhile wait their turn. */
  upTo(version: number): Promise<void> {
    if (this.known !== undefined && this.known >= version) return Promise.resolve();
    const next = this.catchingUp.then(() => this.apply(version));
    // A failed read leaves `known` where it was: the next request tries again.
    this.catchingUp = next.catch(() => {});
    return next;
  }

  private async apply(version: number) {
    const known = this.known;
    if (known !== undefined && known >= version) return;
    // The first read, or too far behind: nothing held can be trusted to be current.
    if (known === undefined || version - known > MOST_BEHIND || this.last.size > MOST_TAGS) {
      return this.reset(version);
    }
    const changes = await this.read(known, version);
    // Each version records at least one tag: a version missing was pruned (or predates 0046).
    if (new Set(changes.map((c) => c.version)).size !== version - known) return this.reset(version);
    for (const { version: at, tag } of changes) this.note(tag, at);
    this.known = Math.max(this.known ?? 0, version);
  }

  private reset(version: number) {
    this.last.clear();
    this.everything = version;
    this.known = Math.max(this.known ?? 0, version);
  }

  private note(tag: string, at: number) {
    const mark = (t: string) => {
      if ((this.last.get(t) ?? 0) < at) this.last.set(t, at);
    };
    if (tag === '*') this.everything = Math.max(this.everything, at);
    else if (tag.startsWith('c')) {
      mark(tag);
      mark('c*');
      mark(`a${tag.slice(1)}`);
      mark('a*');
    } else if (tag.startsWith('o')) {
      mark(tag);
      mark('o*');
      mark(`a${tag.slice(1)}`);
      mark('a*');
    } else if (tag.startsWith('a')) {
      mark(tag);
      mark('a*');
    } else mark(tag);
  }

  /**
   * What changed, as of `known`, of what an answer made at `version` depends on: nothing; only which products its
   * lists hold and how many (`lists`: the c, a and o tags, never a shown product's own `p`); or more (with no
   * `tags`, any change at all).
   */
  changedSince(version: number, tags: ReadonlySet<string> | undefined): 'nothing' | 'lists' | 'more' {
    if (this.known === undefined) return 'more';
    if (version >= this.known) return 'nothing';
    if (tags === undefined || this.everything > version) return 'more';
    let changed: 'nothing' | 'lists' = 'nothing';
    for (const tag of tags) {
      if ((this.last.get(tag) ?? 0) <= version) continue;
      if (!LIST_TAG.test(tag)) return 'more';
      changed = 'lists';
    }
    return changed;
  }
}

/** Says what a catalogue answer being made depends on (a no-op outside the catalogue cache). */
export function dependsOn(request: FastifyRequest, ...tags: string[]) {
  const catalogue = request.catalogue;
  if (catalogue === undefined) return;
  catalogue.tags ??= new Set();
  for (const tag of tags) catalogue.tags.add(tag);
}
