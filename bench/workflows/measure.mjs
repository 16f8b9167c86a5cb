// The timed requests of the workflows benchmark and the statistics it prints.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs the webhook; resolves to the run id, when the call started and the time to the 202. */
export async function triggerOnce(webhook, recordId) {
  const started = performance.now();
  const response = await fetch(webhook.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${webhook.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ record_id: recordId }),
  });
  const body = await response.json();
  if (response.status !== 202) throw new Error(`webhook answered ${response.status}: ${JSON.stringify(body)}`);
  return { runId: body.runId, started, ms: performance.now() - started };
}

/** GETs one page of 100 notes; resolves to its latency. */
export async function notesOnce(notesUrl, token) {
  const started = performance.now();
  const response = await fetch(notesUrl, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  if (response.status !== 200 || body.data.length !== 100) throw new Error(`notes listing answered ${response.status}`);
  return performance.now() - started;
}

/**
 * Polls the runs until all have finished (every 2 ms: the poll is part of the end-to-end figure).
 * Resolves to each run's createdAt → finishedAt in ms; throws on a failed run.
 */
export async function waitFinished(db, runIds) {
  for (;;) {
    const { rows } = await db.query(
      `SELECT status, EXTRACT(EPOCH FROM ("finishedAt" - "createdAt")) * 1000 AS ms, error FROM "WorkflowRun" WHERE id = ANY($1::uuid[])`,
      [runIds],
    );
    if (rows.every((row) => row.status === 'Succeeded' || row.status === 'Failed')) {
      const failed = rows.find((row) => row.status === 'Failed');
      if (failed) throw new Error(`a run failed: ${failed.error}`);
      return rows.map((row) => Number(row.ms));
    }
    await sleep(2);
  }
}

/** Waits until no run is queued or running, so that the next part measures its own runs only. */
export async function waitIdle(db) {
  while ((await db.query(`SELECT 1 FROM "WorkflowRun" WHERE status IN ('Queued', 'Running') LIMIT 1`)).rowCount > 0) {
    await sleep(50);
  }
}

/** The workflow's work by hand: GET and PUT of the record on the agent, INSERTs of a note and its message. */
export async function baselineOnce(db, world, agent, id) {
  const started = performance.now();
  const headers = { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' };
  const read = await fetch(`${agent.url}/platform/orders/${id}?fields[orders]=id,status,amount`, { headers });
  await read.json();
  const update = await fetch(`${agent.url}/platform/orders/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ data: { status: 'processed' } }),
  });
  await update.json();
  const note = await db.query(
    `INSERT INTO "Note" ("environmentId", "collectionName", "recordId", title, "userId") VALUES ($1, 'orders', $2, 'bench', $3) RETURNING id`,
    [world.environmentId, String(id), world.member.id],
  );
  await db.query(`INSERT INTO "NoteMessage" ("noteId", "userId", content) VALUES ($1, $2, 'baseline')`, [
    note.rows[0].id,
    world.member.id,
  ]);
  if (read.status !== 200 || update.status !== 200)
    throw new Error(`baseline: agent answered ${read.status}/${update.status}`);
  return performance.now() - started;
}

/**
 * Queues runs on `recordIds` in one statement, rows as the trigger writes them, and wakes the
 * workers: the burst measures the worker alone, without the HTTP calls in front of it.
 */
export async function queueRuns(db, world, steps, recordIds) {
  const { rows } = await db.query(
    `WITH runs AS (
       INSERT INTO "WorkflowRun" (id, "workflowId", "workflowVersion", definition, "recordId", "activeRecordId", "userId")
       SELECT gen_random_uuid(), $1, 1, $2::jsonb, record, record, $3 FROM unnest($4::text[]) AS record
       RETURNING id
     ), steps AS (
       INSERT INTO "WorkflowRunStep" ("runId", position, kind)
       SELECT runs.id, step.position - 1, step.kind FROM runs,
         unnest($5::text[]) WITH ORDINALITY AS step(kind, position)
     )
     SELECT id FROM runs`,
    [world.workflowId, JSON.stringify(steps), world.member.id, recordIds, steps.map((step) => step.kind)],
  );
  await db.query(`SELECT pg_notify('platform_workflow_runs', '')`);
  return rows.map((row) => row.id);
}
