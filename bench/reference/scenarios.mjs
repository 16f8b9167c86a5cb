// The requests of bench/reference, as each side spells them: the reference agent (under /forest,
// JSON:API, a `timezone` on every request), ours (under /platform) and the floor (plain paths).
// The floor's statements are ours (floor.cjs); raw `pg` in a loop runs them with no HTTP at all.
import { createRequire } from 'node:module';

const { LIST, GET, COUNT } = createRequire(import.meta.url)('./floor.cjs');

export const LIST_STATUS = 'paid';
export const COUNT_STATUS = 'shipped'; // 200,000 orders
export const GET_ID = 500_000;
export const CSV_MAX_ID = 100_000;

const FIELDS = 'fields[orders]=id,reference,status,amount,created_at,customer&fields[customer]=name';
const filter = (field, operator, value) => `filters=${encodeURIComponent(JSON.stringify({ field, operator, value }))}`;
const LIST_QUERY = `${FIELDS}&${filter('status', 'Equal', LIST_STATUS)}&sort=-created_at&page[number]=1&page[size]=15`;
const CSV_QUERY = `${FIELDS}&${filter('id', 'LessThanOrEqual', CSV_MAX_ID)}`;
const REFERENCE_TIMEZONE = 'timezone=Europe/Paris';

/** Paths of each scenario for each side. */
export const PATHS = {
  list: {
    reference: `/forest/orders?${LIST_QUERY}&${REFERENCE_TIMEZONE}`,
    ours: `/platform/orders?${LIST_QUERY}`,
    floor: `/orders?status=${LIST_STATUS}`,
  },
  get: {
    reference: `/forest/orders/${GET_ID}?${FIELDS}&${REFERENCE_TIMEZONE}`,
    ours: `/platform/orders/${GET_ID}?${FIELDS}`,
    floor: `/orders/${GET_ID}`,
  },
  count: {
    reference: `/forest/orders/count?${filter('status', 'Equal', COUNT_STATUS)}&${REFERENCE_TIMEZONE}`,
    ours: `/platform/orders/count?${filter('status', 'Equal', COUNT_STATUS)}`,
    floor: `/orders/count?status=${COUNT_STATUS}`,
  },
  csv: {
    // The reference agent writes the header line the client sends.
    reference: `/forest/orders.csv?${CSV_QUERY}&header=id,reference,status,amount,created_at,customer&${REFERENCE_TIMEZONE}`,
    ours: `/platform/orders.csv?${CSV_QUERY}`,
    floor: `/orders.csv?max_id=${CSV_MAX_ID}`,
  },
};

/** The statement and values raw `pg` runs in a loop for a scenario. */
export const STATEMENTS = {
  list: [LIST, [LIST_STATUS, 15]],
  get: [GET, [GET_ID, 1]],
  count: [COUNT, [COUNT_STATUS]],
};

/** What each side answered for the list, get one and count: ids, customer names and the count. */
export const summaries = {
  list: {
    reference: (body) => body.data.map((order) => `${order.id}:${customerName(body, order)}`).join(','),
    ours: (body) => body.data.map((order) => `${order.id}:${order.customer?.name}`).join(','),
  },
  get: {
    reference: (body) => `${body.data.id}:${customerName(body, body.data)}`,
    ours: (body) => `${body.data.id}:${body.data.customer?.name}`,
  },
  count: { reference: (body) => String(body.count), ours: (body) => String(body.meta.count) },
};
summaries.list.floor = summaries.list.ours;
summaries.get.floor = summaries.get.ours;
summaries.count.floor = summaries.count.ours;

function customerName(body, order) {
  const customer = order.relationships.customer.data;
  return body.included.find((included) => included.type === customer.type && included.id === customer.id)?.attributes
    .name;
}
