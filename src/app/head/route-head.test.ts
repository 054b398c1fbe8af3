import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { paths } from '@/config/paths';
import { privacyPolicyMeta } from '@/features/legal/legal-documents';
import { routeHead } from '../route-meta';
import { routes } from '../router';
import { describeRoute } from './describe';
import { SITE_DESCRIPTION } from './page-head';

async function headOf(address: string) {
  const url = new URL(address, 'https://leopard.example.com');
  return routeHead(matchRoutes(routes, url.pathname) ?? [], url.pathname, url.search, describeRoute);
}

describe('each route’s head', () => {
  it('gives every page the summary it shows as its description', async () => {
    expect(await headOf(paths.home)).toEqual({ title: '', description: PAGE_SUMMARIES.home, path: '/' });
    expect(await headOf(paths.company)).toMatchObject({ title: 'About us', description: PAGE_SUMMARIES.company });
    expect(await headOf(paths.store)).toMatchObject({ title: 'Store', description: PAGE_SUMMARIES.store });
    expect(await headOf(paths.support)).toMatchObject({ title: 'Support', description: PAGE_SUMMARIES.contact });
    expect(await headOf(paths.builderWaitlist)).toMatchObject({
      title: 'Enterprise builder waitlist',
      description: PAGE_SUMMARIES.enterprise,
    });
    expect(await headOf(`${paths.waitlist}?programme=nope`)).toMatchObject({ description: PAGE_SUMMARIES.waitlist });
    expect(await headOf(paths.privacyPolicy)).toMatchObject({ description: privacyPolicyMeta.summary });
  });

  it('describes a case study by its own summary and names it', async () => {
    const head = await headOf(paths.caseStudy('charm'));
    expect(head.title).toBe('Charm');
    expect(head.description).toMatch(/\w/);
    expect(head.description).not.toBe(SITE_DESCRIPTION);
  });

  it('names the plan and service of /product-details, and falls back for unknown ones', async () => {
    const gold = await headOf(paths.productDetails('websites', 'gold'));
    expect(gold.title).toBe('Gold plan for Web Apps');
    expect(gold.description).toMatch(/^Gold plan for Web Apps: /);
    expect(gold.path).toBe('/product-details');
    expect(await headOf(paths.productDetails('websites', 'tin'))).toMatchObject({ title: 'Plan details', description: SITE_DESCRIPTION });
  });

  it('uses the site description where a page has none of its own', async () => {
    expect(await headOf('/no-such-page')).toMatchObject({ title: 'Page not found', description: SITE_DESCRIPTION });
    expect(await headOf(paths.dashboard)).toMatchObject({ title: 'Dashboard', description: SITE_DESCRIPTION });
  });
});
