import { BRAND } from '../lib/brand';
import { HeadLink, Meta, Title } from '../lib/head';
import { useInitialData } from '../lib/initial-data';

interface PageMetaProps {
  /** The document title, already made with pageTitle() from a text in the reader's language. */
  title: string;
  /** In the reader's language (i18n._): PageMeta adds no words of its own, only the brand and addresses. */
  description: string;
  /** The page's own path, e.g. /product/12. */
  path: string;
  /** An image path under the API, e.g. a product photo's URL. */
  image?: string | null;
  type?: 'website' | 'product';
}

/**
 * The page's <title>, and in the server's HTML its description and Open Graph tags, so a link shared on
 * WhatsApp or Facebook shows the item's name, price and photo. Only crawlers read those: the browser
 * renders the title alone, and a crawler never runs the page's JS.
 */
export function PageMeta({ title, description, path, image, type = 'website' }: PageMetaProps) {
  const { origin } = useInitialData();
  if (!origin) return <Title>{title}</Title>;
  return (
    <>
      <Title>{title}</Title>
      <Meta name="description" content={description} />
      <HeadLink rel="canonical" href={`${origin}${path}`} />
      <Meta property="og:type" content={type} />
      <Meta property="og:site_name" content={BRAND} />
      <Meta property="og:title" content={title} />
      <Meta property="og:description" content={description} />
      <Meta property="og:url" content={`${origin}${path}`} />
      {image && <Meta property="og:image" content={`${origin}${image}`} />}
      <Meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
    </>
  );
}
