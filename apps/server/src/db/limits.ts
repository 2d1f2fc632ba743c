/** The largest value of PostgreSQL's `integer` (int4) columns: a larger one makes the query fail. */
export const integerMax = 2_147_483_647;
