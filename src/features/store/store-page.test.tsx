import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { planFeatures } from '@/catalog/plan-features';
import { PLAN_IDS, PLAN_NAMES } from '@/catalog/plans';
import { SERVICE_IDS, SERVICE_LABELS } from '@/catalog/services';
import { paths } from '@/config/paths';
import StorePage from './store-page';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{pathname + search}</output>;
}

function renderStore(entry: string = paths.store) {
  const router = createMemoryRouter(
    [
      {
        path: paths.store,
        element: (
          <>
            <StorePage />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const cards = () => within(screen.getAllByRole('list')[0]!).getAllByRole('listitem');

describe('Store', () => {
  it('lists the nine services, each with Purchase Now', () => {
    renderStore();
    expect(screen.getByRole('heading', { level: 1, name: 'Store' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Choose a service' })).toBeInTheDocument();
    expect(cards()).toHaveLength(SERVICE_IDS.length);
    for (const service of SERVICE_IDS) {
      expect(screen.getByRole('heading', { level: 3, name: SERVICE_LABELS[service] })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: `Purchase Now ${SERVICE_LABELS[service]}` })).toHaveAttribute(
        'href',
        `/store?service=${service}`,
      );
    }
  });

  it('picks a model for the chosen service, remembers it in the address, and goes back', async () => {
    renderStore();
    await userEvent.click(screen.getByRole('link', { name: 'Purchase Now Mobile Apps' }));

    const heading = screen.getByRole('heading', { level: 2, name: 'Pick a Model' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Mobile Apps')).toBeInTheDocument();
    expect(address()).toBe('/store?service=mobile_apps');
    expect(cards()).toHaveLength(PLAN_IDS.length);

    const earth = cards()[0]!;
    expect(within(earth).getByRole('heading', { level: 3, name: 'Earth' })).toBeInTheDocument();
    expect(earth).toHaveTextContent('from $7,500/mo');
    expect(earth).toHaveTextContent('5 dedicated engineers');
    expect(earth).not.toHaveTextContent('Team');
    expect(within(earth).getByRole('link', { name: 'Buy Earth' })).toHaveAttribute('href', paths.productDetails('mobile_apps', 'earth'));
    expect(cards()[5]).toHaveTextContent('from $50,000/mo');
    expect(cards()[6]).toHaveTextContent('Pay as you go');
    expect(cards()[3]).toHaveTextContent('9 dedicated engineers');
    expect(cards()[6]).toHaveTextContent('A team sized to your store');
    for (const card of cards()) expect(card).not.toHaveTextContent(/Developers|Team:/);

    await userEvent.click(screen.getByRole('button', { name: 'Back to categories' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Choose a service' })).toHaveFocus();
    expect(address()).toBe('/store');
  });

  it('opens the models straight from the address, as after a reload', () => {
    renderStore('/store?service=device_integration');
    expect(screen.getByRole('heading', { level: 2, name: 'Pick a Model' })).not.toHaveFocus();
    expect(screen.getByText('Device Integration')).toBeInTheDocument();
  });

  it('Learn More lists the plan’s features in a dialog that Escape closes', async () => {
    renderStore('/store?service=websites');
    const learnMore = screen.getByRole('button', { name: `Learn More about ${PLAN_NAMES.gold}` });
    await userEvent.click(learnMore);

    const dialog = screen.getByRole('dialog', { name: 'Gold plan features' });
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(planFeatures('gold'));
    expect(items).toContain('9 dedicated engineers');
    expect(within(dialog).getByRole('link', { name: 'Buy Gold' })).toHaveAttribute('href', paths.productDetails('websites', 'gold'));

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(learnMore).toHaveFocus();
  });

  it('shows the categories with a note for a service it does not offer', () => {
    renderStore('/store?service=seo_services');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('We do not offer a service called “seo_services”');
    expect(cards()).toHaveLength(SERVICE_IDS.length);
  });
});
