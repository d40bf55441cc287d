import { z } from 'zod';

/** DESIGN.md's error bodies: field errors (422) or a list of messages. */
export const fieldErrorsSchema = z.object({ errors: z.record(z.string(), z.array(z.string())) });
export const messageErrorsSchema = z.object({ errors: z.array(z.string()) });
export const errorBodySchema = z.union([fieldErrorsSchema, messageErrorsSchema]);
export type ErrorBody = z.infer<typeof errorBodySchema>;
