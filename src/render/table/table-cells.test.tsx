import { DEFAULT_THEME } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cellRenderer, type CellRendererContext } from './table-cells';

const context: CellRendererContext = { colorMaps: {}, theme: DEFAULT_THEME, rowActionsFor: () => [], onRowFlow: () => {}, runsFlow: () => true };

describe('table cells', () => {
  it('[UW-2.28] an email cell reads as the address and may wrap only after its @ and before its dots', () => {
    const draw = cellRenderer({ id: 'email', field: 'email.value', header: 'Email', format: 'email' }, context);
    const { container } = render(<div>{draw({ id: '1', type: 'user', email: { value: 'jainaba.bojang@mail.demo.test' } }, 1)}</div>);
    expect(container.textContent).toBe('jainaba.bojang@mail.demo.test');
    const parts = [...(container.querySelector('span')?.childNodes ?? [])].map((node) => (node.nodeName === 'WBR' ? '|' : node.textContent));
    expect(parts.join('')).toBe('jainaba|.bojang@|mail|.demo|.test');
  });

  it('[RP-9.05] a timestamp column shows DD-MM-YYYY HH:mm:ss in local time, and nothing for a missing or broken value', () => {
    const draw = cellRenderer({ id: 'at', field: 'at', header: 'Date', format: 'timestamp' }, context);
    const moment = new Date(2026, 0, 5, 7, 8, 9);
    const shown = (value: unknown) => render(<div>{draw({ id: '1', type: 'upt', at: value }, 1)}</div>).container.textContent;
    expect(shown(moment.toISOString())).toBe('05-01-2026 07:08:09');
    expect(shown(undefined)).toBe('');
    expect(shown('not a date')).toBe('');
  });

  it('draws nothing for a row without an email', () => {
    const draw = cellRenderer({ id: 'email', field: 'email.value', header: 'Email', format: 'email' }, context);
    const { container } = render(<div>{draw({ id: '1', type: 'user' }, 1)}</div>);
    expect(container.textContent).toBe('');
  });
});
