import type { OutboundPolicyOptions } from '@portal/outbound-guard';

/**
 * What a test's server must be configured with to reach an M365 emulator on loopback: its origin
 * and the loopback network. Without it the outbound guard refuses the emulator, as it should.
 */
export function emulatorOutbound(emulator: { url: string }): OutboundPolicyOptions {
  return { origins: [new URL(emulator.url).origin], networks: ['127.0.0.0/8'] };
}
