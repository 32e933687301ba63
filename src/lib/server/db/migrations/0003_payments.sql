-- One derivation index per issued address and xpub: allocated atomically, never reused, whichever
-- account or mode shares the xpub (the installation's test wallet serves every account).
CREATE TABLE address_counters (
	xpub text PRIMARY KEY,
	next_index integer NOT NULL
);

CREATE TABLE payment_intents (
	id text PRIMARY KEY,
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	checkout_session_id text REFERENCES checkout_sessions (id),
	status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation', 'requires_additional_payment', 'confirmed', 'succeeded', 'cancelled', 'failed')),
	chain text NOT NULL,
	chain_id integer NOT NULL,
	currency text NOT NULL,
	token_address text NOT NULL,
	decimals integer NOT NULL,
	amount bigint NOT NULL CHECK (amount > 0),
	fiat_currency text NOT NULL,
	fiat_amount bigint NOT NULL,
	exchange_rate text NOT NULL,
	amount_pending bigint NOT NULL DEFAULT 0,
	amount_confirmed bigint NOT NULL DEFAULT 0,
	amount_final bigint NOT NULL DEFAULT 0,
	amount_late bigint NOT NULL DEFAULT 0,
	confirmations integer NOT NULL DEFAULT 0,
	required_confirmations integer NOT NULL,
	address text NOT NULL UNIQUE,
	xpub text NOT NULL,
	derivation_index integer NOT NULL,
	last_tx_hash text,
	expires_at timestamptz(3) NOT NULL,
	chain_time_at timestamptz(3),
	cancel_requested boolean NOT NULL DEFAULT false,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz(3) NOT NULL,
	updated_at timestamptz(3) NOT NULL
);
CREATE INDEX payment_intents_list ON payment_intents (account_id, mode, created_at DESC, id DESC);
CREATE INDEX payment_intents_session ON payment_intents (checkout_session_id);
CREATE INDEX payment_intents_open ON payment_intents (chain_id, status) WHERE status NOT IN ('succeeded', 'cancelled', 'failed');

-- Every address ever issued; `seq` lets watchers load only what is new since their last look.
CREATE TABLE watched_addresses (
	address text PRIMARY KEY,
	seq bigserial UNIQUE,
	account_id text NOT NULL,
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	payment_intent_id text NOT NULL REFERENCES payment_intents (id),
	created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- Every token transfer seen to a watched address, on any chain, in any registry token.
CREATE TABLE transfers (
	id text PRIMARY KEY,
	chain_id integer NOT NULL,
	chain text NOT NULL,
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	tx_hash text NOT NULL,
	log_index integer NOT NULL,
	block_number bigint NOT NULL,
	block_hash text NOT NULL,
	block_time timestamptz(3) NOT NULL,
	token_address text NOT NULL,
	currency text NOT NULL,
	decimals integer NOT NULL,
	from_address text NOT NULL,
	to_address text NOT NULL,
	amount bigint NOT NULL,
	payment_intent_id text NOT NULL REFERENCES payment_intents (id),
	account_id text NOT NULL,
	-- Whether it pays the intent: its chain and token; else it is recorded as a stray.
	applies boolean NOT NULL,
	-- Arrived after the intent reached a final state: recorded, announced, never counted.
	late boolean NOT NULL DEFAULT false,
	state text NOT NULL CHECK (state IN ('pending', 'confirmed', 'final', 'orphaned')),
	created_at timestamptz(3) NOT NULL DEFAULT now(),
	updated_at timestamptz(3) NOT NULL DEFAULT now(),
	UNIQUE (chain_id, tx_hash, log_index)
);
CREATE INDEX transfers_intent ON transfers (payment_intent_id);
CREATE INDEX transfers_unsettled ON transfers (chain_id, block_number) WHERE state IN ('pending', 'confirmed');

CREATE TABLE chain_cursors (
	chain_id integer PRIMARY KEY,
	genesis_hash text,
	block_number bigint NOT NULL,
	block_hash text NOT NULL,
	block_time timestamptz(3) NOT NULL,
	updated_at timestamptz(3) NOT NULL DEFAULT now()
);

-- Recent canonical headers per chain: where a reorganisation forked is found by comparing hashes.
CREATE TABLE chain_blocks (
	chain_id integer NOT NULL,
	block_number bigint NOT NULL,
	block_hash text NOT NULL,
	parent_hash text NOT NULL,
	block_time timestamptz(3) NOT NULL,
	PRIMARY KEY (chain_id, block_number)
);

-- Leases elect one worker per job across instances; an expired lease is taken over.
CREATE TABLE leases (
	name text PRIMARY KEY,
	holder text NOT NULL,
	expires_at timestamptz(3) NOT NULL
);
