import { DEFAULT_DATABASE_URL } from '../connection';

export const databaseUrl = () => process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
