/**
 * The Node entry of @val/contracts (BFF, CLI): the browser entry plus the product data, the zod
 * schemas, the API's route table and its typed client. Browser code loads the product data, the
 * route table and the typed client where it needs them (`@val/contracts/catalogue`,
 * `@val/contracts/client`), so the landing page's shared contracts module does not carry them.
 */
export * from './browser';
export * from './catalogue';
export * from './schemas';
export * from './routes';
export * from './client';
export * from './evidenceKit';
export * from './validationScore';
export * from './factSheet';
