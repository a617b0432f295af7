import { request, type ApiResult } from '@portal/request';
import type { OutboxResponse } from './account';

/** Demo mode without SMTP only (404 elsewhere), and ADMIN only: the newest 50 messages the portal kept instead of sending. */
export const getDemoOutbox = (): Promise<ApiResult<OutboxResponse>> => request<ApiResult<OutboxResponse>>({ method: 'GET', url: 'dev/outbox' });
