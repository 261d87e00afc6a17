/** The Node entry of @val/contracts (BFF, CLI): the browser entry plus the zod schemas. */
export * from './browser';
export * from './schemas';
