/**
 * The Node entry of @val/contracts (BFF, CLI): the browser entry plus the zod schemas and the
 * API's route table. Browser code loads the route table where it needs it (`@val/contracts/routes`),
 * so the landing page's shared contracts module does not carry it. The typed client and the stream
 * reader are `@val/client`; the product data and the marketing copy are `@val/content`.
 */
export * from './browser';
export * from './schemas';
export * from './routes';
export * from './evidenceKit';
export * from './validationScore';
export * from './factSheet';
