import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { showAlert } from '@portal/ui/base';
import { ThemedFeedback } from './themed-feedback';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/mocks').federationRuntimeMock());

// MUI's baseline is a global style of rules for <body>; the page (its layout or the sign-in page's
// stylesheet) has its own, so the alert layer adds no second copy.
const baselineTags = () => [...document.querySelectorAll('style[data-emotion^="mui-global"]')].filter((style) => /body/.test([...((style as HTMLStyleElement).sheet?.cssRules ?? [])].map((rule) => rule.cssText).join('\n') + style.textContent));

test('the alert layer shows its messages in the theme and leaves the baseline to the page', async () => {
  render(<ThemedFeedback />);
  act(() => showAlert({ message: 'Saved' }));
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(baselineTags()).toEqual([]);
});
