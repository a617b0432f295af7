import { greetingForHour } from '@portal/config';

/** Profile-menu greeting for the user's local time (spec section 2). */
export const greetingAt = (date: Date = new Date()): string => greetingForHour(date.getHours());
