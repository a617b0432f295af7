import { startEmulator, type Emulator, type EmulatorOptions } from '@portal/m365-emulator';
import { createGraphClient } from '../graph-client';
import type { GraphClient, GraphClientOptions } from '../index';

/** Starts an emulator and a client pointed at it; small tenants keep the suite fast. */
export async function emulatorWithClient(
  emulatorOptions: EmulatorOptions = {},
  clientOptions: Partial<GraphClientOptions> = {},
): Promise<{ emulator: Emulator; client: GraphClient; clientFor: (extra?: Partial<GraphClientOptions>) => GraphClient }> {
  const emulator = await startEmulator({ seed: 'connector-tests', size: 600, ...emulatorOptions });
  const clientFor = (extra: Partial<GraphClientOptions> = {}) =>
    createGraphClient({
      ...emulator.credentials,
      pageSize: 7,
      ...clientOptions,
      ...extra,
    });
  return { emulator, client: clientFor(), clientFor };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
