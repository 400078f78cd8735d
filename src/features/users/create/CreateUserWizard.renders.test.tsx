import type * as Mantine from '@mantine/core';
import { Profiler } from 'react';
import { screen } from '@testing-library/react';
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
    // React's profiler: the commits of the wizard's tree while typing (a commit that draws nothing is not one).
    const commits: string[] = [];
    renderInApp(
      <Profiler id="wizard" onRender={(_, phase) => commits.push(phase)}>
        <CreateUserWizard opened audience="admin" onClose={() => {}} />
      </Profiler>,
    );
    const firstName = await screen.findByRole('textbox', { name: /^First Name/ });
    await userEvent.click(firstName);
    resetRenderCounts();
    commits.length = 0;

    await userEvent.type(firstName, 'Awa');

    expect(firstName).toHaveValue('Awa');
    expect(renderCount('TextInput', 'First Name')).toBeGreaterThanOrEqual(3);
    expect(renderCount('TextInput', 'Family Name')).toBe(0);
    expect(renderCount('TextInput', 'Email')).toBe(0);
    expect(renderCount('Stepper', '')).toBe(0);
    // One commit per keystroke: the field's own; before, the data echoed back to RJSF and the wizard's frame made three.
    expect(commits).toHaveLength(3);
  });
});
