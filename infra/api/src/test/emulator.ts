import { startEmulator, type Emulator, type EmulatorOptions } from '@portal/m365-emulator';

/**
 * An M365 emulator for the tests around the call (the file, or a describe block): started before the
 * first, stopped after the last. Filled in by beforeAll, so read it in hooks and tests, not at load time.
 */
export function testEmulator(options: EmulatorOptions): Emulator {
  const emulator = {} as Emulator;
  beforeAll(async () => {
    Object.assign(emulator, await startEmulator(options));
  });
  afterAll(async () => {
    await emulator.stop?.();
  });
  return emulator;
}
