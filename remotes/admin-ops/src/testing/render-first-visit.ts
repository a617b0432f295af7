import { render, type RenderResult } from '@testing-library/react';
import { portalQueryClient } from '@portal/data';
import type { ReactElement } from 'react';

/**
 * Renders `ui` as on a first visit, after the test unmounted an earlier render: the shared query
 * cache would otherwise show the last answer (an empty list, say) while the page reloads.
 */
export function renderFirstVisit(ui: ReactElement): RenderResult {
  portalQueryClient.clear();
  return render(ui);
}
