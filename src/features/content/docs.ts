import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n';
import type { ContentDoc, DocSlug } from './docs/types';

/**
 * Help and legal documents are i18next namespaces (`doc-<slug>`), one chunk per document and language,
 * downloaded when a page shows them and cached by the service worker afterwards.
 */
const modules = {
  ...import.meta.glob<{ default: ContentDoc }>('./docs/*.*.ts'),
  // The FAQ articles live in the shared layer: the support desk's out-of-hours answer names them too.
  ...import.meta.glob<{ default: ContentDoc }>('../../contract/faq/*.*.ts'),
};
const loaderOf = (slug: DocSlug, lang: string) => modules[`./docs/${slug}.${lang}.ts`] ?? modules[`../../contract/faq/${slug}.${lang}.ts`];

export async function loadDoc(slug: DocSlug, language: string): Promise<ContentDoc> {
  const ns = `doc-${slug}`;
  const lang = language === 'cn' ? 'cn' : 'en';
  if (!i18next.hasResourceBundle(lang, ns)) {
    const loader = loaderOf(slug, lang) ?? loaderOf(slug, 'en');
    if (!loader) throw new Error(`no document ${slug}`);
    const { default: doc } = await loader();
    i18next.addResourceBundle(lang, ns, doc, true, true);
  }
  return i18next.getResourceBundle(lang, ns) as ContentDoc;
}

/** One document in one language: loaded once, then kept (its text changes only with a release). */
export const docQuery = (slug: DocSlug, language: string) =>
  queryOptions({
    queryKey: ['doc', slug, language],
    queryFn: () => loadDoc(slug, language),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const docsQuery = (slugs: readonly DocSlug[], language: string) =>
  queryOptions({
    queryKey: ['docs', slugs.join(','), language],
    queryFn: () => Promise.all(slugs.map((slug) => loadDoc(slug, language))),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useDoc(slug: DocSlug): ContentDoc {
  const { i18n } = useTranslation();
  return useSuspenseQuery(docQuery(slug, i18n.language)).data;
}

export function useDocs(slugs: readonly DocSlug[]): ContentDoc[] {
  const { i18n } = useTranslation();
  return useSuspenseQuery(docsQuery(slugs, i18n.language)).data;
}
