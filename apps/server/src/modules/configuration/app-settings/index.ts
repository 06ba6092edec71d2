/** What other modules may use of the app settings: reading them and saving the app configuration. */
export * from './service.ts';
export { configurationOf, saveAppConfiguration, savePasswordPolicy } from './save.ts';
