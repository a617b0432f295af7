import type { AuditVerify } from '@portal/contracts';

/** The verify result as one alert; every broken entry is named, since one break must not hide another. */
export function auditVerifyAlert(check: AuditVerify): { message: string; type: 'success' | 'error' } {
  if (check.valid) return { message: `Audit chain intact: ${check.checked} entries verified.`, type: 'success' };
  const count = Math.max(check.brokenCount, check.brokenSeqs.length, 1);
  if (count === 1) return { message: `Audit chain broken at entry ${check.brokenAtSeq}: the log was changed.`, type: 'error' };
  const listed = check.brokenSeqs.join(', ');
  const more = count > check.brokenSeqs.length ? ` and ${count - check.brokenSeqs.length} more` : '';
  return { message: `Audit chain broken at ${count} entries (${listed}${more}): the log was changed.`, type: 'error' };
}
