/**
 * What a module of the product API gets. A module is a Fastify plugin that declares the calls of the
 * contract (shared-contracts ApiCallMap) with defineCall: the key gives the path, `schema.response` is the
 * data's TypeBox schema (it must equal the contract's type) and the handler answers the data; failures are
 * thrown (`ApiFailure`, `fail.*`) and the API's error handler turns them into the envelope. Its settings are
 * its section of `ctx.config` (config.ts), never process.env. Routes outside the contract (files, webhooks)
 * use Fastify's own methods with full paths and answer `ok(request, data)`.
 *
 *   export const checkinPlugin: ApiModulePlugin = async (app, { auth, config }) => {
 *     defineCall(app, 'GET /v1/activity/checkin/status',
 *       { preHandler: auth.optionalAuth, schema: { querystring: ActivityQuery, response: StatusSchema } },
 *       async (request) => statusOf(request.user, config.checkin.countries));
 *   };
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@studio/db';
import type { Mailer } from '@studio/mail';
import type { AccountClient } from '../account-client.js';
import type { AuthService } from '../auth.js';
import type { ApiConfig } from '../config.js';
import type { Ledger } from './credits/ledger.js';
import type { StorageAdapter } from './storage/adapter.js';

export interface ModuleContext {
  db: Database;
  ledger: Ledger;
  auth: AuthService;
  config: ApiConfig;
  accountClient: AccountClient;
  /** the media storage of the config (one adapter for every module; bootstrap shares it with the worker) */
  storage: StorageAdapter;
  /** the mail queue (receipts, trial reminders, plan notices); shared with the account service in the composed product */
  mailer: Mailer;
  /** grants any membership credits that are due: an explicit step (billing lifecycle, fulfilment, tests); authentication never grants */
  ensureMembershipGrants(userId: string, at?: Date): Promise<number>;
}

export type ApiModulePlugin = FastifyPluginAsync<ModuleContext>;

export interface ApiModuleDefinition {
  /** short name; its migrations are recorded as service `api-<name>` */
  name: string;
  plugin: ApiModulePlugin;
  /** a folder of NNNN_name.sql files applied at start, before the plugin is registered */
  migrationsDir?: string;
}
