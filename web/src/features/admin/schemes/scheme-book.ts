import type { RouterOutputs } from '@/lib/trpc';

export type SchemeBook = RouterOutputs['schemes']['book'];
export type BookEnrolment = SchemeBook['enrolments'][number];
