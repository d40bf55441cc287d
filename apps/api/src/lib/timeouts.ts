/**
 * How long the server waits for a client and for the database (issue 12, item 4). config.ts reads the values from
 * the environment with these defaults; buildApp (HTTP) and openDatabase (database) apply them.
 */

export interface HttpTimeouts {
  /**
   * The whole request, headers and body, must arrive within this (Node's requestTimeout; 408 and the connection is
   * closed). Cuts clients that send a body a byte at a time. 30 s: the largest body the store takes, a 5 MB image,
   * needs 1.4 Mbit/s; a JSON body (1 MiB at most, a few KB in practice) arrives in well under a second.
   */
  requestMs: number;
  /**
   * The request's headers must arrive within this (Node's headersTimeout); also closes a connection that sends
   * nothing at all. 10 s: headers are one packet (a few hundred bytes) even on a poor mobile link.
   */
  headersMs: number;
  /**
   * An idle connection between two requests is kept this long (keepAliveTimeout). 5 s, Node's own default: enough
   * for a page's next requests, short enough that idle connections do not pile up. Behind a load balancer that keeps
   * connections to the store open, this must be longer than the balancer's idle timeout (README).
   */
  keepAliveMs: number;
  /**
   * A connection on which nothing moves, either way, for this long is closed (Fastify's connectionTimeout): a
   * client that stopped reading its answer. 60 s: longer than the slowest answer the store computes (a request's
   * database work is bounded by the database timeouts below).
   */
  connectionMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 5_000,
  connectionMs: 60_000,
};

/**
 * How often Node checks the request and headers timeouts (connectionsCheckingInterval). Node's default, 30 s, lets
 * a slow client live up to 30 s past its timeout; each check walks the list of connections still sending a request.
 */
export const HTTP_TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export interface DatabaseTimeouts {
  /**
   * PostgreSQL: opening a connection, and waiting for a free one from the pool (node-postgres
   * connectionTimeoutMillis). A reachable server connects in milliseconds; past 5 s it is down or swamped.
   */
  connectMs: number;
  /**
   * One statement (PostgreSQL statement_timeout, lock waits included). The slowest read of the store takes about
   * 1.3 s at 50 connections (bench/results/api-latest.md); 10 s is well past that. The client stops waiting
   * QUERY_TIMEOUT_MARGIN_MS later (a server that does not answer at all). Embedded database: a statement that has
   * not answered within this, its wait for the database included, fails (PGlite cannot stop a statement: see
   * pglite-thread.ts). 0: no limit.
   */
  statementMs: number;
  /**
   * A transaction that runs no statement for this long is ended (PostgreSQL idle_in_transaction_session_timeout,
   * rolled back; on the embedded database, rolled back). The store's transactions never wait for anything outside
   * the database (the payment gateway is called outside them), so an idle one is a stuck process holding locks
   * every buyer of the same product waits for. 0: no limit.
   */
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 10_000,
  idleInTransactionMs: 10_000,
};

/**
 * node-postgres gives up on a query this long after statement_timeout (query_timeout): when the server answers
 * nothing at all (frozen, or the network between is cut), its own statement_timeout never fires.
 */
export const QUERY_TIMEOUT_MARGIN_MS = 2_000;
