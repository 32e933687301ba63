-- A receivable: edited as a draft, finalized into an open request with a public page, then paid or canceled.
CREATE TABLE payment_requests (
	id text PRIMARY KEY,
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	status text NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'canceled')),
	currency text NOT NULL,
	amount bigint NOT NULL CHECK (amount > 0),
	line_items jsonb NOT NULL,
	supported_tokens jsonb NOT NULL,
	customer_email text,
	customer_name text,
	description text,
	metadata jsonb,
	locale text NOT NULL,
	due_at timestamptz(3),
	-- Set by the due-date job: the reminder was queued, and the due date has passed.
	reminder_queued_at timestamptz(3),
	overdue boolean NOT NULL DEFAULT false,
	replaces text REFERENCES payment_requests (id),
	replaced_by text REFERENCES payment_requests (id),
	-- The account's branding as it was at finalization.
	branding jsonb,
	csrf_token text NOT NULL,
	-- Derived from the allocations: applied and confirmed, applied but still pending.
	amount_paid bigint NOT NULL DEFAULT 0,
	amount_processing bigint NOT NULL DEFAULT 0,
	finalized_at timestamptz(3),
	paid_at timestamptz(3),
	canceled_at timestamptz(3),
	created_at timestamptz(3) NOT NULL,
	updated_at timestamptz(3) NOT NULL
);
CREATE INDEX payment_requests_list ON payment_requests (account_id, mode, created_at DESC, id DESC);
CREATE INDEX payment_requests_due ON payment_requests (due_at) WHERE status = 'open';

ALTER TABLE payment_intents ADD COLUMN payment_request_id text REFERENCES payment_requests (id);
CREATE INDEX payment_intents_request ON payment_intents (payment_request_id) WHERE payment_request_id IS NOT NULL;

-- One row per transfer to an address issued for a request, re-derived whenever its intent moves.
CREATE TABLE payment_allocations (
	id text PRIMARY KEY,
	payment_request_id text NOT NULL REFERENCES payment_requests (id),
	transfer_id text NOT NULL UNIQUE REFERENCES transfers (id),
	payment_intent_id text NOT NULL REFERENCES payment_intents (id),
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	status text NOT NULL CHECK (status IN ('processing', 'applied', 'unapplied', 'reverted')),
	amount_requested bigint NOT NULL,
	amount_received bigint NOT NULL,
	amount_applied bigint NOT NULL,
	amount_unapplied bigint NOT NULL,
	reason text,
	-- When the transfer first reached its confirmations: `payment_request.payment_received` is sent once.
	confirmed_at timestamptz(3),
	created_at timestamptz(3) NOT NULL,
	updated_at timestamptz(3) NOT NULL
);
CREATE INDEX payment_allocations_request ON payment_allocations (payment_request_id, created_at DESC, id DESC);

-- E-mails to the payer; the worker claims due rows (status processing) under a lease.
CREATE TABLE payment_request_deliveries (
	id text PRIMARY KEY,
	payment_request_id text NOT NULL REFERENCES payment_requests (id),
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	kind text NOT NULL CHECK (kind IN ('request', 'reminder', 'receipt')),
	recipient text NOT NULL,
	locale text NOT NULL,
	status text NOT NULL CHECK (status IN ('pending', 'processing', 'sent', 'failed', 'canceled')),
	attempt_count integer NOT NULL DEFAULT 0,
	next_attempt_at timestamptz(3),
	locked_by text,
	locked_until timestamptz(3),
	last_attempt_at timestamptz(3),
	last_error text,
	transport text CHECK (transport IN ('smtp', 'file')),
	message_id text,
	sent_at timestamptz(3),
	created_at timestamptz(3) NOT NULL,
	updated_at timestamptz(3) NOT NULL
);
CREATE INDEX payment_request_deliveries_request ON payment_request_deliveries (payment_request_id, created_at DESC, id DESC);
CREATE INDEX payment_request_deliveries_due ON payment_request_deliveries (next_attempt_at) WHERE status IN ('pending', 'processing');

-- Transitions, allocation events and e-mail attempts in the order they happened; `seq` orders and pages.
CREATE TABLE payment_request_timeline (
	id text PRIMARY KEY,
	seq bigserial UNIQUE,
	payment_request_id text NOT NULL REFERENCES payment_requests (id),
	type text NOT NULL,
	data jsonb NOT NULL,
	created_at timestamptz(3) NOT NULL
);
CREATE INDEX payment_request_timeline_request ON payment_request_timeline (payment_request_id, seq DESC);
