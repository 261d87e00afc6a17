/**
 * The Node entry of @val/contracts (BFF, CLI): the browser entry plus the product data, the zod
 * schemas and the API's route table. Browser code loads the product data and the route table where
 * it needs them (`@val/contracts/catalogue`, `@val/contracts/routes`), so the landing page's shared
 * contracts module does not carry them. The typed client and the stream reader are `@val/client`.
 */
export * from './browser';
export * from './catalogue';
export * from './schemas';
export * from './routes';
export * from './evidenceKit';
export * from './validationScore';
export * from './factSheet';
