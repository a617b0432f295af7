export { OutboundPolicy, OutboundRefusedError, isOutboundRefusal, OUTBOUND_REFUSED } from './outbound-policy';
export type { EndpointRole, OutboundPolicyOptions } from './outbound-policy';
export { createGuardedFetch, type GuardedFetch } from './guarded-fetch';
export { isPublicAddress } from './address-ranges';
export { GRAPH_HOSTS, SIGNIN_HOSTS, CONTENT_HOST_SUFFIXES } from './microsoft-endpoints';
