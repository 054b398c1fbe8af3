import { act, screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { renderRoutesAt } from '@/session/auth-context.testing';
import { lazyPage } from '../lazy-page';
import AccountArea from './account-area';
import { LAYOUT_ERROR } from './layout-error-boundary';
import { PublicLayout } from './public-layout';

/** Which part of the layouts breaks in a test. */
const broken = vi.hoisted(() => ({ header: false, menu: false }));

vi.mock('./site-header', async (original) => {
  const { SiteHeader } = await original<typeof import('./site-header')>();
  return {
    SiteHeader: () => {
      if (broken.header) throw new Error('header broke');
      return <SiteHeader />;
    },
  };
});
vi.mock('./account-menu', async (original) => {
  const menu = await original<typeof import('./account-menu')>();
  return {
    ...menu,
    AccountSidebar: (props: Parameters<typeof menu.AccountSidebar>[0]) => {
      if (broken.menu) throw new Error('menu broke');
      return <menu.AccountSidebar {...props} />;
    },
  };
});

function Throws(): never {
  throw new Error('escaped the page');
}

const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/escapes', element: <Throws /> },
      { path: '/inside-page', Component: lazyPage(() => Promise.resolve({ default: Throws })) },
    ],
  },
  { element: <AccountArea />, children: [{ path: paths.dashboard, element: <h1>Dashboard page</h1> }] },
];

const open = (path: string) => renderRoutesAt(routes, path, { ready: false });

/** The layout's message, full page: no header, no footer. */
function expectLayoutMessage() {
  const alert = screen.getByRole('alert');
  expect(within(alert).getByRole('heading', { level: 1 })).toHaveTextContent(LAYOUT_ERROR.title);
  expect(within(alert).getByRole('button', { name: LAYOUT_ERROR.reload })).toBeInTheDocument();
  expect(within(alert).getByRole('link', { name: LAYOUT_ERROR.home })).toHaveAttribute('href', paths.home);
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  // Never React Router's developer screen.
  expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  return alert;
}

beforeEach(() => {
  broken.header = false;
  broken.menu = false;
  // React reports errors a boundary caught; the app turns them into warnings (src/app/start.tsx).
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the public layout when part of it fails', () => {
  it('shows the friendly full-page message with a way home when the header throws', () => {
    broken.header = true;
    open('/');
    const alert = expectLayoutMessage();
    expect(within(alert).queryByRole('link', { name: LAYOUT_ERROR.dashboard })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
  });

  it('catches an error that escapes the page, too', () => {
    open('/escapes');
    expectLayoutMessage();
  });

  it('leaves a failing page to its own boundary, keeping the header', async () => {
    open('/inside-page');
    expect(await screen.findByRole('heading', { name: 'Something went wrong on this page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('tries the layout again when the address changes (the back button)', async () => {
    broken.header = true;
    const router = open('/escapes');
    expectLayoutMessage();
    broken.header = false;
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the customer area when part of its layout fails', () => {
  it('shows the message with ways back to the dashboard and home when the menu throws', () => {
    broken.menu = true;
    open(paths.dashboard);
    const alert = expectLayoutMessage();
    expect(within(alert).getByRole('link', { name: LAYOUT_ERROR.dashboard })).toHaveAttribute('href', paths.dashboard);
  });

  it('shows the area normally when nothing fails', () => {
    open(paths.dashboard);
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
