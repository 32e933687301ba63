CREATE TABLE accounts (
	id text PRIMARY KEY,
	name text NOT NULL,
	display_name text,
	logo_url text,
	accent_color text,
	support_email text,
	xpub_test text,
	xpub_live text,
	underpayment_tolerance_ppm integer NOT NULL DEFAULT 0 CHECK (underpayment_tolerance_ppm BETWEEN 0 AND 1000000),
	created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
	id text PRIMARY KEY,
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	key_hash text NOT NULL UNIQUE,
	key_hint text NOT NULL,
	created_at timestamptz(3) NOT NULL DEFAULT now(),
	revoked_at timestamptz(3)
);
CREATE INDEX api_keys_account ON api_keys (account_id);

CREATE TABLE idempotency_keys (
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	key text NOT NULL,
	request_hash text NOT NULL,
	state text NOT NULL CHECK (state IN ('in_flight', 'done')),
	response_status integer,
	response_body text,
	created_at timestamptz(3) NOT NULL DEFAULT now(),
	locked_at timestamptz(3) NOT NULL DEFAULT now(),
	PRIMARY KEY (account_id, mode, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

CREATE TABLE checkout_sessions (
	id text PRIMARY KEY,
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	status text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
	currency text NOT NULL,
	amount_subtotal bigint NOT NULL CHECK (amount_subtotal >= 0),
	amount_total bigint NOT NULL CHECK (amount_total >= 0),
	line_items jsonb NOT NULL,
	discounts jsonb NOT NULL,
	supported_tokens jsonb NOT NULL,
	success_url text NOT NULL,
	cancel_url text NOT NULL,
	return_url text,
	customer_id text,
	customer_email text,
	client_reference_id text,
	description text,
	metadata jsonb,
	csrf_token text NOT NULL,
	payment_intent_id text,
	chain text,
	selected_token jsonb,
	exchange_rate text,
	expires_at timestamptz(3) NOT NULL,
	used_at timestamptz(3),
	accessed_at timestamptz(3),
	created_at timestamptz(3) NOT NULL,
	updated_at timestamptz(3) NOT NULL
);
CREATE INDEX checkout_sessions_list ON checkout_sessions (account_id, mode, created_at DESC, id DESC);
CREATE INDEX checkout_sessions_open_expiry ON checkout_sessions (expires_at) WHERE status = 'open';

CREATE TABLE webhook_endpoints (
	id text PRIMARY KEY,
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	url text NOT NULL,
	description text,
	enabled_events jsonb NOT NULL,
	metadata jsonb NOT NULL,
	status text NOT NULL CHECK (status IN ('enabled', 'disabled')),
	secret_ciphertext text NOT NULL,
	created_at timestamptz(3) NOT NULL,
	updated_at timestamptz(3) NOT NULL,
	deleted_at timestamptz(3)
);
CREATE INDEX webhook_endpoints_list ON webhook_endpoints (account_id, mode, created_at DESC, id DESC);
