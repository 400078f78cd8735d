// Issue 27: the wallet dashboard opened cold on a phone does not load the chart's code (@mantine/charts and recharts, the app's
// largest chunk) while the chart is below the screen; it loads, and the chart draws, once the chart is scrolled to.
// What the page asked for is the evidence: a script the browser received that holds recharts. (The pay-in dashboard
// uses the same chart, but on a phone its chart is on the first screen, so it loads with the page there.)
import { expect, test, type Page } from '@playwright/test';
import { demoLogins, expectAccessible, openScreen, signIn } from './support';

const PHONE = { width: 412, height: 823 };

test.use({ viewport: PHONE });

/** Whether a script holding recharts (its wrapper's class name) reached the page so far. */
function watchChartCode(page: Page): () => Promise<boolean> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return async () => (await Promise.all(bodies)).some((body) => body.includes('recharts-wrapper'));
}

async function expectChartLoadsWhenScrolledTo(page: Page, figureName: string, chartCodeLoaded: () => Promise<boolean>) {
  const figure = page.getByRole('figure', { name: figureName });
  await expect(figure).toBeAttached();
  // Everything the cold load asks for has come.
  await page.waitForLoadState('networkidle');
  const box = await figure.boundingBox();
  expect(box?.y, 'the chart starts below the phone screen').toBeGreaterThan(PHONE.height);
  expect(await chartCodeLoaded(), 'the chart code was loaded before the chart was on screen').toBe(false);
  await expect(figure.locator('.recharts-wrapper')).toHaveCount(0);

  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('.recharts-wrapper')).toBeVisible();
  expect(await chartCodeLoaded()).toBe(true);
}

test('[IC-2.42] the wallet dashboard loads its chart when a phone scrolls to it, not with the page', async ({ page }) => {
  await signIn(page, demoLogins.partner);
  const chartCodeLoaded = watchChartCode(page);
  await openScreen(page, '/dashboard');
  await expectChartLoadsWhenScrolledTo(page, 'Transactions', chartCodeLoaded);
  await expect(page.getByRole('figure', { name: 'Transactions' }).locator('.recharts-line')).toHaveCount(4);
  await expectAccessible(page);
});

test('[issue 27] a chart\'s legend is drawn with the page, beside the chart, and recharts draws none of its own', async ({ page }) => {
  await signIn(page, demoLogins.partner);
  const chartCodeLoaded = watchChartCode(page);
  await openScreen(page, '/dashboard');
  const figure = page.getByRole('figure', { name: 'Transactions' });
  const legend = figure.getByRole('list', { name: 'Series' });
  await expect(legend.getByRole('listitem')).toHaveText(['Transaction Count', 'Top-Up', 'Cash-Out', 'Loans', 'P2P']);
  expect(await chartCodeLoaded(), 'the legend waits for no chart code').toBe(false);
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('.recharts-wrapper')).toBeVisible();
  await expect(figure.locator('.recharts-legend-wrapper')).toHaveCount(0);
});
