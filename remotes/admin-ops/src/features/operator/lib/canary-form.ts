import { startCanaryRequestSchema, type StartCanaryRequest } from '@portal/contracts';
import { z } from 'zod';

// The "Start canary" form holds what the user typed (strings); its rules are the API's own
// (startCanaryRequestSchema), applied to the request the form would send.

export interface CanaryForm {
  name: string;
  version: string;
  percent: string;
  promoteAfterMinutes: string;
}

export const emptyCanaryForm = (name = ''): CanaryForm => ({ name, version: '', percent: '10', promoteAfterMinutes: '' });

const asNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.trim()));

export function toStartCanaryRequest(form: CanaryForm): StartCanaryRequest {
  return {
    version: form.version,
    percent: asNumber(form.percent),
    ...(form.promoteAfterMinutes.trim() === '' ? {} : { promoteAfterMinutes: asNumber(form.promoteAfterMinutes) }),
  };
}

export const canaryFormSchema = z
  .object({ name: z.string().min(1, 'Choose a remote'), version: z.string().min(1, 'Choose a version'), percent: z.string(), promoteAfterMinutes: z.string() })
  .superRefine((form, ctx) => {
    if (!form.version) return;
    const checked = startCanaryRequestSchema.safeParse(toStartCanaryRequest(form));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? 'version');
      // NaN is "not a number" to zod; the user typed something that is not one.
      const message = issue.code === 'invalid_type' ? (field === 'percent' ? 'percent must be between 1 and 100' : 'promoteAfterMinutes must be a whole number') : issue.message;
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
