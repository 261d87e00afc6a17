/** The Node entry of @val/contracts (BFF, CLI): the browser entry plus the product data and the zod schemas. */
export * from './browser';
export * from './catalogue';
export * from './schemas';
