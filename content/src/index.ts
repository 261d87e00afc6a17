/** Val's content: the marketing copy and the product data of the catalogue. */
export * from './copy';
export * from './catalogue';
