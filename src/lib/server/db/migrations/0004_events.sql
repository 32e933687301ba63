-- The outbox: every event is written in the transaction of the change it reports.
CREATE TABLE events (
	id text PRIMARY KEY,
	account_id text NOT NULL REFERENCES accounts (id),
	mode text NOT NULL CHECK (mode IN ('test', 'live')),
	type text NOT NULL,
	object_id text NOT NULL,
	data jsonb NOT NULL,
	created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX events_list ON events (account_id, mode, created_at DESC, id DESC);
CREATE INDEX events_object ON events (object_id);
