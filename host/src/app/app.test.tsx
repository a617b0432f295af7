import { Profiler } from 'react';
import { screen } from '@testing-library/react';
import { authStore } from '@portal/auth-bridge';
import { renderInMemoryRouter } from '@portal/ui/testing';
import { resetApp, signIn, testUser } from '../testing/render-app';
import { App } from './app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../testing/mocks').callsMock());

// The pages stand in for the whole routed tree (the signed-in shell and its page), counted per render.
let pageRenders = 0;
jest.mock('./routes', () => ({
  AppRoutes: () => {
    pageRenders += 1;
    return <p>the pages</p>;
  },
}));

/** Renders the app and returns, per commit, how many times the pages had rendered by then. */
async function commitsOfFirstVisit(): Promise<number[]> {
  const commits: number[] = [];
  renderInMemoryRouter('/dashboard', {
    element: (
      <Profiler id="app" onRender={() => commits.push(pageRenders)}>
        <App />
      </Profiler>
    ),
  });
  await screen.findByText('the pages');
  return commits;
}

beforeEach(() => {
  resetApp();
  pageRenders = 0;
});

test('a signed-in visit commits the loader first and renders its pages only in a later, deferred render', async () => {
  // Restored before the first render: without an initial value the deferred readiness is true at
  // once, and the first render (which a store write can make React redo synchronously) is the whole shell.
  signIn(testUser());
  const commits = await commitsOfFirstVisit();
  expect(commits[0]).toBe(0);
  expect(commits.length).toBeGreaterThan(1);
});

test('a signed-out visit draws its page in the first render, so the prerendered sign-in page hands over at once', async () => {
  authStore.getState().restore();
  const commits = await commitsOfFirstVisit();
  expect(commits[0]).toBeGreaterThan(0);
});
