import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfoList } from '../../src/ui/InfoList';

/** Label and value rows (src/ui/InfoList.tsx): named as they read (WCAG 2.5.3), no definition list around buttons. */
describe('info rows', () => {
  afterEach(cleanup);

  it('names an action row by its label and value, then what it does; a plain row reads label then value', () => {
    const copy = vi.fn();
    const { container } = render(
      <InfoList
        rows={[
          { label: 'Login name', value: 'pn123', onPress: copy, actionLabel: 'Copy' },
          { label: 'Birthday', value: '1994-06-12' },
        ]}
      />,
    );
    screen.getByRole('button', { name: 'Login name pn123, Copy' }).click();
    expect(copy).toHaveBeenCalledOnce();
    expect(container.textContent).toBe('Login name pn123Birthday 1994-06-12');
    expect(container.querySelector('dl, dt, dd')).toBeNull();
  });
});
