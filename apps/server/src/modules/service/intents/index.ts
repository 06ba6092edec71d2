/** The intents module's public surface: its service, and the trained model the bot classifies with. */
export * from './service.ts';
export { seedIntents, type SeededIntent } from './seed.ts';
export {
  activeModelRef,
  loadIntentModel,
  modelChangesHeard,
  watchModelChanges,
  intentModels,
  storedModel,
  unpackIntentModel,
  type ModelRef,
} from './model-store.ts';
export {
  activeModel,
  metricsOf,
  splitHeldOut,
  storeTrainedModel,
  trainClient,
  trainingState,
  requestTraining,
  runTraining,
  TRAIN_QUEUE,
  type TrainedModel,
} from './training.ts';
