import type { ApiResult } from '@portal/request';
import type { OutboxResponse } from './account';
import { callEndpoint } from './call-endpoint';
import { accountEndpoints as ep } from './endpoints/account-endpoints';

/** Demo mode without SMTP only (404 elsewhere), and ADMIN only: the newest 50 messages the portal kept instead of sending. */
export const getDemoOutbox = (): Promise<ApiResult<OutboxResponse>> => callEndpoint(ep.getDemoOutbox);
