/** The fixed event catalogue (decisions §4): every type Kassa can ever send, known from the start. */
export const EVENT_TYPES = [
	'payment_intent.requires_payment_method',
	'payment_intent.requires_confirmation',
	'payment_intent.requires_additional_payment',
	'payment_intent.confirmed',
	'payment_intent.succeeded',
	'payment_intent.cancelled',
	'payment_intent.failed',
	'payment_intent.funds_received_late',
	'payment_intent.reverted',
	'checkout_session.completed',
	'checkout_session.expired',
	'payment_request.finalized',
	'payment_request.payment_received',
	'payment_request.paid',
	'payment_request.canceled'
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The `enabled_events` entry that subscribes to every type, present and future. */
export const ALL_EVENTS = '*';

export const isEventType = (value: string): value is EventType =>
	(EVENT_TYPES as readonly string[]).includes(value);

/** A valid `enabled_events` entry: a catalogue type or `*`. */
export const isEnabledEvent = (value: string): value is EventType | typeof ALL_EVENTS =>
	value === ALL_EVENTS || isEventType(value);

/** Whether an endpoint with these `enabled_events` receives `type`: an empty list or `*` means all. */
export function subscribesTo(enabledEvents: readonly string[], type: EventType): boolean {
	return (
		enabledEvents.length === 0 || enabledEvents.includes(ALL_EVENTS) || enabledEvents.includes(type)
	);
}
