// How the registry's words read on screen.
import type { Registration } from '../../shared/skills.ts';

export const STATUS_LABEL: Record<Registration['status'], string> = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  invalid: 'invalid',
};

export const STATUS_BADGE: Record<Registration['status'], string> = {
  pending: 'badge warn',
  approved: 'badge ok',
  rejected: 'badge danger',
  withdrawn: 'badge',
  invalid: 'badge danger',
};

/** "cited 3× by 2 other agents", or that it is not yet. */
export function calibrationText(c: Registration['calibration']): string {
  if (!c.citations) return 'not cited by other agents yet';
  return `cited ${c.citations}× by ${c.citingAgents || 'no'} other agent${c.citingAgents === 1 ? '' : 's'}${c.outcomes === null ? '' : `, led to ${c.outcomes} used results`}`;
}
