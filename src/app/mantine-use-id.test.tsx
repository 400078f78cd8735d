// The useId Mantine's fields take in the app's build (scripts/mantine-use-id.ts): the id of the first render, kept.
import { Profiler } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useId } from './mantine-use-id';

function Field({ label, id }: { label: string; id?: string }) {
  const inputId = useId(id);
  return (
    <>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} />
    </>
  );
}

describe("Mantine's useId", () => {
  it('gives each field its own id in the first render, so mounting fields commits once, not again from a layout effect', () => {
    const commits = vi.fn();
    render(
      <Profiler id="fields" onRender={(_id, phase) => commits(phase)}>
        <Field label="First name" />
        <Field label="Last name" />
      </Profiler>,
    );
    expect(commits.mock.calls).toEqual([['mount']]);
    const first = screen.getByLabelText('First name');
    expect(first.id).toMatch(/^mantine-[\w-]+$/);
    expect(screen.getByLabelText('Last name').id).not.toBe(first.id);
  });

  it('keeps an id the caller gives', () => {
    render(<Field id="email-field" label="Email" />);
    expect(screen.getByLabelText('Email').id).toBe('email-field');
  });
});
