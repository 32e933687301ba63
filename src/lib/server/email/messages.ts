import type { Locale } from '$lib/i18n/locales';

/** The words of the payer's e-mails; amounts and dates arrive already formatted for the locale. */
export interface EmailMessages {
	requestSubject: (merchant: string, amount: string) => string;
	reminderSubject: (merchant: string, amount: string, date: string) => string;
	receiptSubject: (merchant: string, amount: string) => string;
	greeting: (name: string | null) => string;
	requestIntro: (merchant: string, amount: string) => string;
	reminderIntro: (merchant: string, amount: string, date: string) => string;
	receiptIntro: (merchant: string, amount: string) => string;
	due: (date: string) => string;
	pay: string;
	details: string;
	items: string;
	total: string;
	paid: string;
	contact: (email: string) => string;
	test: string;
}

export const EMAIL_MESSAGES: Record<Locale, EmailMessages> = {
	en: {
		requestSubject: (m, a) => `Payment request from ${m}: ${a}`,
		reminderSubject: (m, a, d) => `Reminder: ${a} to ${m} is due on ${d}`,
		receiptSubject: (m, a) => `Receipt from ${m}: ${a}`,
		greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
		requestIntro: (m, a) => `${m} asks you to pay ${a}.`,
		reminderIntro: (m, a, d) => `A reminder that your payment of ${a} to ${m} is due on ${d}.`,
		receiptIntro: (m, a) => `${m} received your payment of ${a}. Thank you!`,
		due: (d) => `Due on ${d}`,
		pay: 'Pay now',
		details: 'View details',
		items: 'Items',
		total: 'Total',
		paid: 'Paid',
		contact: (e) => `Questions? Write to ${e}.`,
		test: 'Test mode: no real money moves.'
	},
	de: {
		requestSubject: (m, a) => `Zahlungsaufforderung von ${m}: ${a}`,
		reminderSubject: (m, a, d) => `Erinnerung: ${a} an ${m}, fällig am ${d}`,
		receiptSubject: (m, a) => `Zahlungsbestätigung von ${m}: ${a}`,
		greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
		requestIntro: (m, a) => `${m} bittet Sie um eine Zahlung von ${a}.`,
		reminderIntro: (m, a, d) => `Zur Erinnerung: Ihre Zahlung von ${a} an ${m} ist am ${d} fällig.`,
		receiptIntro: (m, a) => `${m} hat Ihre Zahlung von ${a} erhalten. Vielen Dank!`,
		due: (d) => `Fällig am ${d}`,
		pay: 'Jetzt bezahlen',
		details: 'Details ansehen',
		items: 'Positionen',
		total: 'Gesamt',
		paid: 'Bezahlt',
		contact: (e) => `Fragen? Schreiben Sie an ${e}.`,
		test: 'Testmodus: Es fließt kein echtes Geld.'
	},
	fr: {
		requestSubject: (m, a) => `Demande de paiement de ${m} : ${a}`,
		reminderSubject: (m, a, d) => `Rappel : ${a} à régler à ${m} le ${d}`,
		receiptSubject: (m, a) => `Reçu de ${m} : ${a}`,
		greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
		requestIntro: (m, a) => `${m} vous demande de payer ${a}.`,
		reminderIntro: (m, a, d) => `Petit rappel : votre paiement de ${a} à ${m} est dû le ${d}.`,
		receiptIntro: (m, a) => `${m} a bien reçu votre paiement de ${a}. Merci !`,
		due: (d) => `Échéance : ${d}`,
		pay: 'Payer maintenant',
		details: 'Voir le détail',
		items: 'Articles',
		total: 'Total',
		paid: 'Payé',
		contact: (e) => `Des questions ? Écrivez à ${e}.`,
		test: 'Mode test : aucun argent réel.'
	},
	es: {
		requestSubject: (m, a) => `Solicitud de pago de ${m}: ${a}`,
		reminderSubject: (m, a, d) => `Recordatorio: ${a} a ${m}, vence el ${d}`,
		receiptSubject: (m, a) => `Recibo de ${m}: ${a}`,
		greeting: (n) => (n ? `Hola ${n}:` : 'Hola:'),
		requestIntro: (m, a) => `${m} le solicita un pago de ${a}.`,
		reminderIntro: (m, a, d) => `Le recordamos que su pago de ${a} a ${m} vence el ${d}.`,
		receiptIntro: (m, a) => `${m} ha recibido su pago de ${a}. ¡Gracias!`,
		due: (d) => `Vence el ${d}`,
		pay: 'Pagar ahora',
		details: 'Ver detalles',
		items: 'Artículos',
		total: 'Total',
		paid: 'Pagado',
		contact: (e) => `¿Preguntas? Escriba a ${e}.`,
		test: 'Modo de prueba: no se mueve dinero real.'
	},
	pt: {
		requestSubject: (m, a) => `Pedido de pagamento de ${m}: ${a}`,
		reminderSubject: (m, a, d) => `Lembrete: ${a} para ${m} vence em ${d}`,
		receiptSubject: (m, a) => `Recibo de ${m}: ${a}`,
		greeting: (n) => (n ? `Olá ${n},` : 'Olá,'),
		requestIntro: (m, a) => `${m} solicita um pagamento de ${a}.`,
		reminderIntro: (m, a, d) => `Lembramos que o seu pagamento de ${a} para ${m} vence em ${d}.`,
		receiptIntro: (m, a) => `${m} recebeu o seu pagamento de ${a}. Obrigado!`,
		due: (d) => `Vencimento: ${d}`,
		pay: 'Pagar agora',
		details: 'Ver detalhes',
		items: 'Itens',
		total: 'Total',
		paid: 'Pago',
		contact: (e) => `Dúvidas? Escreva para ${e}.`,
		test: 'Modo de teste: nenhum dinheiro real é movimentado.'
	},
	ja: {
		requestSubject: (m, a) => `${m}からのお支払いのご依頼: ${a}`,
		reminderSubject: (m, a, d) => `リマインダー: ${m}へのお支払い ${a}（期限 ${d}）`,
		receiptSubject: (m, a) => `${m}からの領収書: ${a}`,
		greeting: (n) => (n ? `${n} 様` : 'お客様'),
		requestIntro: (m, a) => `${m}より ${a} のお支払いのご依頼が届いています。`,
		reminderIntro: (m, a, d) => `${m}への ${a} のお支払い期限は ${d} です。`,
		receiptIntro: (m, a) => `${m}は ${a} のお支払いを受け取りました。ありがとうございました。`,
		due: (d) => `お支払い期限: ${d}`,
		pay: '今すぐ支払う',
		details: '詳細を見る',
		items: '明細',
		total: '合計',
		paid: '支払済み',
		contact: (e) => `ご不明な点は ${e} までお問い合わせください。`,
		test: 'テストモード: 実際のお金は動きません。'
	}
};
