/**
 * A staff role ends at once (docs/decisions/0149-staff-role-claim-and-record.md): an admin removes a support
 * member whose console is open in another browser, and that console says so and signs them out;
 * the ID token the member still holds reads nothing from the database and calls nothing of the
 * staff function, though its claim still says support. The same after `npm run staff:grant`.
 */
import { LOCAL_STACK } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { ROLE_ENDED } from '../../src/features/staff/role-ended';
import { main as staffGrant } from '../../scripts/staff-grant';
import { alertDialog, dismissAlert } from './auth.testing';
import { expect, test } from './fixtures.testing';
import { NEWEST_PAGE, callStaffFunction, createAccountWithRole, idTokenOf, readAs, setRoleInConsole, signInAt } from './staff.testing';

/** Every list the console reads, a page at a time as the rules allow staff: a removed member's
 *  token must read none of it. */
const STAFF_NODES = [
  'submissions/contact',
  'submissions/waitlist',
  'submissions/preorder',
  'customer_index',
  'all_orders',
  'staff_counters',
  'staff_audit',
];

/** What the token reads, node by node (its newest page): 200 or the database's refusal. */
async function readsWith(token: string): Promise<Record<string, number>> {
  const statuses = await Promise.all(STAFF_NODES.map(async (node) => [node, (await readAs(node, token, NEWEST_PAGE)).status] as const));
  return Object.fromEntries(statuses);
}

const everywhere = (status: number, nodes = STAFF_NODES) => Object.fromEntries(nodes.map((node) => [node, status]));

test('an admin removes a support member whose console is open: it says so and signs them out, and their token reads nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const member = await createAccountWithRole('member', 'support');
  const memberToken = await idTokenOf(member);
  expect(await readsWith(memberToken)).toEqual({ ...everywhere(200), staff_audit: 401 });

  await signInAt(page, member, paths.staffInbox);
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toBeVisible();

  const admin = await createAccountWithRole('admin', 'admin');
  expect(await setRoleInConsole(browser, admin, member.email, 'None (customer)')).toContain(
    'What they had ended at once: an open console signs them out.',
  );

  // The member's console, untouched since: it tells them, and they are signed out to the sign-in page.
  await expect(alertDialog(page)).toContainText(ROLE_ENDED.removed.title);
  await expect(alertDialog(page)).toContainText(ROLE_ENDED.removed.text);
  await dismissAlert(page);
  await expect(page).toHaveURL(new RegExp(`^[^?]*${paths.signIn}(\\?|$)`));
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toBeHidden();
  await page.goto(paths.staff);
  await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(paths.staff)}`);

  // The token they held still says support, and reads nothing; the staff function refuses it.
  const claims = JSON.parse(Buffer.from(memberToken.split('.')[1]!, 'base64url').toString()) as { role?: string };
  expect(claims.role).toBe('support');
  expect(await readsWith(memberToken)).toEqual(everywhere(401));
  const call = await callStaffFunction({ action: 'lookupCustomer', email: admin.email }, memberToken);
  expect([401, 403]).toContain(call.status);
  // A new sign-in brings no role back.
  expect(await readsWith(await idTokenOf(member))).toEqual(everywhere(401));
});

test('a role removed with npm run staff:grant ends at once too: the token held reads nothing', async () => {
  const member = await createAccountWithRole('grant-member', 'admin');
  const memberToken = await idTokenOf(member);
  expect(await readsWith(memberToken)).toEqual(everywhere(200));
  const lines: string[] = [];
  const code = await staffGrant([member.email, 'none', '--port-offset', String(LOCAL_STACK.offset)], {
    log: (line) => lines.push(line),
    error: (line) => lines.push(line),
  });
  expect([code, lines.join('\n')]).toEqual([0, expect.stringContaining('ended at once')]);
  expect(await readsWith(memberToken)).toEqual(everywhere(401));
});
