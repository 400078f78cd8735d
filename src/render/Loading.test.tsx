import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loading } from './Loading';

const indexHtml = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html');

describe("the loading text 'Loading...' (users-and-wallets §2, §8)", () => {
  it("[UW-8.24] the loading indicator is announced as 'Loading...'", () => {
    render(
      <MantineProvider env="test">
        <Loading />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading\.\.\.$/);
  });

  it("[UW-8.24] [UW-2.68] the page title starts as 'Loading...'", () => {
    const page = new DOMParser().parseFromString(readFileSync(indexHtml, 'utf8'), 'text/html');
    expect(page.title).toBe('Loading...');
  });
});
