import Tooltip from '@mui/material/Tooltip';
import { USER_ACCESS_MESSAGES } from '@portal/contracts';
import { cloneElement, useId, type ReactElement } from 'react';
import { useReadOnly } from '@portal/ui/base';
import { visuallyHidden } from '../list/visually-hidden';

type ActionProps = { disabled?: boolean; 'aria-describedby'?: string };

export interface ChangeActionProps {
  /** One control that changes data (Button, IconButton, Switch, Select …). */
  children: ReactElement<ActionProps>;
  /** Tooltip for full-access users (an icon button's name); read-only users see the reason instead. */
  title?: string;
  /** Why this action is closed to this user whatever their access (e.g. it is their own account). */
  lockReason?: string | null;
}

/**
 * Wraps a change action: when it is locked (lockReason) or the user is read-only, the control is
 * disabled and says why (tooltip on hover, aria-describedby for screen readers). Otherwise the
 * control is untouched.
 */
export function ChangeAction({ children, title, lockReason }: ChangeActionProps) {
  const readOnly = useReadOnly();
  const messageId = useId();
  const reason = lockReason || (readOnly ? USER_ACCESS_MESSAGES.readOnly : null);
  if (!reason) return title ? <Tooltip title={title}>{children}</Tooltip> : children;
  const describedBy = [children.props['aria-describedby'], messageId].filter(Boolean).join(' ');
  return (
    // A disabled control fires no pointer events, so the tooltip listens on a wrapping span.
    <Tooltip title={reason} describeChild>
      <span style={{ display: 'inline-flex' }} data-read-only-action={lockReason ? undefined : ''}>
        {cloneElement(children, { disabled: true, 'aria-describedby': describedBy })}
        <span id={messageId} style={visuallyHidden}>
          {reason}
        </span>
      </span>
    </Tooltip>
  );
}
