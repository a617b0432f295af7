import { render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { lazyExport } from './lazy-export';
import { preloadable } from './preloadable';

function moduleWithGreeting() {
  const importModule = jest.fn(async () => ({ Greeting: ({ name }: { name: string }) => <p>Hello {name}</p> }));
  return { importModule, module: preloadable(importModule) };
}

const inSuspense = (element: ReactElement) => <Suspense fallback={<p>Loading</p>}>{element}</Suspense>;

test('a module preloaded before its component mounts renders at once, without the fallback', async () => {
  const { importModule, module } = moduleWithGreeting();
  const Greeting = lazyExport<Awaited<ReturnType<typeof importModule>>, { name: string }>(module, 'Greeting');
  await module.load();
  render(inSuspense(<Greeting name="Ada" />));
  expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  expect(screen.queryByText('Loading')).toBeNull();
  expect(importModule).toHaveBeenCalledTimes(1);
});

test('a module not loaded yet goes through the fallback, and is imported once however often it is asked for', async () => {
  const { importModule, module } = moduleWithGreeting();
  const Greeting = lazyExport<Awaited<ReturnType<typeof importModule>>, { name: string }>(module, 'Greeting');
  render(inSuspense(<Greeting name="Ada" />));
  expect(screen.getByText('Loading')).toBeInTheDocument();
  expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  await module.load();
  expect(module.loaded()).toBeDefined();
  expect(importModule).toHaveBeenCalledTimes(1);
});
