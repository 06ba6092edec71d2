import type { IntentExample } from '../engine.ts';
import { trainIntentClassifier, type IntentClassifierState, type IntentTrainingOptions } from './intent-classifier.ts';

/** A worker thread's task (local/index.ts): the trained classifier's state, plain data the thread hands back. */
export function trainIntentState(examples: IntentExample[], options: IntentTrainingOptions): IntentClassifierState {
  return trainIntentClassifier(examples, options).state;
}
