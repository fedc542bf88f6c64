import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { queryClient } from '../../src/api/instance';
import { hurryAfterFirstPaint } from '../../src/app/afterFirstPaint';
import { createAppRouter } from '../../src/app/router';

/** Renders the whole app at an address (`untilMain`: and waits until its page's main landmark is there). */
export async function renderApp(path: string, { untilMain = false }: { untilMain?: boolean } = {}) {
  const router = createAppRouter(() => Promise.resolve(), { history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  // Into `#root`, as index.html has it (the floating buttons' room is its padding).
  const container = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { container },
  );
  // What waits for the first page to settle (the watchers, the site information's refresh) goes at once:
  // these tests are about what it does, not when (tests/unit/afterFirstPaint.test.ts is).
  hurryAfterFirstPaint();
  if (untilMain) await screen.findByRole('main');
  return router;
}
