/** Profile menu greeting: Good Morning 5-11, Good Afternoon 12-17, otherwise Good Evening. */
export const greetingForHour = (hour: number): 'Good Morning' | 'Good Afternoon' | 'Good Evening' => {
  if (hour >= 5 && hour <= 11) return 'Good Morning';
  if (hour >= 12 && hour <= 17) return 'Good Afternoon';
  return 'Good Evening';
};
