import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db';
import { restrictedPersonsSimPages } from './simPages';
import { RestrictedPersonsSimulator } from './simulator';
import { RegistryUnavailable, type RestrictedPersonsRegistry } from './types';

/**
 * Which restricted-persons registry the server screens against. PAGCOR's NDRP has no public API to
 * integrate yet; a real adapter implements RestrictedPersonsRegistry. Outside production the simulator
 * stands behind it (its desk at /sim/ndrp); in production, with no adapter configured, every screening
 * answers RegistryUnavailable: registration and verification go on, the owed screenings are logged,
 * and the nightly screening keeps trying (it screens every player).
 */
export interface RestrictedPersons {
  registry: RestrictedPersonsRegistry;
  /** Development and tests only. */
  simulator: RestrictedPersonsSimulator | undefined;
}

const unavailableRegistry: RestrictedPersonsRegistry = {
  screen: () => Promise.reject(new RegistryUnavailable()),
  requestFamilyExclusion: () => Promise.reject(new RegistryUnavailable()),
  fileSelfExclusion: () => Promise.reject(new RegistryUnavailable()),
};

export async function registerRestrictedPersons(
  app: FastifyInstance,
  context: { config: ServerConfig; db: Database; clock: () => number },
): Promise<RestrictedPersons> {
  if (context.config.production) return { registry: unavailableRegistry, simulator: undefined };
  const simulator = new RestrictedPersonsSimulator({ db: context.db, clock: context.clock });
  await app.register(restrictedPersonsSimPages, { simulator });
  return { registry: simulator, simulator };
}

export { RegistryUnavailable } from './types';
export type { FamilyExclusionRequest, PersonToScreen, RestrictedPersonsRegistry, ScreeningHit } from './types';
