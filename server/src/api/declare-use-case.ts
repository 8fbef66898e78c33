import type { FastifyRequest } from 'fastify';
import type { UploadBinding } from './uploaded-input';
import type * as zc from 'zod/v4/core';
import * as z from 'zod/mini';
import type { Access, AuthUser, CatalogChange } from '@kanak/core';
import type { AppServices } from '../services';

/** Input and output schemas are zod (classic or mini): validated, typed and documented by one value. */
export type Schema = zc.$ZodType;

/** What a use case's function receives besides its input. */
export interface Call<A extends Access = Access> {
  services: AppServices;
  /** Null only for a public use case called without a token. */
  user: A extends 'public' ? AuthUser | null : AuthUser;
  /** The client's address (as TRUST_PROXY allows it to be read), for per-address limits. */
  address: string;
  request: FastifyRequest;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The parts of a REST request a binding maps to the use case's input. */
export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * One REST path of a use case. Path parameters are named as the input's fields
 * (`/api/products/id/:productId`), so the default input is the query (GET, DELETE) or the body
 * (POST, PUT) with the path parameters over it.
 */
export interface RestBinding<O extends Schema = Schema> {
  method: HttpMethod;
  path: string;
  /** Success status (default 200). */
  status?: number;
  /** The body or query as REST clients send it, when it is not the input itself (documented and validated first). */
  request?: Schema;
  /** Maps a REST request to the input when the default does not fit. */
  input?: (request: RestRequest) => unknown;
  /** REST's answer when it is not the result itself (a queued move is a 202 with its job id). */
  answer?(result: zc.output<O>): { status: number; body: unknown };
  /** Other answers this path gives, for the OpenAPI document. */
  otherAnswers?: Record<number, { description: string; schema: Schema }>;
  /** What each path parameter means, for the OpenAPI document (its schema comes from the input). */
  paramDocs?: Record<string, { description: string; example?: string }>;
  /** The path also takes its body as a multipart file upload (the JSON body still works). */
  upload?: UploadBinding;
}

export type Kind = 'query' | 'mutation';

export interface UseCase<
  I extends Schema = Schema,
  O extends Schema = Schema,
  A extends Access = Access,
  K extends Kind = Kind,
> {
  kind: K;
  /** One line for the API reference. */
  summary: string;
  access: A;
  input: I;
  output: O;
  // Method syntax: a declaration for one audience still fits the list of all use cases.
  run(call: Call<A>, input: zc.output<I>): Promise<zc.output<O>> | zc.output<O>;
  rest: RestBinding<O>[];
  /**
   * A query whose answer is the same for every caller, kept in the catalogue read cache: `key`
   * normalizes the input (default: the input itself), `tags` names the products the answer shows.
   */
  cache?: {
    key?(input: zc.output<I>): unknown;
    tags(input: zc.output<I>, result: zc.output<O>): readonly string[];
  };
  /** A mutation that changes what cached reads answer: what it changed, once committed. */
  changes?(input: zc.output<I>, result: zc.output<O>): CatalogChange;
}

/** What a declaration says besides who may call it: its input and output schemas, its run, its paths. */
export type Declaration<I extends Schema, O extends Schema, A extends Access> = Pick<
  UseCase<I, O, A>,
  'input' | 'output' | 'summary' | 'run' | 'cache' | 'changes'
> & { rest?: RestBinding<O>[] };

/** The declaring function of one kind: `(access, { input, output, summary, run, rest })`. */
function declarer<K extends Kind>(kind: K) {
  return <I extends Schema, O extends Schema, A extends Access>(
    access: A,
    declaration: Declaration<I, O, A>,
  ): UseCase<I, O, A, K> => {
    // A cached answer is shared by every caller: only a public read may be one (checked when
    // the module loads, so a wrong declaration never starts).
    if (declaration.cache && (kind !== 'query' || access !== 'public'))
      throw new Error(`${declaration.summary}: only public queries can be cached`);
    if (declaration.changes && kind !== 'mutation')
      throw new Error(`${declaration.summary}: only mutations change the catalogue`);
    return { ...declaration, kind, access, rest: declaration.rest ?? [] };
  };
}

/** A use case that reads: a tRPC query (REST GET). */
export const query = declarer('query');
/** A use case that writes: a tRPC mutation (REST POST, PUT or DELETE). */
export const mutation = declarer('mutation');

/** The input of a use case that takes none (tRPC callers pass nothing). */
export const noInput = z.optional(z.object({}));

/** Use cases of one domain, keyed by their tRPC procedure name. */
export type UseCases = Record<string, UseCase<Schema, Schema, Access, Kind>>;
