import { z } from 'zod';
import { BANK_CODES } from '@bahi/core';

/** Every error answer of the API. */
export const ErrorAnswer = z.object({ detail: z.string() });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

export const BankCodeSchema = z.enum(BANK_CODES);
