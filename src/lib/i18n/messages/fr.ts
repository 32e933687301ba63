import type { Messages } from './en';

export const fr: Messages = {
	pageTitle: 'Payer {merchant}',
	testBanner:
		'Mode test : aucun argent réel n’est transféré. Payez uniquement avec des jetons de test.',
	language: 'Langue',
	orderSummary: 'Récapitulatif de la commande',
	quantity: 'Quantité : {n}',
	subtotal: 'Sous-total',
	discount: 'Remise',
	total: 'Total',
	timeLeft: 'Temps restant pour payer',
	chooseToken: 'Choisissez comment payer',
	chooseTokenHint: 'Choisissez le stablecoin et le réseau sur lequel vous l’enverrez.',
	sendExactly: 'Envoyez exactement',
	toAddress: 'À cette adresse',
	network: 'Réseau',
	copied: 'Copié',
	copyAddress: 'Copier l’adresse',
	copyAmount: 'Copier le montant',
	openWallet: 'Ouvrir dans l’application de portefeuille',
	scanQr: 'Scannez avec votre application de portefeuille',
	qrAlt: 'QR code demandant {amount} {token} sur {network}, à envoyer à {address}.',
	onlyToken:
		'N’envoyez que des {token} sur {network}. Les autres jetons, les autres réseaux et les cryptomonnaies natives comme {coin} ne sont pas crédités pour ce paiement.',
	gas: 'Votre portefeuille a aussi besoin d’un peu de {coin} sur {network} pour payer les frais de réseau.',
	changeToken: 'Choisir un autre jeton',
	statusWaiting: 'En attente de votre paiement.',
	statusDetected: 'Paiement détecté : {x} confirmation(s) sur {n}.',
	statusConfirmed: 'Paiement confirmé.',
	statusPartial: '{received} {token} reçus. Veuillez envoyer les {due} {token} restants.',
	statusExpired: 'Ce paiement a expiré.',
	transaction: 'Transaction',
	checkStatus: 'Vérifier l’état du paiement',
	cancel: 'Annuler et revenir à {merchant}',
	simulate: 'Simuler le paiement',
	simulateHint:
		'Test uniquement : envoie {amount} {token} depuis un compte de développement sur la chaîne de test locale.',
	successTitle: 'Paiement reçu',
	successBody: 'Merci ! Nous vous ramenons vers {merchant}.',
	continueTo: 'Continuer vers {merchant}',
	expiredTitle: 'Ce paiement a expiré',
	expiredBody: 'Le délai de paiement est écoulé et aucun paiement n’a été finalisé ici.',
	backTo: 'Revenir à {merchant}',
	contact: 'Des questions ? Écrivez à {email}',
	walletBrowser: 'Payer avec le portefeuille du navigateur',
	walletChoose: 'Choisissez un portefeuille',
	walletNone:
		'Aucun portefeuille de navigateur trouvé. Scannez plutôt le QR code ou copiez l’adresse et le montant.',
	walletConnecting: 'Connexion à votre portefeuille…',
	walletSwitching: 'Demande à votre portefeuille de passer sur {network}…',
	walletConfirm: 'Confirmez le transfert de {amount} {token} dans votre portefeuille.',
	walletSent: 'Transfert envoyé. En attente de son inclusion par le réseau.',
	walletRejected: 'Vous avez refusé la demande dans votre portefeuille. Rien n’a été envoyé.',
	walletWrongChain:
		'Votre portefeuille est sur un autre réseau. Passez sur {network} et réessayez.',
	walletFailed:
		'Votre portefeuille n’a pas pu envoyer le transfert. Réessayez ou payez avec le QR code.',
	walletConnect: 'Payer avec WalletConnect',
	walletConnectConnecting:
		'Ouverture de WalletConnect : scannez le code avec l’application de votre portefeuille…',
	walletConnectUnreachable:
		'Impossible de joindre WalletConnect. Vérifiez votre connexion Internet et réessayez, ou payez avec le code QR ci-dessus.',
	walletConnectClosed:
		'Vous avez fermé la fenêtre WalletConnect avant qu’un portefeuille ne se connecte. Rien n’a été envoyé.',
	errorCsrf: 'Cette page n’est plus à jour. Rechargez-la et réessayez.',
	errorHasFunds: 'Un paiement est déjà arrivé : le jeton ne peut plus être changé.',
	errorNotOpen: 'Ce paiement n’est plus ouvert.',
	backToCheckout: 'Retour au paiement',
	errorGeneric: 'Une erreur s’est produite. Veuillez réessayer.',
	notFoundTitle: 'Paiement introuvable',
	notFoundBody:
		'Ce lien de paiement n’est pas valide ou n’existe plus. Vérifiez le lien fourni par la boutique.'
};
