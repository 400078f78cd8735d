import type * as Mantine from '@mantine/core';
import { Profiler } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { typedTextHandedOn } from '../../../render/test-utils';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { removeTestForms } from '../../../render/form/test-forms';
import { renderCount, resetRenderCounts } from '../../../render/render-counts';
import { COUNTRIES, GROUPS, ROLES, compileFormFile, fakeGateway, json, renderInApp, signInAs, type FetchMock } from '../documents/test-support';
import { CreateUserWizard } from './CreateUserWizard';

vi.mock('@mantine/core', async (original) =>
  (await import('../../../render/render-counts')).countingRenders(await original<typeof Mantine>(), ['TextInput', 'Stepper']),
);

// The client keeps the fetch it finds when it is created, so the fake goes in before any import.
const fetchMock: FetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  vi.stubGlobal('fetch', mock);
  return mock;
});

beforeAll(async () => {
  await compileFormFile('create-user');
  await compileFormFile('document-upload');
  await import('../../../render/form/SchemaFormEngine');
});
afterAll(removeTestForms);

describe('the Create User wizard as staff type (issue 27: fields that did not change do not re-render)', { timeout: 30_000 }, () => {
  it('[UW-2.50] typing into First Name draws that field again, not Family Name, Email nor the wizard’s steps', async () => {
    fakeGateway(fetchMock, {
      'GET /api/v1/um/roles': () => json(200, ROLES),
      'GET /api/v1/um/groups': () => json(200, GROUPS),
      'GET /api/v1/um/countries': () => json(200, COUNTRIES),
    });
    signInAs([4], 'teller');
    // React's profiler: the commits of the wizard's tree (a commit that draws nothing is not one).
    let commits = 0;
    renderInApp(
      <Profiler id="wizard" onRender={() => (commits += 1)}>
        <CreateUserWizard opened audience="admin" onClose={() => {}} />
      </Profiler>,
    );
    const firstName = await screen.findByRole('textbox', { name: /^First Name/ });
    await userEvent.click(firstName);
    resetRenderCounts();

    for (const typed of ['A', 'Aw', 'Awa']) {
      commits = 0;
      fireEvent.change(firstName, { target: { value: typed } });
      // One commit in the key, the field's own: RJSF's change and the wizard's new details come after its paint.
      expect(commits).toBe(1);
    }
    await userEvent.type(firstName, 'bi');
    await typedTextHandedOn();

    expect(firstName).toHaveValue('Awabi');
    expect(renderCount('TextInput', 'First Name')).toBeGreaterThanOrEqual(5);
    expect(renderCount('TextInput', 'Family Name')).toBe(0);
    expect(renderCount('TextInput', 'Email')).toBe(0);
    expect(renderCount('Stepper', '')).toBe(0);
  });
});
