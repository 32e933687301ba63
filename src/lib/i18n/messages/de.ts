import type { Messages } from './en';

export const de: Messages = {
	pageTitle: '{merchant} bezahlen',
	testBanner: 'Testmodus: Es fließt kein echtes Geld. Zahlen Sie nur mit Test-Token.',
	language: 'Sprache',
	orderSummary: 'Bestellübersicht',
	quantity: 'Menge: {n}',
	subtotal: 'Zwischensumme',
	discount: 'Rabatt',
	total: 'Gesamt',
	timeLeft: 'Verbleibende Zeit zum Bezahlen',
	chooseToken: 'Zahlungsart wählen',
	chooseTokenHint: 'Wählen Sie den Stablecoin und das Netzwerk, über das Sie ihn senden.',
	sendExactly: 'Senden Sie genau',
	toAddress: 'An diese Adresse',
	network: 'Netzwerk',
	copied: 'Kopiert',
	copyAddress: 'Adresse kopieren',
	copyAmount: 'Betrag kopieren',
	openWallet: 'In Wallet-App öffnen',
	scanQr: 'Mit Ihrer Wallet-App scannen',
	qrAlt: 'QR-Code für {amount} {token} im Netzwerk {network}, zu senden an {address}.',
	onlyToken:
		'Senden Sie nur {token} im Netzwerk {network}. Andere Token, andere Netzwerke und native Coins wie {coin} werden dieser Zahlung nicht gutgeschrieben.',
	gas: 'Ihre Wallet braucht außerdem etwas {coin} im Netzwerk {network} für die Netzwerkgebühr.',
	changeToken: 'Anderen Token wählen',
	statusWaiting: 'Warten auf Ihre Zahlung.',
	statusDetected: 'Zahlung erkannt: {x} von {n} Bestätigungen.',
	statusConfirmed: 'Zahlung bestätigt.',
	statusPartial: '{received} {token} erhalten. Bitte senden Sie die restlichen {due} {token}.',
	statusExpired: 'Dieser Bezahlvorgang ist abgelaufen.',
	transaction: 'Transaktion',
	checkStatus: 'Zahlungsstatus prüfen',
	cancel: 'Abbrechen und zurück zu {merchant}',
	simulate: 'Zahlung simulieren',
	simulateHint:
		'Nur zum Testen: sendet {amount} {token} von einem Entwicklungskonto auf der lokalen Testchain.',
	successTitle: 'Zahlung erhalten',
	successBody: 'Vielen Dank! Sie werden zu {merchant} zurückgeleitet.',
	continueTo: 'Weiter zu {merchant}',
	expiredTitle: 'Dieser Bezahlvorgang ist abgelaufen',
	expiredBody: 'Die Zeit zum Bezahlen ist abgelaufen; hier wurde keine Zahlung abgeschlossen.',
	backTo: 'Zurück zu {merchant}',
	contact: 'Fragen? Schreiben Sie an {email}',
	walletBrowser: 'Mit Browser-Wallet bezahlen',
	walletChoose: 'Wallet wählen',
	walletNone:
		'Keine Browser-Wallet gefunden. Scannen Sie stattdessen den QR-Code oder kopieren Sie Adresse und Betrag.',
	walletConnecting: 'Verbindung zur Wallet wird hergestellt…',
	walletSwitching: 'Ihre Wallet wird gebeten, zu {network} zu wechseln…',
	walletConfirm: 'Bestätigen Sie die Überweisung von {amount} {token} in Ihrer Wallet.',
	walletSent: 'Überweisung gesendet. Warten auf Aufnahme durch das Netzwerk.',
	walletRejected: 'Sie haben die Anfrage in Ihrer Wallet abgelehnt. Es wurde nichts gesendet.',
	walletWrongChain:
		'Ihre Wallet ist mit einem anderen Netzwerk verbunden. Wechseln Sie zu {network} und versuchen Sie es erneut.',
	walletFailed:
		'Ihre Wallet konnte die Überweisung nicht senden. Versuchen Sie es erneut oder zahlen Sie per QR-Code.',
	walletConnect: 'Mit WalletConnect bezahlen',
	walletConnectConnecting:
		'WalletConnect wird geöffnet: Scannen Sie den Code mit Ihrer Wallet-App …',
	walletConnectUnreachable:
		'WalletConnect ist nicht erreichbar. Prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut, oder zahlen Sie mit dem QR-Code oben.',
	walletConnectClosed:
		'Sie haben das WalletConnect-Fenster geschlossen, bevor sich eine Wallet verbunden hat. Es wurde nichts gesendet.',
	errorCsrf: 'Diese Seite ist veraltet. Laden Sie sie neu und versuchen Sie es erneut.',
	errorHasFunds:
		'Es ist bereits eine Zahlung eingegangen, daher kann der Token nicht mehr geändert werden.',
	errorNotOpen: 'Dieser Bezahlvorgang ist nicht mehr offen.',
	backToCheckout: 'Zurück zum Bezahlvorgang',
	errorGeneric: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
	notFoundTitle: 'Bezahlvorgang nicht gefunden',
	notFoundBody:
		'Dieser Zahlungslink ist ungültig oder existiert nicht mehr. Prüfen Sie den Link, den Sie vom Shop erhalten haben.'
};
