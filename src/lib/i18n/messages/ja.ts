import type { Messages } from './en';

export const ja: Messages = {
	pageTitle: '{merchant} へのお支払い',
	testBanner: 'テストモード：実際のお金は動きません。テスト用トークンでのみお支払いください。',
	language: '言語',
	orderSummary: 'ご注文内容',
	quantity: '数量：{n}',
	subtotal: '小計',
	discount: '割引',
	total: '合計',
	timeLeft: 'お支払い期限まで',
	chooseToken: 'お支払い方法を選択',
	chooseTokenHint: '送金に使うステーブルコインとネットワークを選んでください。',
	sendExactly: '送金額（正確に）',
	toAddress: '送金先アドレス',
	network: 'ネットワーク',
	copied: 'コピーしました',
	copyAddress: 'アドレスをコピー',
	copyAmount: '金額をコピー',
	openWallet: 'ウォレットアプリで開く',
	scanQr: 'ウォレットアプリでスキャン',
	qrAlt: '{network} で {amount} {token} を {address} に送金するためのQRコード。',
	onlyToken:
		'{network} の {token} のみを送金してください。他のトークン、他のネットワーク、{coin} などのネイティブコインはこのお支払いに反映されません。',
	gas: 'ネットワーク手数料として、ウォレットに {network} の {coin} が少し必要です。',
	changeToken: '別のトークンを選ぶ',
	statusWaiting: 'お支払いをお待ちしています。',
	statusDetected: 'お支払いを検出しました：承認 {x} / {n}。',
	statusConfirmed: 'お支払いが確認されました。',
	statusPartial: '{received} {token} を受け取りました。残りの {due} {token} を送金してください。',
	statusExpired: 'このお支払いは期限切れです。',
	transaction: 'トランザクション',
	checkStatus: 'お支払い状況を確認',
	cancel: 'キャンセルして {merchant} に戻る',
	simulate: '支払いをシミュレート',
	simulateHint:
		'テスト専用：ローカルのテストチェーン上の開発用アカウントから {amount} {token} を送金します。',
	successTitle: 'お支払いを受け付けました',
	successBody: 'ありがとうございます。{merchant} に戻ります。',
	continueTo: '{merchant} へ進む',
	expiredTitle: 'このお支払いは期限切れです',
	expiredBody: 'お支払いの期限が過ぎたため、ここでのお支払いは完了していません。',
	backTo: '{merchant} に戻る',
	contact: 'お問い合わせ：{email}',
	walletBrowser: 'ブラウザウォレットで支払う',
	walletChoose: 'ウォレットを選択',
	walletNone:
		'ブラウザウォレットが見つかりません。QRコードをスキャンするか、アドレスと金額をコピーしてください。',
	walletConnecting: 'ウォレットに接続しています…',
	walletSwitching: 'ウォレットに {network} への切り替えを依頼しています…',
	walletConfirm: 'ウォレットで {amount} {token} の送金を承認してください。',
	walletSent: '送金しました。ネットワークへの取り込みを待っています。',
	walletRejected: 'ウォレットでリクエストが拒否されました。何も送金されていません。',
	walletWrongChain:
		'ウォレットが別のネットワークに接続されています。{network} に切り替えてもう一度お試しください。',
	walletFailed:
		'ウォレットから送金できませんでした。もう一度お試しいただくか、QRコードでお支払いください。',
	walletConnect: 'WalletConnectで支払う',
	walletConnectConnecting:
		'WalletConnectを開いています。ウォレットアプリでコードをスキャンしてください…',
	walletConnectUnreachable:
		'WalletConnectに接続できませんでした。インターネット接続を確認してもう一度お試しいただくか、上のQRコードでお支払いください。',
	walletConnectClosed:
		'ウォレットが接続される前にWalletConnectの画面が閉じられました。何も送金されていません。',
	errorCsrf: 'このページは古くなっています。再読み込みしてもう一度お試しください。',
	errorHasFunds: 'すでに入金があるため、トークンは変更できません。',
	errorNotOpen: 'このお支払いはすでに受け付けを終了しています。',
	backToCheckout: 'お支払いページに戻る',
	errorGeneric: '問題が発生しました。もう一度お試しください。',
	notFoundTitle: 'お支払いページが見つかりません',
	notFoundBody:
		'この支払いリンクは無効か、すでに存在しません。ショップから受け取ったリンクをご確認ください。'
};
