export * from './validationReport';
