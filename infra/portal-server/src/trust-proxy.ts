import type { TrustProxy } from '@portal/settings';

// The rule for TRUST_PROXY lives in @portal/settings with every other variable's.
export { parseTrustProxy, type TrustProxy } from '@portal/settings';

/**
 * The Fastify option. Fastify takes a hop count at run time, but its types do not list numbers, so
 * a count becomes the same rule as a function: trust the first `count` hops.
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
