import * as z from 'zod/mini';
import { noInput, query } from '../api/declare-use-case';

/** tRPC's trivial query (`ping`): a client's check that the API answers; tRPC only, no REST path. */
export const ping = query('public', {
  input: noInput,
  output: z.literal('pong'),
  summary: 'Answers "pong"',
  run: () => 'pong' as const,
});
