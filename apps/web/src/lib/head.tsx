import { createContext, useContext, useLayoutEffect } from 'react';

// The document head's tags a screen asks for (its <title>, description, preloads), as React 19 hoists them;
// the app runs on Preact's runtime, which does not (docs/decisions/0100). In the browser each tag is an element
// of <head> while its component is shown (a server-rendered one is taken over, not doubled); in the server's
// render they are collected for the document's head instead (ssr/render.tsx).

/** Server only: the head tags a render asked for, as HTML; preloads first, so their fetches start earliest. */
export interface CollectedHead {
  preloads: Set<string>;
  tags: Set<string>;
}
export const CollectedHead = createContext<CollectedHead | null>(null);

type Attributes = Record<string, string | undefined>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeHtml(text).replace(/"/g, '&quot;');

function html(tag: string, attributes: Attributes, text?: string): string {
  const pairs = Object.entries(attributes).filter((pair): pair is [string, string] => pair[1] !== undefined);
  const open = `<${tag}${pairs.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}`;
  return text === undefined ? `${open}/>` : `${open}>${escapeHtml(text)}</${tag}>`;
}

// Elements of <head> a shown component owns: a server-rendered one is taken over once, never by two.
const owned = new WeakSet<Element>();

function same(element: Element, attributes: Attributes, text: string | undefined): boolean {
  const defined = Object.entries(attributes).filter(([, value]) => value !== undefined);
  return (
    element.attributes.length === defined.length &&
    defined.every(([name, value]) => element.getAttribute(name) === value) &&
    (text === undefined || element.textContent === text)
  );
}

/** The head's element for this tag: the server's copy when it is there, else a new one in React's place. */
function place(tag: string, attributes: Attributes, text: string | undefined): Element {
  const rendered = [...document.head.getElementsByTagName(tag)].find(
    (element) => !owned.has(element) && same(element, attributes, text),
  );
  if (rendered) return rendered;
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  // The newest title goes first: a browser names the tab after the first <title>, the template's stays last.
  if (tag === 'title') document.head.insertBefore(element, document.head.querySelector('title'));
  else document.head.append(element);
  return element;
}

function HeadTag({ tag, attributes, text }: { tag: string; attributes: Attributes; text?: string }) {
  const collected = useContext(CollectedHead);
  const key = html(tag, attributes, text);
  collected?.tags.add(key);
  useLayoutEffect(() => {
    const element = place(tag, attributes, text);
    owned.add(element);
    return () => {
      owned.delete(element);
      element.remove();
    };
    // The HTML is the tag's whole identity: a changed attribute or text is another element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}

/** The document's title while the component is shown. */
export function Title({ children }: { children: string }) {
  return <HeadTag tag="title" attributes={{}} text={children} />;
}

/** A <meta> of the document's head (by `name` or Open Graph's `property`). */
export function Meta(attributes: { name?: string; property?: string; content: string }) {
  return <HeadTag tag="meta" attributes={attributes} />;
}

/** A <link> of the document's head (a canonical address). */
export function HeadLink(attributes: { rel: string; href: string }) {
  return <HeadTag tag="link" attributes={attributes} />;
}

interface PreloadImageProps {
  href: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * The page's main picture asked for from the head at high priority, before the code and the stylesheet, as
 * react-dom's preload() does; kept once there (a later screen's picture may come from the browser's cache).
 */
export function PreloadImage({ href, srcSet, sizes }: PreloadImageProps) {
  const collected = useContext(CollectedHead);
  const attributes = {
    rel: 'preload',
    as: 'image',
    href,
    fetchpriority: 'high',
    imagesrcset: srcSet,
    imagesizes: sizes,
  };
  if (collected) collected.preloads.add(html('link', attributes));
  else if (
    ![...document.head.querySelectorAll('link[rel="preload"]')].some((link) => link.getAttribute('href') === href)
  )
    place('link', attributes, undefined);
  return null;
}
