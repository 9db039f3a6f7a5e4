import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';

/** Renders one widget with the real providers (antd App, query client) under a memory router. */
export function renderWidget(
  ui: ReactNode,
  path = '/userCenter/uCenter',
  options: { fakeTimers?: boolean } = {},
) {
  const user = userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    ...(options.fakeTimers ? { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } : {}),
  });
  const view = render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user };
}
