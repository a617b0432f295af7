import { restoreDestinationSchema } from '@portal/contracts';
import { z } from 'zod';

/** The destination part of a restore, as a form (the selection comes from the page). */
export const destinationFormSchema = z.object({ destination: restoreDestinationSchema });
export type DestinationForm = z.infer<typeof destinationFormSchema>;
export type DestinationFormInput = z.input<typeof destinationFormSchema>;
export const DESTINATION_DEFAULTS: DestinationFormInput = { destination: { kind: 'original' } };
