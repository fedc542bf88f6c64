import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n';
import type { ContentDoc, DocSlug } from './docs/types';

/**
 * Help and legal documents are i18next namespaces (`doc-<slug>`), one chunk per document and language,
 * downloaded when a page shows them and cached by the service worker afterwards.
 */
const modules = import.meta.glob<{ default: ContentDoc }>('./docs/*.*.ts');

export async function loadDoc(slug: DocSlug, language: string): Promise<ContentDoc> {
  const ns = `doc-${slug}`;
  const lang = language === 'cn' ? 'cn' : 'en';
  if (!i18next.hasResourceBundle(lang, ns)) {
    const loader = modules[`./docs/${slug}.${lang}.ts`] ?? modules[`./docs/${slug}.en.ts`];
    if (!loader) throw new Error(`no document ${slug}`);
    const { default: doc } = await loader();
    i18next.addResourceBundle(lang, ns, doc, true, true);
  }
  return i18next.getResourceBundle(lang, ns) as ContentDoc;
}

export function useDoc(slug: DocSlug): ContentDoc {
  const { i18n } = useTranslation();
  return useSuspenseQuery({
    queryKey: ['doc', slug, i18n.language],
    queryFn: () => loadDoc(slug, i18n.language),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

export function useDocs(slugs: readonly DocSlug[]): ContentDoc[] {
  const { i18n } = useTranslation();
  return useSuspenseQuery({
    queryKey: ['docs', slugs.join(','), i18n.language],
    queryFn: () => Promise.all(slugs.map((slug) => loadDoc(slug, i18n.language))),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}
