/** What the other service modules use of the channels: announcing and sending a stored message to the customer. */
export { CONVERSATION_CHANNEL, deliverMessage, notifyConversation } from './delivery.ts';
export { channelPlatform, type ChannelPlatform } from './service.ts';
export { seedWidgetChannel } from './seed.ts';
