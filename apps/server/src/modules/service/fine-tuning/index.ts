/** The fine-tuning module's public surface: what the client's AI uses of a run that succeeded. */
export { fineTunedChatModel, withAnswerIndex } from './model.ts';
