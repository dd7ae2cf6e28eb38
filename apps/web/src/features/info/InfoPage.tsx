import type { ReactNode } from 'react';
import { pageTitle } from '../../lib/brand';
import { Title } from '../../lib/head';

/** Frame of the short text pages: one heading, readable line length, spaced paragraphs. */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="card mx-auto max-w-3xl px-5 py-6 sm:px-8 [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-stone-900 [&_p]:mt-2 [&_p]:text-stone-800 [&_li]:text-stone-800 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
      <Title>{pageTitle(title)}</Title>
      <h1 className="page-title">{title}</h1>
      {children}
    </article>
  );
}
