// The complete menu walked as staff walk it (identity-and-catalogue §2 "Per-tenant menus"): every item of three demo
// logins' menus, groups opened from the keyboard's button, opens its route without an error or a not-found page.
import { expect, test, type Page } from '@playwright/test';
import { demoLogins, openScreen, signIn } from './support';

/** [label, route]; a group's label alone opens it. */
type Walk = Array<[string, string | null]>;

const WALKS: Array<[string, string, Walk]> = [
  [
    '[IC-2.71] super@demo.test, the identity admin menu',
    demoLogins.super,
    [['Main Dashboard', '/remittances/dashboard'], ['Dashboard', '/admin/dashboard'], ['Tenants', '/admin/tenants'], ['Resources', '/admin/resources'], ['Scopes', '/admin/scopes'], ['Transactions', '/admin/transactions']],
  ],
  [
    '[IC-2.75] payin@demo.test, the payin menu',
    demoLogins.payin,
    [['Dashboard', '/remittances/dashboard'], ['Transactions', '/transactions/remittances'], ['Admins', '/admins'], ['Users', '/users'], ['Products', null], ['Product List', '/products/list'], ['New Product', '/products/new'], ['Forex', '/forex']],
  ],
  [
    '[IC-2.76] payout@demo.test, the payout menu',
    demoLogins.payout,
    [
      ['Dashboard', '/dashboard'], ['Transactions', '/transactions/remittances'], ['Admins', '/admins'], ['Users', '/users'],
      ['Products', null], ['Product List', '/products/list'], ['New Product', '/products/new'],
      ['Currencies', null], ['Currency List', '/currencies/list'], ['New Currency', '/currencies/new'], ['Forex', '/forex'],
    ],
  ],
];

function escaped(route: string): string {
  return route.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

async function walk(page: Page, items: Walk) {
  const menu = page.getByRole('navigation', { name: 'Main menu', exact: true });
  for (const [label, route] of items) {
    if (route === null) {
      const group = menu.getByRole('button', { name: label, exact: true });
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await expect(group).toHaveAttribute('aria-expanded', 'true');
      continue;
    }
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${escaped(route)}$`, 'i'));
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await expect(page.getByText('Sorry, page not found!')).toHaveCount(0);
  }
}

for (const [name, email, items] of WALKS) {
  test(`${name}: every item opens its screen`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await signIn(page, email);
    if (email === demoLogins.super) await openScreen(page, '/admin/tenants');
    await walk(page, items);
    expect(errors).toEqual([]);
  });
}
