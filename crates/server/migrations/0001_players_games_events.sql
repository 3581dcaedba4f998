-- One schema for SQLite and PostgreSQL: booleans are 0/1 integers, ids are given by the
-- server (random 63-bit numbers, so servers sharing one database never collide).
CREATE TABLE players (
    name TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    bot BIGINT NOT NULL,
    created_ms BIGINT NOT NULL
);

CREATE TABLE ratings (
    name TEXT NOT NULL REFERENCES players (name),
    kind TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (name, kind)
);

CREATE TABLE games (
    id BIGINT PRIMARY KEY,
    kind TEXT NOT NULL,
    variant TEXT NOT NULL,
    white TEXT NOT NULL REFERENCES players (name),
    black TEXT NOT NULL REFERENCES players (name),
    rated BIGINT NOT NULL,
    base_s BIGINT,
    increment_s BIGINT,
    state TEXT NOT NULL,
    result TEXT,
    reason TEXT,
    record TEXT,
    created_ms BIGINT NOT NULL,
    ended_ms BIGINT
);

CREATE INDEX games_by_state ON games (state);
CREATE INDEX games_by_end ON games (ended_ms);

-- Every request a game accepted, every mate check answered, every ending, in order: a
-- live game is rebuilt from them after a restart.
CREATE TABLE events (
    game BIGINT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
