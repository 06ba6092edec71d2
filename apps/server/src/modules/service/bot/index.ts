/** The bot's public face for the other service modules (channels answer customers through it). */
export { answerCustomer, type BotTurn, type CustomerMessage } from './answer.ts';
export { handoverText } from './handover-text.ts';
export { languageOf } from './language.ts';
