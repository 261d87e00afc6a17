import type { Knex } from 'knex';
import { knexValidationRepository, type ValidationRepository } from './validations';

/** Every repository, built over one knex instance. */
export interface Repositories {
  validations: ValidationRepository;
}

export function createRepositories(knex: Knex): Repositories {
  return { validations: knexValidationRepository(knex) };
}
