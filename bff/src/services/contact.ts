import type { ContactRequest, ContactResponse } from '@val/contracts';
import type { Logger } from '../logger';
import { maskEmail } from '../logger';
import type { Repositories } from '../repositories';

/** The contact form: messages stored for the operator (the admin reads them). */
export interface ContactService {
  /** Stores a validated message; its id and when it was received. */
  send(message: ContactRequest): Promise<ContactResponse>;
}

export function createContactService({ repos, logger }: { repos: Pick<Repositories, 'contactMessages'>; logger: Logger }): ContactService {
  return {
    async send(message) {
      const saved = await repos.contactMessages.create(message);
      logger.info({ id: saved.id, from: maskEmail(saved.email) }, 'contact message stored');
      return { id: saved.id, receivedAt: saved.createdAt.toISOString() };
    },
  };
}
