import { site } from '../content/site';

/** Title and description for a route's `meta` export. */
export function pageMeta(title: string, description: string, options: { noindex?: boolean } = {}) {
  return [
    { title: `${title} | ${site.companyName}` },
    { name: 'description', content: description },
    ...(options.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
