import type { Locale } from './locales';

/**
 * The words only the public payment request page (`/pay/<id>`) needs; it shows them beside the
 * checkout page's own messages, whose components it reuses. English is the reference.
 */
const en = {
	requestTitle: 'Payment request',
	requestFor: 'For {name}',
	requestDueOn: 'Due on {date}',
	requestOverdue: 'Overdue',
	requestPaid: 'Paid',
	requestRemaining: 'Remaining',
	requestParts: 'You can pay in several parts: each payment counts toward the total.',
	requestConfirming: 'Your payment is being confirmed.',
	requestPaidTitle: 'This request is paid',
	requestPaidBody: 'Thank you! {merchant} has received your payment of {amount}.',
	requestCanceledTitle: 'This payment request was canceled',
	requestCanceledBody: '{merchant} canceled this request. Please do not send a payment for it.',
	requestNotFoundTitle: 'Payment request not found',
	requestNotFoundBody:
		'This payment link is not valid or no longer exists. Check the link you were sent.'
};

export type RequestMessages = Record<keyof typeof en, string>;

const de: RequestMessages = {
	requestTitle: 'Zahlungsaufforderung',
	requestFor: 'Für {name}',
	requestDueOn: 'Fällig am {date}',
	requestOverdue: 'Überfällig',
	requestPaid: 'Bezahlt',
	requestRemaining: 'Offen',
	requestParts:
		'Sie können in mehreren Teilen zahlen: Jede Zahlung wird auf den Gesamtbetrag angerechnet.',
	requestConfirming: 'Ihre Zahlung wird bestätigt.',
	requestPaidTitle: 'Diese Zahlungsaufforderung ist bezahlt',
	requestPaidBody: 'Vielen Dank! {merchant} hat Ihre Zahlung von {amount} erhalten.',
	requestCanceledTitle: 'Diese Zahlungsaufforderung wurde storniert',
	requestCanceledBody:
		'{merchant} hat diese Zahlungsaufforderung storniert. Bitte senden Sie keine Zahlung dafür.',
	requestNotFoundTitle: 'Zahlungsaufforderung nicht gefunden',
	requestNotFoundBody:
		'Dieser Zahlungslink ist ungültig oder existiert nicht mehr. Prüfen Sie den Link, den Sie erhalten haben.'
};

const fr: RequestMessages = {
	requestTitle: 'Demande de paiement',
	requestFor: 'Pour {name}',
	requestDueOn: 'Échéance : {date}',
	requestOverdue: 'En retard',
	requestPaid: 'Payé',
	requestRemaining: 'Reste à payer',
	requestParts: 'Vous pouvez payer en plusieurs fois : chaque paiement est déduit du total.',
	requestConfirming: 'Votre paiement est en cours de confirmation.',
	requestPaidTitle: 'Cette demande est payée',
	requestPaidBody: 'Merci ! {merchant} a bien reçu votre paiement de {amount}.',
	requestCanceledTitle: 'Cette demande de paiement a été annulée',
	requestCanceledBody: '{merchant} a annulé cette demande. Merci de ne pas envoyer de paiement.',
	requestNotFoundTitle: 'Demande de paiement introuvable',
	requestNotFoundBody:
		'Ce lien de paiement n’est pas valide ou n’existe plus. Vérifiez le lien que vous avez reçu.'
};

const es: RequestMessages = {
	requestTitle: 'Solicitud de pago',
	requestFor: 'Para {name}',
	requestDueOn: 'Vence el {date}',
	requestOverdue: 'Vencida',
	requestPaid: 'Pagado',
	requestRemaining: 'Pendiente',
	requestParts: 'Puede pagar en varias partes: cada pago se descuenta del total.',
	requestConfirming: 'Su pago se está confirmando.',
	requestPaidTitle: 'Esta solicitud está pagada',
	requestPaidBody: '¡Gracias! {merchant} ha recibido su pago de {amount}.',
	requestCanceledTitle: 'Esta solicitud de pago fue cancelada',
	requestCanceledBody: '{merchant} canceló esta solicitud. No envíe ningún pago por ella.',
	requestNotFoundTitle: 'Solicitud de pago no encontrada',
	requestNotFoundBody:
		'Este enlace de pago no es válido o ya no existe. Compruebe el enlace que recibió.'
};

const pt: RequestMessages = {
	requestTitle: 'Pedido de pagamento',
	requestFor: 'Para {name}',
	requestDueOn: 'Vencimento: {date}',
	requestOverdue: 'Em atraso',
	requestPaid: 'Pago',
	requestRemaining: 'Em falta',
	requestParts: 'Pode pagar em várias partes: cada pagamento é descontado do total.',
	requestConfirming: 'O seu pagamento está a ser confirmado.',
	requestPaidTitle: 'Este pedido está pago',
	requestPaidBody: 'Obrigado! {merchant} recebeu o seu pagamento de {amount}.',
	requestCanceledTitle: 'Este pedido de pagamento foi cancelado',
	requestCanceledBody: '{merchant} cancelou este pedido. Não envie nenhum pagamento para ele.',
	requestNotFoundTitle: 'Pedido de pagamento não encontrado',
	requestNotFoundBody:
		'Este link de pagamento não é válido ou já não existe. Verifique o link que recebeu.'
};

const ja: RequestMessages = {
	requestTitle: 'お支払いのご依頼',
	requestFor: '{name} 様',
	requestDueOn: 'お支払い期限: {date}',
	requestOverdue: '期限超過',
	requestPaid: '支払済み',
	requestRemaining: '残額',
	requestParts: '複数回に分けてお支払いいただけます。お支払いごとに合計額から差し引かれます。',
	requestConfirming: 'お支払いを確認しています。',
	requestPaidTitle: 'このご依頼はお支払い済みです',
	requestPaidBody: 'ありがとうございました。{merchant}は {amount} のお支払いを受け取りました。',
	requestCanceledTitle: 'このお支払いのご依頼は取り消されました',
	requestCanceledBody:
		'{merchant}はこのご依頼を取り消しました。このご依頼へのお支払いは送らないでください。',
	requestNotFoundTitle: 'お支払いのご依頼が見つかりません',
	requestNotFoundBody:
		'この支払いリンクは無効か、すでに存在しません。受け取ったリンクをご確認ください。'
};

const ALL: Record<Locale, RequestMessages> = { en, de, fr, es, pt, ja };

/** One language's request page words; the server sends only these to the page. */
export function requestMessagesFor(locale: Locale): RequestMessages {
	return ALL[locale];
}
