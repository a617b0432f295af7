import { greetingForHour } from '@portal/config';
import type { MessageKey } from '@portal/ui';

/** Profile-menu greeting for the user's local time (spec section 2). */
export const greetingAt = (date: Date = new Date()): string => greetingForHour(date.getHours());

const GREETING_KEYS: Record<ReturnType<typeof greetingForHour>, MessageKey> = {
  'Good Morning': 'profile.greetingMorning',
  'Good Afternoon': 'profile.greetingAfternoon',
  'Good Evening': 'profile.greetingEvening',
};

/** The i18n key of the greeting for the user's local time. */
export const greetingKeyAt = (date: Date = new Date()): MessageKey => GREETING_KEYS[greetingForHour(date.getHours())];
