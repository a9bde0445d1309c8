/**
 * The database schema, as an ordered list of migrations. `PRAGMA user_version` holds the number
 * of migrations applied; opening a database applies the missing ones in one transaction. Never
 * edit a released migration: append a new one.
 *
 * Tables are append-only: a row, once written, is never updated (except `meta`, `call_cache` and
 * the one row of `checkpoint`, which holds a method's latest state).
 * `actions` is the source of truth (the core's action log); the other tables are derived from it
 * in the same transaction, for plain-SQL queries and reports.
 */
export const migrations: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE actions (
    seq INTEGER PRIMARY KEY,
    commit_seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    step INTEGER,
    payload TEXT NOT NULL
  );
  CREATE TABLE commits (
    commit_seq INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    step INTEGER NOT NULL,
    evaluations_used INTEGER NOT NULL,
    best_candidate INTEGER NOT NULL,
    best_score REAL
  );
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY,
    commit_seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL
  );
  CREATE TABLE candidates (
    candidate INTEGER PRIMARY KEY,
    parent INTEGER,
    module TEXT,
    step INTEGER,
    validation_score REAL NOT NULL,
    evaluations_at_discovery INTEGER NOT NULL,
    prompts TEXT NOT NULL
  );
  CREATE TABLE validation_scores (
    candidate INTEGER NOT NULL,
    instance_id TEXT NOT NULL,
    score REAL NOT NULL,
    PRIMARY KEY (candidate, instance_id)
  );
  CREATE TABLE steps (
    step INTEGER PRIMARY KEY,
    parent INTEGER NOT NULL,
    module TEXT NOT NULL,
    outcome TEXT NOT NULL,
    no_op_reason TEXT,
    minibatch TEXT NOT NULL,
    parent_scores TEXT NOT NULL,
    proposal_scores TEXT,
    candidate INTEGER,
    evaluations INTEGER NOT NULL,
    improved INTEGER NOT NULL,
    evaluations_used INTEGER NOT NULL
  );
  CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    split TEXT NOT NULL,
    origin TEXT NOT NULL,
    input TEXT NOT NULL,
    gold TEXT NOT NULL,
    metadata TEXT
  );
  CREATE TABLE observations (
    id TEXT PRIMARY KEY,
    step INTEGER NOT NULL,
    parent INTEGER NOT NULL,
    instance_id TEXT NOT NULL,
    score REAL NOT NULL,
    feedback TEXT,
    trace TEXT NOT NULL
  );
  CREATE TABLE assignments (
    seq INTEGER PRIMARY KEY,
    step INTEGER NOT NULL,
    observation_id TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    action TEXT NOT NULL,
    mode_id TEXT,
    mode_name TEXT,
    reason TEXT
  );
  CREATE TABLE failure_modes (
    seq INTEGER PRIMARY KEY,
    mode_id TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    step INTEGER NOT NULL,
    change TEXT NOT NULL,
    observation_id TEXT NOT NULL
  );
  CREATE TABLE synthesis_events (
    event INTEGER PRIMARY KEY,
    step INTEGER NOT NULL,
    epoch INTEGER NOT NULL,
    evaluations_used INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    admitted INTEGER NOT NULL,
    accounting TEXT NOT NULL
  );
  CREATE TABLE synthesis_attempts (
    event INTEGER NOT NULL,
    slot INTEGER NOT NULL,
    mode_id TEXT,
    mode_name TEXT,
    intent TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT NOT NULL,
    instance_id TEXT,
    record TEXT NOT NULL,
    PRIMARY KEY (event, slot)
  );
  CREATE TABLE synthesis_journal (
    event INTEGER NOT NULL,
    slot INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (event, slot)
  );
  CREATE TABLE test_scores (
    candidate INTEGER NOT NULL,
    instance_id TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    score REAL NOT NULL,
    PRIMARY KEY (candidate, instance_id, repeat)
  );
  CREATE TABLE model_calls (
    seq INTEGER PRIMARY KEY,
    started_at TEXT NOT NULL,
    role TEXT,
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    duration_ms REAL NOT NULL,
    cached INTEGER NOT NULL,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cached_input_tokens INTEGER,
    reasoning_tokens INTEGER,
    cost_usd REAL,
    error TEXT,
    request TEXT,
    response TEXT
  );
  CREATE TABLE call_cache (
    key TEXT PRIMARY KEY,
    result TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX actions_by_type ON actions (type);
  CREATE INDEX events_by_type ON events (type);
  CREATE INDEX assignments_by_mode ON assignments (mode_id);
  CREATE INDEX model_calls_by_role ON model_calls (role);
  `,
  // 2: checkpoints of methods other than Forge's own search (GEPA, ACE, MIPROv2, yours): the
  // latest state, replaced on every save, and the records they keep for reports.
  `
  CREATE TABLE checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    header TEXT NOT NULL,
    saves INTEGER NOT NULL,
    state TEXT
  );
  CREATE TABLE checkpoint_records (
    seq INTEGER PRIMARY KEY,
    save INTEGER NOT NULL,
    kind TEXT NOT NULL,
    step INTEGER,
    data TEXT NOT NULL
  );
  CREATE INDEX checkpoint_records_by_kind ON checkpoint_records (kind);
  `,
  // 3: what the report's explorers show. Every reflector answer (with the prompt it proposed,
  // also for rejected proposals), the output, feedback and trace of every validation
  // evaluation, and the assigner's raw answer.
  `
  CREATE TABLE reflections (
    step INTEGER PRIMARY KEY,
    parent INTEGER NOT NULL,
    module TEXT NOT NULL,
    response_text TEXT NOT NULL,
    prompt TEXT
  );
  CREATE TABLE validation_evaluations (
    candidate INTEGER NOT NULL,
    instance_id TEXT NOT NULL,
    output TEXT NOT NULL,
    feedback TEXT,
    module_feedback TEXT,
    trace TEXT NOT NULL,
    PRIMARY KEY (candidate, instance_id)
  );
  ALTER TABLE assignments ADD COLUMN response_text TEXT;
  `,
  // 4: every retried model call attempt (the logical call stays one row of model_calls).
  `
  CREATE TABLE call_retries (
    seq INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    role TEXT,
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    delay_ms REAL NOT NULL,
    from_retry_after INTEGER NOT NULL,
    error_kind TEXT,
    status_code INTEGER,
    error TEXT NOT NULL
  );
  CREATE INDEX call_retries_by_kind ON call_retries (error_kind);
  `,
  // 5: every optimizer answer of every method, used or unusable and why.
  `
  CREATE TABLE optimizer_answers (
    seq INTEGER PRIMARY KEY,
    role TEXT NOT NULL,
    usable INTEGER NOT NULL,
    reason TEXT,
    step INTEGER,
    excerpt TEXT,
    contract TEXT
  );
  `,
];
