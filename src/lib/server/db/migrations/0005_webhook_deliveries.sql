-- One delivery per (event, endpoint), created in the event's transaction; the worker claims due rows.
CREATE TABLE webhook_deliveries (
	id text PRIMARY KEY,
	event_id text NOT NULL REFERENCES events (id),
	endpoint_id text NOT NULL REFERENCES webhook_endpoints (id),
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'disabled')),
	attempt_count integer NOT NULL DEFAULT 0,
	next_attempt_at timestamptz(3),
	-- The processing lease: another instance skips the row until it expires.
	locked_by text,
	locked_until timestamptz(3),
	last_attempt_at timestamptz(3),
	last_status_code integer,
	last_error text,
	created_at timestamptz(3) NOT NULL,
	updated_at timestamptz(3) NOT NULL,
	UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id) WHERE status = 'pending';

-- Every attempt, kept for the merchant to read: time, status code, latency and error.
CREATE TABLE webhook_attempts (
	id text PRIMARY KEY,
	delivery_id text NOT NULL REFERENCES webhook_deliveries (id),
	event_id text NOT NULL REFERENCES events (id),
	endpoint_id text NOT NULL REFERENCES webhook_endpoints (id),
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	attempt integer NOT NULL CHECK (attempt > 0),
	succeeded boolean NOT NULL,
	status_code integer,
	latency_ms integer NOT NULL CHECK (latency_ms >= 0),
	error text,
	created_at timestamptz(3) NOT NULL
);
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, created_at);
