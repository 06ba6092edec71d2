import type { Task } from '../tasks.ts';

/** Spec 6 tasks of the /service area, as the endpoints of the customer-service chatbot (issue 12) declare them. */
export const SERVICE_TASKS = [
  'viewDataset',
  'viewFineTuning',
  'sendChatForMe',
  'viewHistoryChat',
  'viewIntegrate',
  'editIntegrate',
  'viewIntentClassifier',
  'editIntentClassifier',
  'viewVirtualChatCS',
  'viewManageCSUser',
  'addManageCSUser',
  'editManageCSUser',
] as const satisfies readonly Task[];
/** Clients and datasets are made and changed on the "create client and dataset" pages. */
export const CLIENT_EDIT = ['viewDataset'] as const satisfies readonly Task[];
export const INTENT_READ = ['viewIntentClassifier', 'editIntentClassifier'] as const satisfies readonly Task[];
export const INTENT_EDIT = ['editIntentClassifier'] as const satisfies readonly Task[];
/** Training is started from the intent classification and the fine-tuning pages. */
export const TRAIN = ['editIntentClassifier', 'viewFineTuning'] as const satisfies readonly Task[];
export const TRAINING_READ = ['viewIntentClassifier', 'editIntentClassifier', 'viewFineTuning'] as const satisfies readonly Task[];
export const CLASSIFY = ['viewIntentClassifier', 'editIntentClassifier', 'viewVirtualChatCS'] as const satisfies readonly Task[];
export const VIRTUAL_CHAT = ['viewVirtualChatCS'] as const satisfies readonly Task[];
/** The service imports (dataset items, intents) are followed by whoever may start one of them. */
export const SERVICE_IMPORT = ['viewDataset', 'editIntentClassifier'] as const satisfies readonly Task[];
